/**
 * Task-list checkboxes become text markers before Readability and the boilerplate pass
 * (both drop `<input>`); the markdown module writes them as `[x]` / `[ ]`.
 */
export const TASK_ATTR = 'data-pageclip-task';

export function markTaskItems(root: Element): void {
  for (const input of Array.from(root.getElementsByTagName('input'))) {
    if ((input.getAttribute('type') ?? '').toLowerCase() !== 'checkbox') continue;
    const li = input.closest('li');
    if (!li || li.querySelector(`[${TASK_ATTR}]`)) continue;
    const marker = root.ownerDocument.createElement('span');
    const checked = input.hasAttribute('checked');
    marker.setAttribute(TASK_ATTR, checked ? 'x' : ' ');
    // The trailing space lets whitespace collapsing eat the label's leading space.
    marker.textContent = checked ? '[x] ' : '[ ] ';
    input.replaceWith(marker);
  }
}
