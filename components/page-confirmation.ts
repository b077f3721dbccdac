/**
 * The on-page confirmation's look and behaviour, in plain DOM (it runs inside web pages, so
 * no framework and nothing from the page): a small card in a closed shadow root, so page CSS
 * cannot reach it and page scripts cannot read it. Every text goes in with `textContent`. It
 * dismisses itself a few seconds after its last change, but never while hovered or focused or
 * while an Undo is running; Escape closes it; its message is a polite live region.
 */
import type { ConfirmationView } from '../lib/messaging/confirmation';

export interface ConfirmationActions {
  onUndo(): void;
  /** Closed by the user, by Escape or by the timer. */
  onClose(): void;
}

export interface ConfirmationHandle {
  update(view: ConfirmationView): void;
  remove(): void;
  /** The shadow root: for this script's own use; the page cannot reach it (closed). */
  readonly root: ShadowRoot;
  readonly host: HTMLElement;
}

const CSS = `
:host { all: initial; }
.card { box-sizing: border-box; max-width: min(380px, calc(100vw - 32px)); display: flex;
  align-items: center; gap: 10px; padding: 10px 12px; border-radius: 8px;
  border-left: 4px solid #2563eb; background: #ffffff; color: #111827;
  box-shadow: 0 4px 16px rgba(0,0,0,.18), 0 0 0 1px rgba(0,0,0,.08);
  font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.card[data-tone="done"] { border-left-color: #16a34a; }
.card[data-tone="problem"] { border-left-color: #dc2626; }
.message { margin: 0; flex: 1; overflow-wrap: anywhere; }
button { font: inherit; cursor: pointer; border-radius: 6px; padding: 4px 10px;
  border: 1px solid #9ca3af; background: #f3f4f6; color: inherit; }
button:focus-visible { outline: 2px solid #2563eb; outline-offset: 2px; }
button[disabled] { cursor: default; opacity: .6; }
.close { border: none; background: transparent; padding: 2px 6px; font-size: 18px; line-height: 1; }
@media (prefers-color-scheme: dark) {
  .card { background: #1f2937; color: #f9fafb; }
  button { background: #374151; border-color: #6b7280; }
}`;

/** Keeps the host itself out of the page's layout and styling (inline `!important` wins). */
const HOST_STYLE: Record<string, string> = {
  all: 'initial',
  position: 'fixed',
  right: '16px',
  bottom: '16px',
  'z-index': '2147483647',
  display: 'block',
};

export function mountConfirmation(
  doc: Document,
  init: { view: ConfirmationView; dismissAfterMs: number },
  actions: ConfirmationActions,
): ConfirmationHandle {
  const host = doc.createElement('pageclip-confirmation');
  for (const [name, value] of Object.entries(HOST_STYLE))
    host.style.setProperty(name, value, 'important');
  const root = host.attachShadow({ mode: 'closed' });
  const style = doc.createElement('style');
  style.textContent = CSS;
  const card = doc.createElement('section');
  card.className = 'card';
  const message = doc.createElement('p');
  message.className = 'message';
  message.setAttribute('role', 'status');
  message.setAttribute('aria-live', 'polite');
  const undo = doc.createElement('button');
  undo.type = 'button';
  undo.className = 'undo';
  const close = doc.createElement('button');
  close.type = 'button';
  close.className = 'close';
  close.textContent = '×';
  card.append(message, undo, close);
  root.append(style, card);

  let view = init.view;
  let hovered = false;
  let focused = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let removed = false;

  const remove = (): void => {
    if (removed) return;
    removed = true;
    if (timer !== null) clearTimeout(timer);
    host.remove();
  };
  const dismiss = (): void => {
    if (removed) return;
    remove();
    actions.onClose();
  };
  const schedule = (): void => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (hovered || focused || view.undo === 'busy' || removed) return;
    timer = setTimeout(dismiss, init.dismissAfterMs);
  };
  const render = (): void => {
    card.dataset.tone = view.tone;
    card.setAttribute('aria-label', view.label);
    message.textContent = view.message;
    undo.textContent = view.undoLabel;
    undo.hidden = view.undo === 'hidden';
    undo.disabled = view.undo === 'busy';
    close.setAttribute('aria-label', view.closeLabel);
    close.title = view.closeLabel;
  };

  undo.addEventListener('click', () => {
    if (view.undo === 'available') actions.onUndo();
  });
  close.addEventListener('click', dismiss);
  card.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    dismiss();
  });
  card.addEventListener('pointerenter', () => {
    hovered = true;
    schedule();
  });
  card.addEventListener('pointerleave', () => {
    hovered = false;
    schedule();
  });
  card.addEventListener('focusin', () => {
    focused = true;
    schedule();
  });
  card.addEventListener('focusout', (event) => {
    focused = card.contains(event.relatedTarget as Node | null);
    schedule();
  });

  render();
  (doc.body ?? doc.documentElement).append(host);
  schedule();

  return {
    root,
    host,
    remove,
    update(next) {
      view = next;
      render();
      schedule();
    },
  };
}
