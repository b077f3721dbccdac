/**
 * The highlighter's palette, in plain DOM inside a closed shadow root (it runs in web pages:
 * no framework, page CSS cannot reach it, page scripts cannot read it; text goes in with
 * `textContent`). A labelled non-modal dialog: the colours as a radio group (one tab stop,
 * arrow keys move and choose), the note, Remove, Previous and Next highlight (the page's
 * highlights reached from the keyboard, the one open named with its place and quote), Close, a
 * status line (polite live region), and the highlights that could not be placed on the page
 * (orphans), listed with their quote and a Remove button each. Escape closes it, and focus
 * goes back to where it was before the palette took it.
 */
import { HIGHLIGHT_COLORS, type HighlightColor } from '../lib/clip-markdown/highlight-colors';
import { HIGHLIGHT_BACKGROUNDS } from '../lib/highlighter/paint';
import type { HighlighterLabels } from '../lib/messaging/highlighter';

export interface PaletteActions {
  onColor(color: HighlightColor): void;
  onNote(note: string): void;
  onRemove(): void;
  onClose(): void;
  onStep(delta: 1 | -1): void;
  onRemoveOrphan(id: string): void;
}

export interface PaletteView {
  labels: HighlighterLabels;
  color: HighlightColor;
  /** The highlight being edited; null: none chosen (the colour is the one new highlights get). */
  active: { note: string; quote: string; position: string } | null;
  /** How many highlights are placed on the page (Previous and Next step through them). */
  placed: number;
  orphans: readonly { id: string; quote: string }[];
  status: { tone: 'progress' | 'done' | 'problem'; text: string } | null;
  /** Where to show it, in viewport pixels; null: the top right corner. */
  at: { x: number; y: number } | null;
}

export interface PaletteHandle {
  update(view: PaletteView): void;
  focus(): void;
  remove(): void;
  readonly host: HTMLElement;
}

const CSS = `
:host { all: initial; }
.palette { box-sizing: border-box; width: 264px; padding: 10px; border-radius: 10px;
  background: #ffffff; color: #111827; display: grid; gap: 8px;
  box-shadow: 0 6px 20px rgba(0,0,0,.2), 0 0 0 1px rgba(0,0,0,.08);
  font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.row { display: flex; align-items: center; gap: 6px; }
.title { font-weight: 600; flex: 1; margin: 0; font-size: 13px; }
.swatch { width: 24px; height: 24px; border-radius: 50%; border: 2px solid transparent;
  padding: 0; cursor: pointer; box-shadow: inset 0 0 0 1px rgba(0,0,0,.25); }
.swatch[aria-checked="true"] { border-color: #111827; }
button:focus-visible, textarea:focus-visible { outline: 2px solid #2563eb; outline-offset: 2px; }
textarea { box-sizing: border-box; width: 100%; min-height: 52px; resize: vertical;
  font: inherit; border: 1px solid #9ca3af; border-radius: 6px; padding: 4px 6px;
  background: inherit; color: inherit; }
.action { font: inherit; cursor: pointer; border-radius: 6px; padding: 3px 10px;
  border: 1px solid #9ca3af; background: #f3f4f6; color: inherit; }
.action[disabled], textarea[disabled] { opacity: .55; cursor: default; }
.remove { color: #b91c1c; }
.close { border: none; background: transparent; font-size: 18px; line-height: 1; padding: 0 4px;
  cursor: pointer; color: inherit; }
.status { margin: 0; min-height: 1em; color: #4b5563; }
.status[data-tone="problem"] { color: #b91c1c; }
.orphans { margin: 0; padding: 0 0 0 16px; max-height: 120px; overflow: auto; }
.orphans li { overflow-wrap: anywhere; display: flex; gap: 6px; align-items: baseline; }
.orphans li span { flex: 1; }
.current { margin: 0; color: #4b5563; overflow-wrap: anywhere; }
.hint { margin: 0; color: #4b5563; }
[hidden] { display: none !important; }
@media (prefers-color-scheme: dark) {
  .palette { background: #1f2937; color: #f9fafb; }
  .action { background: #374151; border-color: #6b7280; }
  .swatch[aria-checked="true"] { border-color: #f9fafb; }
  .status, .hint, .current { color: #d1d5db; }
}`;

const HOST_STYLE: Record<string, string> = {
  all: 'initial',
  position: 'fixed',
  top: '16px',
  right: '16px',
  'z-index': '2147483647',
  display: 'block',
};

