import { languageOf } from './code';
import { tagName } from './dom';
import { copyTree, elementCopier } from './snapshot';

/**
 * Selection clips: each range is cloned into its own block of a container in the
 * snapshot document. A range that starts and ends inside a `<pre>`, a list or a table
 * loses that parent when cloned, so the parent is re-created around it.
 */

function contextElement(range: Range): Element | null {
  const node = range.commonAncestorContainer;
  return node.nodeType === 1 ? (node as Element) : node.parentElement;
}

export function selectionContainer(snap: Document, live: Document, ranges: Range[]): Element {
  const container = snap.createElement('div');
  const copyElement = elementCopier(snap, live);
  for (const range of ranges) {
    if (range.collapsed) continue;
    const context = contextElement(range);
    let holder: Node = copyTree(snap, range.cloneContents(), copyElement);
    const pre = context?.closest('pre');
    if (pre) {
      const wrap = snap.createElement('pre');
      const lang = languageOf(pre);
      if (lang) wrap.setAttribute('data-lang', lang);
      wrap.appendChild(holder);
      holder = wrap;
    } else if (context) {
      const first = (holder as DocumentFragment).firstElementChild;
      const firstTag = first ? tagName(first) : '';
      const list = context.closest('ul, ol');
      const table = context.closest('table');
      if (firstTag === 'li' && list) {
        const wrap = snap.createElement(tagName(list));
        wrap.appendChild(holder);
        holder = wrap;
      } else if (
        (firstTag === 'tr' || firstTag === 'td' || firstTag === 'th' || firstTag === 'tbody') &&
        table
      ) {
        const wrap = snap.createElement('table');
        if (firstTag === 'td' || firstTag === 'th') {
          const tr = snap.createElement('tr');
          tr.appendChild(holder);
          wrap.appendChild(tr);
        } else wrap.appendChild(holder);
        holder = wrap;
      }
    }
    const block = snap.createElement('div');
    block.appendChild(holder);
    container.appendChild(block);
  }
  return container;
}
