/**
 * What the page script does, apart from its wiring: highlighter mode (a selection made with
 * the mouse, or the shortcut pressed over a selection, becomes a highlight in the chosen
 * colour), a click on a highlight opens the palette for it, and every change is drawn at once
 * and sent to the background, which saves it in the page (docs/architecture.md, "The
 * highlighter"). From the keyboard, the palette steps from one highlight to the next (in the
 * page's order, each scrolled into view) and removes orphans. The palette is passed in, so
 * this file knows no DOM of its own.
 */
import type { HighlightColor, StoredHighlight } from '../clip-markdown/highlight-record';
import type {
  HighlighterLabels,
  HighlighterMessage,
  HighlighterMode,
  HighlighterUpdate,
} from '../messaging/highlighter';
import type { HighlightSession, PlacedHighlight } from './session';

type Status = { tone: 'progress' | 'done' | 'problem'; text: string };

export interface PaletteLike {
  update(view: {
    labels: HighlighterLabels;
    color: HighlightColor;
    active: { note: string; quote: string; position: string } | null;
    /** Placed highlights there are to step to. */
    placed: number;
    orphans: readonly { id: string; quote: string }[];
    status: Status | null;
    at: { x: number; y: number } | null;
  }): void;
  focus(): void;
  remove(): void;
}

/** Used until the background sent its labels (it may be unreachable from the start). */
const UNREACHABLE = 'Pageclip cannot be reached: reload the page to highlight again.';

export interface ControllerDeps {
  session: HighlightSession;
  send(message: HighlighterMessage): void;
  /** Mounts the palette on first use (it is not in the page until needed). */
  mountPalette(actions: {
    onColor(c: HighlightColor): void;
    onNote(n: string): void;
    onRemove(): void;
    onClose(): void;
    onStep(delta: 1 | -1): void;
    onRemoveOrphan(id: string): void;
  }): PaletteLike;
  selection(): Selection | null;
  /** Scrolls a highlight into view. */
  reveal(range: Range): void;
}

export class HighlighterController {
  private mode: HighlighterMode = 'draw';
  private labels: HighlighterLabels | null = null;
  private color: HighlightColor = 'yellow';
  private active: PlacedHighlight | null = null;
  private status: Status | null = null;
  private loaded = false;
  private palette: PaletteLike | null = null;
  private at: { x: number; y: number } | null = null;

  constructor(private readonly deps: ControllerDeps) {}

  receive(update: HighlighterUpdate): void {
    if (update.type === 'state') {
      this.labels = update.labels;
      // A state after the first answers a new port (the worker had stopped): what the page
      // shows, and unsaved changes among it, stay as they are.
      if (this.loaded) return this.render();
      this.loaded = true;
      this.deps.session.load(update.highlights);
      this.setMode(update.mode);
    } else if (update.type === 'mode') {
      this.setMode(update.mode);
    } else if (update.type === 'highlights') {
      this.deps.session.load(update.highlights);
      const active = this.active;
      if (active && !update.highlights.some((h) => h.id === active.id)) this.active = null;
      this.render();
    } else {
      this.status = { tone: update.tone, text: update.text };
      this.render();
    }
  }

  /** The background cannot be reached: the palette says so (and opens to say it). */
  unreachable(): void {
    this.status = { tone: 'problem', text: this.labels?.unreachable ?? UNREACHABLE };
    if (!this.labels) return;
    if (this.palette) this.render();
    else this.open(this.active, false);
  }

  private setMode(mode: HighlighterMode): void {
    this.mode = mode;
    if (mode === 'on' && !this.highlightSelection()) this.open(null, true);
    else this.render();
  }

  /** A selection finished (mouse up): in highlighter mode it becomes a highlight. */
  selectionDone(): void {
    if (this.mode === 'on') this.highlightSelection();
  }

  private highlightSelection(): boolean {
    const selection = this.deps.selection();
    if (!selection || selection.isCollapsed || selection.rangeCount === 0) return false;
    const range = selection.getRangeAt(0);
    const h = this.deps.session.add(range, this.color);
    if (!h) return false;
    selection.removeAllRanges();
    const { id, color, selectors, note } = h;
    this.deps.send({ type: 'add', highlight: { id, color, selectors, note } });
    const rect = range.getBoundingClientRect();
    this.at = { x: rect.left, y: rect.bottom + 8 };
    this.open(h, true);
    return true;
  }

