import { normalizedText, tagName } from './dom';

/**
 * Error messages a misconfigured PHP site prints into its pages, in PHP's own HTML form
 * (`html_errors`, the default): `<br /><b>Warning</b>:  message in <b>/path/file.php</b> on
 * line <b>12</b><br />`. They sit among the article's text as bare siblings, not in an
 * element of their own, so the one-line rules (boilerplate-lines.ts), which look at whole
 * elements, never see them; a broken WordPress site prints dozens.
 */

const LEVEL =
  /^(?:warning|notice|deprecated|strict standards|fatal error|parse error|(?:catchable|recoverable) fatal error)$/i;
const MESSAGE = /^[^:]{1,40}:\s.{1,600}\sin\s\S+\son\sline\s\d+$/i;
// A message is short; a run this long is no message of PHP's.
const MAX_NODES = 12;

const INLINE = new Set(['b', 'strong', 'i', 'em', 'code', 'span', 'a']);

/** The nodes from `b` to the end of its line (a `<br>` or a block), or null. */
function lineFrom(b: Element): Node[] | null {
  const run: Node[] = [];
  for (let n: Node | null = b; n; n = n.nextSibling) {
    if (n.nodeType === 1 && !INLINE.has(tagName(n as Element))) break;
    run.push(n);
    if (run.length > MAX_NODES) return null;
  }
  return run;
}

/** `bolds`: the article's `<b>` elements, in document order. */
export function removePhpErrors(bolds: Element[]): void {
  for (const b of bolds) {
    if (!b.isConnected || !LEVEL.test(normalizedText(b))) continue;
    const run = lineFrom(b);
    if (!run) continue;
    const text = run
      .map((n) => n.textContent ?? '')
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    if (!MESSAGE.test(text)) continue;
    const before = brBeside(run[0]!, 'previousSibling');
    const after = brBeside(run[run.length - 1]!, 'nextSibling');
    for (const n of run) n.parentNode?.removeChild(n);
    // PHP writes a line break on each side of the message. Between two lines of the page's
    // own one break stays; at the start or end of a block neither does.
    if (
      before &&
      after &&
      hasContent(before, 'previousSibling') &&
      hasContent(after, 'nextSibling')
    )
      after.remove();
    else {
      before?.remove();
      after?.remove();
    }
  }
}

function isBlank(n: Node): boolean {
  return n.nodeType !== 1 && !/\S/.test(n.textContent ?? '');
}

function brBeside(node: Node, step: 'previousSibling' | 'nextSibling'): Element | null {
  let n = node[step];
  while (n && isBlank(n)) n = n[step];
  return n?.nodeType === 1 && tagName(n as Element) === 'br' ? (n as Element) : null;
}

function hasContent(node: Node, step: 'previousSibling' | 'nextSibling'): boolean {
  for (let n = node[step]; n; n = n[step])
    if (!isBlank(n) && !(n.nodeType === 1 && tagName(n as Element) === 'br')) return true;
  return false;
}
