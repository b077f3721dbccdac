/**
 * Copies of page nodes in the working document, which may be another DOM implementation than
 * the page (linkedom from jsdom in Node): then each element is rebuilt by name.
 */

export const XHTML = 'http://www.w3.org/1999/xhtml';

/** A shallow copy of `el` in `target`: same-implementation clone, else rebuilt by name. */
export type ElementCopier = (el: Element) => Element;

/**
 * Same implementation and realm (a browser page and its createHTMLDocument, or one jsdom
 * window): the root elements share a constructor, and `importNode` takes the page's nodes.
 */
export function sameImplementation(target: Document, live: Document): boolean {
  const liveRoot = live.documentElement as Element | null;
  const targetRoot = target.documentElement as Element | null;
  return !!liveRoot && !!targetRoot && liveRoot.constructor === targetRoot.constructor;
}

export function elementCopier(target: Document, live: Document): ElementCopier {
  if (sameImplementation(target, live)) return (el) => target.importNode(el, false);
  return (el) => {
    const ns = el.namespaceURI;
    let copy: Element;
    try {
      copy =
        ns && ns !== XHTML
          ? target.createElementNS(ns, el.localName)
          : target.createElement(el.localName);
    } catch {
      copy = target.createElement('span'); // a name only the parser accepts; the content stays
    }
    // getAttributeNames, not `attributes[i]`: jsdom indexes a NamedNodeMap through a proxy.
    for (const name of el.getAttributeNames()) {
      try {
        copy.setAttribute(name, el.getAttribute(name) ?? '');
      } catch {
        // A name this implementation rejects: the attribute carries nothing we use.
      }
    }
    return copy;
  };
}

/** A full copy of `node` (no pruning) in `target`, iteratively: pages nest thousands deep. */
export function copyTree(target: Document, node: Node, copyElement: ElementCopier): Node {
  if (node.nodeType !== 1 && node.nodeType !== 11)
    return target.createTextNode(node.textContent ?? '');
  const root: Node =
    node.nodeType === 11 ? target.createDocumentFragment() : copyElement(node as Element);
  const stack: [Node, Node][] = [[node, root]];
  while (stack.length) {
    const [live, copy] = stack.pop()!;
    for (let c = live.firstChild; c; c = c.nextSibling) {
      if (c.nodeType === 3) copy.appendChild(target.createTextNode(c.nodeValue ?? ''));
      else if (c.nodeType === 1) {
        const el = copyElement(c as Element);
        copy.appendChild(el);
        if (c.firstChild) stack.push([c, el]);
      }
    }
  }
  return root;
}