  /** A click on the page: on a highlight, the palette opens for it. */
  clicked(node: Node, offset: number, point: { x: number; y: number }): boolean {
    const h = this.deps.session.at(node, offset);
    if (!h) return false;
    this.at = { x: point.x, y: point.y + 12 };
    this.open(h, true);
    return true;
  }

  private open(h: PlacedHighlight | null, focus: boolean): void {
    this.active = h;
    if (h) this.color = h.color;
    if (!this.palette) {
      this.palette = this.deps.mountPalette({
        onColor: (c) => this.chooseColor(c),
        onNote: (n) => this.saveNote(n),
        onRemove: () => this.removeActive(),
        onClose: () => this.close(),
        onStep: (delta) => this.step(delta),
        onRemoveOrphan: (id) => this.removeOrphan(id),
      });
    }
    this.render();
    if (focus) this.palette.focus();
  }

  private chooseColor(color: HighlightColor): void {
    this.color = color;
    const h = this.active;
    if (h && h.color !== color) {
      this.deps.session.update(h.id, { color });
      this.deps.send({ type: 'update', id: h.id, color });
    }
    this.render();
  }

  private saveNote(note: string): void {
    const h = this.active;
    if (!h || h.note === note) return;
    this.deps.session.update(h.id, { note });
    this.deps.send({ type: 'update', id: h.id, note });
    this.render();
  }

  private removeActive(): void {
    const h = this.active;
    if (!h) return;
    this.deps.session.remove(h.id);
    this.deps.send({ type: 'remove', id: h.id });
    this.active = null;
    if (this.mode === 'on') {
      this.render();
      // The focused Remove button is disabled now: focus stays in the palette.
      this.palette?.focus();
    } else this.close();
  }

  /** The placed highlights in the page's order. */
  private placed(): PlacedHighlight[] {
    const list = this.deps.session.highlights.filter((h) => h.range !== null);
    return list.sort((a, b) => {
      try {
        return a.range!.compareBoundaryPoints(Range.START_TO_START, b.range!);
      } catch {
        return 0;
      }
    });
  }

  /** Next or previous highlight from the one open (from the start or the end when none is). */
  step(delta: 1 | -1): void {
    const list = this.placed();
    if (!list.length) return;
    const i = this.active ? list.findIndex((h) => h.id === this.active!.id) : -1;
    const next =
      i < 0
        ? list[delta === 1 ? 0 : list.length - 1]!
        : list[(i + delta + list.length) % list.length]!;
    this.active = next;
    this.color = next.color;
    this.deps.reveal(next.range!);
    if (!this.palette) this.open(next, true);
    else this.render();
  }

  removeOrphan(id: string): void {
    if (!this.deps.session.orphans.some((h) => h.id === id)) return;
    this.deps.session.remove(id);
    this.deps.send({ type: 'remove', id });
    this.render();
  }

  /** Escape or Close: the palette goes; in highlighter mode the mode ends too. */
  close(): void {
    this.palette?.remove();
    this.palette = null;
    this.active = null;
    this.at = null;
    if (this.mode === 'on') {
      this.mode = 'draw';
      this.deps.send({ type: 'close' });
    }
  }

  get highlights(): readonly StoredHighlight[] {
    return this.deps.session.highlights;
  }

  private render(): void {
    if (!this.palette || !this.labels) return;
    const placed = this.placed();
    const active = this.active;
    const n = active ? placed.findIndex((h) => h.id === active.id) + 1 : 0;
    this.palette.update({
      labels: this.labels,
      color: this.color,
      active: active
        ? {
            note: active.note,
            quote: active.selectors.quote.exact,
            position: n
              ? this.labels.position
                  .replace('{n}', String(n))
                  .replace('{total}', String(placed.length))
              : '',
          }
        : null,
      placed: placed.length,
      orphans: this.deps.session.orphans.map((h) => ({ id: h.id, quote: h.selectors.quote.exact })),
      status: this.status,
      at: this.at,
    });
  }
}