export function mountPalette(doc: Document, actions: PaletteActions): PaletteHandle {
  const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className = '') => {
    const node = doc.createElement(tag);
    if (className) node.className = className;
    return node;
  };
  const host = doc.createElement('pageclip-highlighter');
  for (const [name, value] of Object.entries(HOST_STYLE))
    host.style.setProperty(name, value, 'important');
  const root = host.attachShadow({ mode: 'closed' });
  const style = el('style');
  style.textContent = CSS;
  const dialog = el('section', 'palette');
  dialog.setAttribute('role', 'dialog');
  const titleId = 'pageclip-palette-title';
  const header = el('div', 'row');
  const title = el('h2', 'title');
  title.id = titleId;
  dialog.setAttribute('aria-labelledby', titleId);
  const close = el('button', 'close');
  close.type = 'button';
  close.textContent = '×';
  header.append(title, close);

  const swatches = el('div', 'row');
  swatches.setAttribute('role', 'radiogroup');
  const swatchOf = new Map<HighlightColor, HTMLButtonElement>();
  for (const color of HIGHLIGHT_COLORS) {
    const b = el('button', 'swatch');
    b.type = 'button';
    b.setAttribute('role', 'radio');
    b.style.background = HIGHLIGHT_BACKGROUNDS[color];
    b.addEventListener('click', () => actions.onColor(color));
    swatchOf.set(color, b);
    swatches.append(b);
  }
  swatches.addEventListener('keydown', (e) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (!step) return;
    e.preventDefault();
    const i = HIGHLIGHT_COLORS.indexOf(current);
    const next = HIGHLIGHT_COLORS[(i + step + HIGHLIGHT_COLORS.length) % HIGHLIGHT_COLORS.length]!;
    actions.onColor(next);
    swatchOf.get(next)?.focus();
  });

  const note = el('textarea');
  const noteRow = el('div', 'row');
  const save = el('button', 'action');
  save.type = 'button';
  const removeButton = el('button', 'action remove');
  removeButton.type = 'button';
  noteRow.append(save, removeButton);
  const stepRow = el('div', 'row');
  const previous = el('button', 'action');
  previous.type = 'button';
  const next = el('button', 'action');
  next.type = 'button';
  stepRow.append(previous, next);
  previous.addEventListener('click', () => actions.onStep(-1));
  next.addEventListener('click', () => actions.onStep(1));
  const currentText = el('p', 'current');
  const status = el('p', 'status');
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  const orphanTitle = el('h3', 'title');
  const orphanHint = el('p', 'hint');
  const orphanList = el('ul', 'orphans');
  dialog.append(
    header,
    currentText,
    swatches,
    note,
    noteRow,
    stepRow,
    status,
    orphanTitle,
    orphanHint,
    orphanList,
  );
  root.append(style, dialog);
  doc.documentElement.append(host);

  let current: HighlightColor = 'yellow';
  // Where focus was before the palette took it, given back when it closes.
  let returnFocus: HTMLElement | null = null;
  // The orphan whose Remove was pressed: focus moves to the one after it (or the colours).
  let removedOrphanAt: number | null = null;
  save.addEventListener('click', () => actions.onNote(note.value));
  removeButton.addEventListener('click', () => actions.onRemove());
  close.addEventListener('click', () => actions.onClose());
  dialog.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      actions.onClose();
    }
  });
  // Clicks and keys inside the palette are not the page's business (nor a new selection).
  for (const type of ['mouseup', 'mousedown', 'click', 'keyup'])
    host.addEventListener(type, (e) => e.stopPropagation());

  return {
    host,
    update(view) {
      const { labels } = view;
      current = view.color;
      title.textContent = labels.palette;
      close.setAttribute('aria-label', labels.close);
      swatches.setAttribute('aria-label', labels.palette);
      for (const [color, b] of swatchOf) {
        const on = color === view.color;
        b.setAttribute('aria-label', labels.colors[color]);
        b.title = labels.colors[color];
        b.setAttribute('aria-checked', String(on));
        b.tabIndex = on ? 0 : -1;
      }
      note.setAttribute('aria-label', labels.note);
      note.placeholder = labels.note;
      if (doc.activeElement !== host || !root.activeElement?.isSameNode(note))
        note.value = view.active?.note ?? '';
      note.disabled = view.active === null;
      save.textContent = labels.saveNote;
      save.disabled = view.active === null;
      removeButton.textContent = labels.remove;
      removeButton.disabled = view.active === null;
      status.textContent = view.status?.text ?? '';
      status.dataset.tone = view.status?.tone ?? 'progress';
      orphanTitle.textContent = labels.orphans;
      orphanHint.textContent = labels.orphansHint;
      const short = (q: string) => (q.length > 140 ? `${q.slice(0, 140)}…` : q);
      currentText.textContent = view.active
        ? [view.active.position, `“${short(view.active.quote)}”`].filter(Boolean).join(': ')
        : '';
      currentText.hidden = !view.active;
      previous.textContent = labels.previous;
      next.textContent = labels.next;
      previous.disabled = next.disabled = view.placed === 0;
      const orphanButtons = view.orphans.map(({ id, quote }, i) => {
        const b = el('button', 'action remove');
        b.type = 'button';
        b.textContent = labels.remove;
        b.setAttribute('aria-label', `${labels.remove}: “${short(quote)}”`);
        b.addEventListener('click', () => {
          removedOrphanAt = i;
          actions.onRemoveOrphan(id);
        });
        return b;
      });
      orphanList.replaceChildren(
        ...view.orphans.map(({ quote }, i) => {
          const li = el('li');
          const text = el('span');
          text.textContent = short(quote);
          li.append(text, orphanButtons[i]!);
          return li;
        }),
      );
      if (removedOrphanAt !== null) {
        const target = orphanButtons[Math.min(removedOrphanAt, orphanButtons.length - 1)];
        removedOrphanAt = null;
        if (target) target.focus();
        else swatchOf.get(current)?.focus();
      }
      for (const node of [orphanTitle, orphanHint, orphanList]) node.hidden = !view.orphans.length;
      if (view.at) {
        const left = Math.max(8, Math.min(view.at.x, doc.documentElement.clientWidth - 280));
        const top = Math.max(8, Math.min(view.at.y, doc.documentElement.clientHeight - 220));
        host.style.setProperty('left', `${left}px`, 'important');
        host.style.setProperty('top', `${top}px`, 'important');
        host.style.setProperty('right', 'auto', 'important');
      } else {
        host.style.setProperty('left', 'auto', 'important');
        host.style.setProperty('top', '16px', 'important');
        host.style.setProperty('right', '16px', 'important');
      }
    },
    focus() {
      const before = doc.activeElement;
      if (before !== host && before instanceof HTMLElement) returnFocus = before;
      swatchOf.get(current)?.focus();
    },
    remove() {
      const inside = doc.activeElement === host;
      host.remove();
      if (inside && returnFocus?.isConnected) returnFocus.focus();
    },
  };
}
