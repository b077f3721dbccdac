import { describe, expect, it } from 'vitest';
import { HIDDEN_MARK } from '../../lib/extract/hidden';
import { copyFlat } from '../../lib/extract/copy-flat';
import { snapshotDocument, visibleCopy } from '../../lib/extract/snapshot';
import { parseHtml } from '../../scripts/parse-html';
import { linkedomDocument } from '../../scripts/working-document';

const URL = 'https://blog.example/post';

// Everything the walk leaves out, nested inside elements it keeps (which it copies whole and
// then prunes in the page's own implementation), plus a React streamed segment and a slot.
const PAGE = `<!DOCTYPE html><html><head><title>T</title></head><body>
<main><div class="wrap"><!-- a comment --><p>Kept <b>bold</b><!-- inner --> text</p>
<div hidden>Hidden by attribute</div><p style="display: none">Hidden inline</p>
<p><span class="css-hidden">Hidden by layout</span> shown</p>
<details><summary>More</summary><p class="css-hidden">Inside details</p></details>
<p hidden="until-found">Found later</p>
<script>var x = 1;</script><style>p { color: red }</style>
<script type="application/ld+json">{"@type":"Article"}</script>
<iframe src="https://ads.example/x"></iframe><iframe src="https://www.youtube.com/embed/abc"></iframe>
<section><!--$?--><template id="B:0"></template><p>Loading…</p><!--/$--><p>After</p></section>
<slot><i>fallback</i></slot>
</div></main>
<div hidden id="S:0"><p>Streamed</p></div>
</body></html>`;

// Line breaks are the page's own whitespace between the nodes left out.
const EXPECTED_BODY = [
  '',
  '<main><div class="wrap"><p>Kept <b>bold</b> text</p>',
  '',
  '<p> shown</p>',
  '<details><summary>More</summary><p class="css-hidden">Inside details</p></details>',
  '<p>Found later</p>',
  '',
  '',
  '<iframe src="https://www.youtube.com/embed/abc"></iframe>',
  '<section><p>Streamed</p><p>After</p></section>',
  '<i>fallback</i>',
  '</div></main>',
  '',
  '',
].join('\n');

function page(html = PAGE): Document {
  const doc = parseHtml(html, URL);
  // jsdom has no layout; stand in for a browser's checkVisibility() on this document.
  const proto = doc.defaultView!.Element.prototype as Element & {
    checkVisibility?: () => boolean;
  };
  proto.checkVisibility = function (this: Element) {
    return !this.classList.contains('css-hidden');
  };
  return doc;
}

