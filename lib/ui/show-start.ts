/**
 * A long title shows its start, not its end: a value set while the field has focus leaves
 * the caret, and the view, at the end. Put both back at the beginning.
 */
export function showStart(input: HTMLInputElement | null): void {
  if (!input) return;
  input.setSelectionRange(0, 0);
  input.scrollLeft = 0;
}
