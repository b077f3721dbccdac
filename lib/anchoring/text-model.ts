/**
 * The page's text as the selectors count it: the text nodes under a root in document order,
 * every run of white space (including no-break spaces) folded to one space, leading white
 * space dropped. Text that is not read (scripts, styles, templates, form fields' defaults) is
 * left out, so a page changing its inline data does not move every highlight. The model maps
 * its offsets back to text nodes and DOM ranges to its offsets.
 */
import { isSpace } from '../extract/is-space';

const UNREAD = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'TEXTAREA']);

export interface TextModel {
  readonly text: string;
  /** The DOM range of the model's span [start, end); null when it is empty or out of bounds. */
  rangeOf(start: number, end: number): Range | null;
  /** The model's span a DOM range covers, white space at its edges left out; null when it covers no text. */
  spanOf(range: Range): { start: number; end: number } | null;
}

function readTextNodes(root: Node): Text[] {
  const doc = root.ownerDocument ?? (root as Document);
  const walker = doc.createTreeWalker(root, 0x4 /* NodeFilter.SHOW_TEXT */);
  const nodes: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    let read = true;
    for (let p = n.parentNode; p && p !== root; p = p.parentNode) {
      if (UNREAD.has(p.nodeName.toUpperCase())) {
        read = false;
        break;
      }
    }
    if (read) nodes.push(n as Text);
  }
  return nodes;
}

/** The first index in the sorted `values` whose value is >= `target` (values.length if none). */
function lowerBound(values: ArrayLike<number>, target: number, length = values.length): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] as number) < target) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function textModel(root: Node): TextModel {
  const nodes = readTextNodes(root);
  const nodeStarts: number[] = [];
  let rawLength = 0;
  for (const node of nodes) {
    nodeStarts.push(rawLength);
    rawLength += node.data.length;
  }
  // For each character of the model, its offset in the nodes' text laid end to end.
  const rawOf = new Uint32Array(rawLength + 1);
  const pieces: string[] = [];
  let length = 0;
  let spacePending = false;
  let spaceRaw = 0;
  nodes.forEach((node, i) => {
    const data = node.data;
    const base = nodeStarts[i] as number;
    let runStart = -1;
    const flush = (end: number) => {
      if (runStart < 0) return;
      pieces.push(data.slice(runStart, end));
      for (let k = runStart; k < end; k++) rawOf[length++] = base + k;
      runStart = -1;
    };
    for (let k = 0; k < data.length; k++) {
      if (isSpace(data.charCodeAt(k))) {
        flush(k);
        if (length > 0 && !spacePending) {
          spacePending = true;
          spaceRaw = base + k;
        }
        continue;
      }
      if (spacePending) {
        pieces.push(' ');
        rawOf[length++] = spaceRaw;
        spacePending = false;
      }
      if (runStart < 0) runStart = k;
    }
    flush(data.length);
  });
  const text = pieces.join('');
  rawOf[length] = rawLength;

  const nodeAt = (raw: number): number => {
    const i = lowerBound(nodeStarts, raw + 1) - 1;
    return Math.max(0, i);
  };

  return {
    text,
    rangeOf(start, end) {
      if (start < 0 || end > text.length || start >= end) return null;
      const doc = root.ownerDocument ?? (root as Document);
      const range = doc.createRange();
      const rawStart = rawOf[start] as number;
      const first = nodeAt(rawStart);
      range.setStart(nodes[first] as Text, rawStart - (nodeStarts[first] as number));
      // End just after the last character, so the range never reaches into the next node.
      const rawLast = rawOf[end - 1] as number;
      const last = nodeAt(rawLast);
      range.setEnd(nodes[last] as Text, rawLast + 1 - (nodeStarts[last] as number));
      return range;
    },
    spanOf(range) {
      // Text nodes are in document order, so the ones a range touches are found by bisection.
      const beforeRange = (i: number) => {
        const node = nodes[i] as Text;
        return range.comparePoint(node, node.data.length) < 0;
      };
      const afterRange = (i: number) => range.comparePoint(nodes[i] as Text, 0) > 0;
      let lo = 0;
      let hi = nodes.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (beforeRange(mid)) lo = mid + 1;
        else hi = mid;
      }
      const first = lo;
      hi = nodes.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (afterRange(mid)) hi = mid;
        else lo = mid + 1;
      }
      const last = lo - 1;
      if (first >= nodes.length || last < first) return null;
      const firstNode = nodes[first] as Text;
      const lastNode = nodes[last] as Text;
      const rawStart =
        (nodeStarts[first] as number) +
        (range.startContainer === firstNode ? range.startOffset : 0);
      const rawEnd =
        (nodeStarts[last] as number) +
        (range.endContainer === lastNode ? range.endOffset : lastNode.data.length);
      let start = lowerBound(rawOf, rawStart, text.length);
      let end = lowerBound(rawOf, rawEnd, text.length);
      while (start < end && text[start] === ' ') start++;
      while (end > start && text[end - 1] === ' ') end--;
      return end > start ? { start, end } : null;
    },
  };
}
