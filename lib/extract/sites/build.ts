/**
 * Building the content of a site clip in the snapshot's document: small element factories and
 * the readers every site module shares. Nodes taken from the page are moved, not parsed again,
 * so nothing of the page is ever interpreted as markup here.
 */

export type Child = Node | string | null | undefined | false;

export function el(
  doc: Document,
  tag: string,
  attrs: Record<string, string> = {},
  ...children: Child[]
): Element {
  const e = doc.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    e.append(typeof c === 'string' ? doc.createTextNode(c) : c);
  }
  return e;
}

/** Text of the first match under `root`, whitespace-collapsed; null when absent or empty. */
export function textOf(root: ParentNode, selector: string): string | null {
  const found = root.querySelector(selector);
  const text = (found?.textContent ?? '').replace(/\s+/g, ' ').trim();
  return text || null;
}

/** The match of the first selector that matches anything (a selector list would take the first in page order). */
export function firstOf(root: ParentNode, selectors: readonly string[]): Element | null {
  for (const selector of selectors) {
    const found = root.querySelector(selector);
    if (found) return found;
  }
  return null;
}

/** An attribute of the first match under `root`; null when absent or empty. */
export function attrOf(root: ParentNode, selector: string, name: string): string | null {
  return root.querySelector(selector)?.getAttribute(name)?.trim() || null;
}

export function metaContent(doc: Document, key: string): string | null {
  return attrOf(
    doc,
    `meta[property="${key}"], meta[name="${key}"], meta[itemprop="${key}"]`,
    'content',
  );
}

/** Resolves a page's link against the page URL; null for what does not parse. */
export function absolute(href: string | null, base: URL): string | null {
  if (!href) return null;
  try {
    return new URL(href, base).href;
  } catch {
    return null;
  }
}

/** Moves the children of `from` (a page element) into a new `<div>`. */
export function moveChildren(doc: Document, from: Element | null): Element {
  const div = doc.createElement('div');
  if (from) while (from.firstChild) div.append(from.firstChild);
  return div;
}

export function textLength(node: Node | null): number {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim().length;
}

/**
 * A date for a comment's header, as the page states it: ISO dates keep their day and minute
 * ("2025-01-15 09:30", UTC when the page gave a zone); anything else is shown as written.
 */
export function displayDate(raw: string | null): string | null {
  const v = raw?.trim();
  if (!v) return null;
  const m = /^(\d{4}-\d\d-\d\d)(?:[T ](\d\d:\d\d)(?::[\d.]+)?(Z|[+-]\d\d:?\d\d)?)?/.exec(v);
  if (!m) return v;
  if (m[3]) {
    const t = Date.parse(m[0]);
    if (Number.isFinite(t))
      return `${new Date(t).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  }
  return m[2] ? `${m[1]} ${m[2]}` : (m[1] ?? v);
}

/** An ISO date from a Unix time in seconds or milliseconds; null when it is not one. */
export function isoFromEpoch(raw: string | null): string | null {
  if (!raw || !/^\d{9,13}$/.test(raw.trim())) return null;
  const n = Number(raw.trim());
  return new Date(n < 1e12 ? n * 1000 : n).toISOString();
}

/** Line breaks in text nodes as `<br>`, for text the page shows pre-wrapped. */
export function keepLineBreaks(doc: Document, root: Element): void {
  const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  const texts: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
  for (const t of texts) {
    const parts = (t.data ?? '').split('\n');
    if (parts.length < 2) continue;
    const frag = doc.createDocumentFragment();
    parts.forEach((part, i) => {
      if (i > 0) frag.append(doc.createElement('br'));
      if (part) frag.append(part);
    });
    t.replaceWith(frag);
  }
}

/**
 * An ISO 8601 date in UTC ("2026-02-11T18:22:05.118Z") from a timestamp a page writes in a
 * near-ISO form (Reddit's `2026-02-11T18:22:05.118000+0000`: microseconds, a colonless zone).
 * A date without a zone, or one that does not parse, is returned as written.
 */
export function isoDate(raw: string | null): string | null {
  const v = raw?.trim();
  if (!v) return null;
  const m = /^(\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d)?)(?:\.(\d+))?(Z|[+-]\d\d:?\d\d)$/i.exec(v);
  if (!m) return v;
  const fraction = (m[2] ?? '').padEnd(3, '0').slice(0, 3);
  const zone = (m[3] ?? '').toUpperCase().replace(/^([+-]\d\d):?(\d\d)$/, '$1:$2');
  const seconds = m[1]!.length === 16 ? ':00' : '';
  const t = Date.parse(`${m[1]}${seconds}.${fraction}${zone}`);
  return Number.isFinite(t) ? new Date(t).toISOString() : v;
}
