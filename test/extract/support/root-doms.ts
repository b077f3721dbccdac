import { parseHTML } from 'linkedom';
import { parseHtml } from '../../../scripts/parse-html';

/**
 * The two working documents a rule runs in (jsdom standing in for the page DOM, linkedom for
 * the command line's), each parsing a body fragment into `<div id="root">` at `page`.
 */
export function rootDoms(page: string): Record<'jsdom' | 'linkedom', (html: string) => Document> {
  return {
    jsdom: (html) =>
      parseHtml(`<!DOCTYPE html><html><body><div id="root">${html}</div></body></html>`, page),
    linkedom: (html) =>
      parseHTML(
        `<!DOCTYPE html><html><head></head><body><div id="root">${html}</div></body></html>`,
      ).document as unknown as Document,
  };
}

/** The same two working documents, each parsing a whole HTML document at `page`. */
export function documentDoms(page: string): [string, (html: string) => Document][] {
  return [
    ['jsdom', (html) => parseHtml(html, page)],
    ['linkedom', (html) => parseHTML(html).document as unknown as Document],
  ];
}

/**
 * The text left in `<div id="root">` once `rule` has cleaned it, whitespace collapsed: how a
 * cleaning rule's test reads its result.
 */
export function cleanedText(
  parse: (html: string) => Document,
  html: string,
  rule: (root: Element) => void,
): string {
  const root = parse(html).getElementById('root')!;
  rule(root);
  return (root.textContent ?? '').replace(/\s+/g, ' ').trim();
}