describe('snapshotDocument', () => {
  it('leaves out comments and hidden or dropped elements inside the elements it keeps', () => {
    const snap = visibleCopy(snapshotDocument(page(), URL));
    expect(snap.body.innerHTML).toBe(EXPECTED_BODY);
    expect(snap.head.innerHTML).toContain('{"@type":"Article"}');
  });

  it('copies the same nodes into another implementation, where it rebuilds node by node', () => {
    const snap = visibleCopy(snapshotDocument(page(), URL, linkedomDocument), linkedomDocument);
    expect(snap.body.innerHTML).toBe(EXPECTED_BODY);
  });

  it('keeps hidden elements in the capture, marked, and only those', () => {
    const live = page();
    // A page marking its own content: the walk decides what is hidden, not the page.
    live.querySelector('p')!.setAttribute(HIDDEN_MARK, '');
    const marked = snapshotDocument(live, URL);
    const texts = Array.from(marked.querySelectorAll(`[${HIDDEN_MARK}]`)).map((el) =>
      el.textContent?.trim(),
    );
    expect(texts).toEqual([
      'Hidden by attribute',
      'Hidden inline',
      'Hidden by layout',
      'Streamed', // React's segment, copied where its template stands and kept here as sent
    ]);
    expect(visibleCopy(marked).body.innerHTML).toBe(EXPECTED_BODY);
  });

  it('settles each element of a whole copy from its live twin, as the general walk does', () => {
    // The page without what only the general walk handles (a streamed segment, a slot), and
    // with a title the parser left in the body.
    const html = PAGE.replace(/<section>.*<\/section>\n<slot>.*<\/slot>\n/s, '')
      .replace('<div hidden id="S:0"><p>Streamed</p></div>', '')
      .replace('<title>T</title>', '')
      .replace('<main>', '<main><title>In the body</title>');
    const flat = snapshotDocument(page(html), URL);
    const general = snapshotDocument(page(html), URL, linkedomDocument);
    const marked = (doc: Document) =>
      Array.from(doc.querySelectorAll(`[${HIDDEN_MARK}]`), (el) => el.textContent);
    expect(marked(flat)).toEqual(marked(general));
    expect(marked(flat)).toHaveLength(3);
    expect(visibleCopy(flat).body.innerHTML).toBe(
      visibleCopy(general, linkedomDocument).body.innerHTML,
    );
    expect(flat.head.innerHTML).toBe(general.head.innerHTML);
    expect(flat.head.innerHTML).toContain('{"@type":"Article"}');
    expect(flat.title).toBe('In the body');
    expect(visibleCopy(flat).body.innerHTML).toBe(
      '\n<main><div class="wrap"><p>Kept <b>bold</b> text</p>\n\n<p> shown</p>\n' +
        '<details><summary>More</summary><p class="css-hidden">Inside details</p></details>\n' +
        '<p>Found later</p>\n\n\n<iframe src="https://www.youtube.com/embed/abc"></iframe>\n' +
        '</div></main>\n\n',
    );
  });

  it('leaves a streamed segment and a slot to the general walk, copying nothing', () => {
    const live = page();
    const target = live.implementation.createHTMLDocument('');
    const walk = {
      target,
      copyElement: (el: Element) => target.importNode(el, false),
      deep: true,
      hiddenBySheets: new Set<Element>(),
      head: target.head,
      titled: true,
      deepHidden: false,
      marked: new Set<Element>(),
    };
    const head = target.head.innerHTML;
    expect(copyFlat(walk, live.body, true)).toBeNull();
    expect(target.head.innerHTML).toBe(head);
    expect(copyFlat(walk, page(PAGE.replace(/<slot>.*<\/slot>/, '')).body, true)).toBeNull();
    const flat = copyFlat(
      walk,
      page(PAGE.replace(/<section>.*<\/section>/s, '').replace(/<slot>.*<\/slot>/, '')).body,
      true,
    );
    expect(flat?.body.textContent).toContain('Kept bold text');
  });

  it('bounds the depth of a hidden element copied whole, not only of what the walk visits', () => {
    const deep = (n: number) => `${'<div>'.repeat(n)}<p>note</p>${'</div>'.repeat(n)}`;
    for (const hidden of [deep(10), deep(300)]) {
      const live = parseHtml(
        `<html><body><main><p>Visible text.</p><aside hidden>${hidden}</aside></main></body></html>`,
        URL,
      );
      const marked = snapshotDocument(live, URL);
      let depth = 0;
      const paragraphs = marked.querySelectorAll('p');
      for (
        let el: Element | null = paragraphs[paragraphs.length - 1] ?? null;
        el;
        el = el.parentElement
      )
        depth++;
      expect(marked.body.textContent).toContain('note');
      expect(depth).toBeLessThanOrEqual(100);
    }
  });

  it("keeps the page's canonical link in the head, and no other link", () => {
    const live = parseHtml(
      `<html><head><link rel="stylesheet" href="/s.css"><link rel="Canonical" href="/post"></head><body><p>x</p></body></html>`,
      URL,
    );
    expect(snapshotDocument(live, URL).head.innerHTML).toBe(
      `<base href="${URL}"><link rel="Canonical" href="/post">`,
    );
  });
});
