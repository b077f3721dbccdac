/**
 * The popup's global keys: Enter saves from a one-line field, Ctrl/Cmd+Enter saves
 * from anywhere (text areas need the modifier, plain Enter is a new line there), Escape
 * closes. A control that handled the key itself (a tree, a search list) calls
 * `preventDefault()`, and this then stays out of its way.
 */
export type GlobalKeyAction = 'save' | 'close' | null;

interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  isComposing?: boolean;
  defaultPrevented: boolean;
  target: EventTarget | null;
}

export function globalKeyAction(event: KeyLike): GlobalKeyAction {
  if (event.defaultPrevented || event.isComposing) return null;
  if (event.key === 'Escape') return 'close';
  if (event.key !== 'Enter' || event.altKey || event.shiftKey) return null;
  if (event.ctrlKey || event.metaKey) return 'save';
  const target = event.target as { tagName?: string; type?: string } | null;
  const tag = target?.tagName?.toLowerCase();
  if (tag === 'input') {
    const type = (target?.type ?? 'text').toLowerCase();
    return ['text', 'search', 'url', 'email'].includes(type) ? 'save' : null;
  }
  return null;
}

/** Moves within a list of rows for ArrowUp/Down/Home/End; null for other keys. */
export function listMove(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return Math.min(index + 1, count - 1);
    case 'ArrowUp':
      return Math.max(index - 1, 0);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
