import { describe, expect, it } from 'vitest';
import { withClipMarkdown, type ClipExtraction } from '../../lib/clip-markdown';
import type { ExtractOptions } from '../../lib/extract';
import { parseHtml } from '../../scripts/parse-html';
import { EXTRACT_WAYS } from './support/extract-ways';

const NOW = new Date('2026-01-02T03:04:05.000Z');
const URL = 'https://blog.example/post';

const ARTICLE = `<!DOCTYPE html><html lang="en"><head><title>Post</title></head><body><article><h1>Post</h1>
<p id="one">First paragraph of a long enough article about testing extraction, with several sentences in it so
that Readability recognises it as the main content of the page without any doubt at all.</p>
<p id="two">Second paragraph, also long: it talks about ranges, shadow roots and hidden elements, the things a
browser page has and a parsed page usually lacks, which is why the tests build them by hand.</p>
<pre id="code"><code class="language-js">const a = 1;
const b = 2;</code></pre>
<p id="three">Third paragraph closes the article with one more sentence that adds a little more text to it.</p>
</article></body></html>`;

// Every case runs in each way extraction runs (./support/extract-ways.ts).
describe.each(EXTRACT_WAYS)('extract() pipeline, %s', (_, run) => {
  const extractIn = (doc: Document, url: string, options: ExtractOptions): ClipExtraction =>
    withClipMarkdown(run(doc, url, options));

  it('never modifies the document it is given', () => {
    const doc = parseHtml(ARTICLE, URL);
    const before = doc.documentElement.outerHTML;
    extractIn(doc, URL, { now: NOW });
    extractIn(doc, URL, { mode: 'full', now: NOW });
    expect(doc.documentElement.outerHTML).toBe(before);
  });

  it('reports metadata, word count, article verdict and extra frontmatter', () => {
    const r = extractIn(parseHtml(ARTICLE, URL), URL, {
      now: NOW,
      tags: ['a'],
      extraFrontmatter: { pageclip_id: '5f0c' },
    });
    expect(r.mode).toBe('article');
    expect(r.title).toBe('Post');
    expect(r.lang).toBe('en');
    expect(r.url).toBe(URL);
    expect(r.wordCount).toBeGreaterThan(80);
    expect(r.wordCount).toBeLessThan(120);
    expect(r.isProbablyArticle).toBe(true);
    expect(r.frontmatter).toEqual({
      title: 'Post',
      source: URL,
      clipped: NOW.toISOString(),
      tags: ['a'],
      pageclip_id: '5f0c',
    });
    expect(r.markdown.startsWith('---\ntitle: "Post"\n')).toBe(true);
    expect(r.markdown.endsWith(r.body)).toBe(true);
    expect(r.body).toContain('```js\nconst a = 1;\nconst b = 2;\n```');
  });

  it('says a page without an article is probably not one', () => {
    const html =
      '<html><head><title>App</title></head><body><nav><a href="/a">A</a> <a href="/b">B</a></nav><div id="app">Loading…</div></body></html>';
    const r = extractIn(parseHtml(html, URL), URL, { now: NOW });
    expect(r.isProbablyArticle).toBe(false);
  });

  it('clips several selection ranges, each in its own block, code keeping its fence', () => {
    const doc = parseHtml(ARTICLE, URL);
    const one = doc.createRange();
    one.selectNodeContents(doc.getElementById('one')!);
    const three = doc.createRange();
    const text = doc.getElementById('three')!.firstChild!;
    three.setStart(text, 0);
    three.setEnd(text, 'Third paragraph'.length);
    const code = doc.createRange();
    const codeText = doc.querySelector('#code code')!.firstChild!;
    code.setStart(codeText, 0);
    code.setEnd(codeText, 'const a = 1;'.length);
    const r = extractIn(doc, URL, { mode: 'selection', selection: [one, three, code], now: NOW });
    expect(r.mode).toBe('selection');
    expect(r.body).toMatch(/^First paragraph of a long enough article/);
    expect(r.body).toContain(
      'without any doubt at all.\n\nThird paragraph\n\n```js\nconst a = 1;\n```\n',
    );
    expect(r.body).not.toContain('Second paragraph');
  });

  it('includes open shadow DOM content, with slotted light children in place', () => {
    const doc = parseHtml(
      ARTICLE.replace(
        '<p id="three">',
        '<x-card id="card"><span slot="title">Slotted title</span><b>default slot</b></x-card><p id="three">',
      ),
      URL,
    );
    const host = doc.getElementById('card')!;
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.innerHTML =
      '<h3><slot name="title">fallback</slot></h3><p>Shadow text before <slot></slot> and after.</p><p hidden>hidden in shadow</p>';
    const r = extractIn(doc, URL, { mode: 'full', now: NOW });
    expect(r.body).toContain('### Slotted title');
    expect(r.body).toContain('Shadow text before **default slot** and after.');
    expect(r.body).not.toContain('hidden in shadow');
    expect(r.body).not.toContain('fallback');
  });

  it('drops what the live page hides, using the engine visibility check when there is one', () => {
    const doc = parseHtml(
      ARTICLE.replace(
        '<p id="three">',
        '<p class="css-hidden">Hidden by computed style.</p><p id="three">',
      ),
      URL,
    );
    // jsdom has no layout; stand in for a browser's checkVisibility() on this document.
    const proto = doc.defaultView!.Element.prototype as Element & {
      checkVisibility?: () => boolean;
    };
    proto.checkVisibility = function (this: Element) {
      return !this.classList.contains('css-hidden');
    };
    const r = extractIn(doc, URL, { now: NOW });
    expect(r.body).not.toContain('Hidden by computed style');
    expect(r.body).toContain('Third paragraph');
    expect(doc.querySelector('.css-hidden')).not.toBeNull();
  });

  it('keeps going when the page has attribute names setAttribute rejects ([class], ⚡)', () => {
    const html = ARTICLE.replace(
      '<html lang="en">',
      '<html lang="en" [class]="x()" ⚡ a"b="c">',
    ).replace('<article>', '<article [class]="y" ⚡>');
    const r = extractIn(parseHtml(html, URL), URL, { now: NOW });
    expect(r.title).toBe('Post');
    expect(r.body).toContain('Third paragraph closes the article');
  });

  it('links an untitled page by its address in a bookmark, never with empty link text', () => {
    const page = 'https://untitled.example/notes/1';
    const r = extractIn(parseHtml('<html><body><p>No title here.</p></body></html>', page), page, {
      mode: 'bookmark',
      now: NOW,
    });
    expect(r.title).toBe('');
    expect(r.body).toBe(`[${page}](${page})\n`);
  });

  it('works on a document without a view or a body', () => {
    const blank = parseHtml(
      '<html><head><title>x</title></head></html>',
      URL,
    ).implementation.createHTMLDocument('No view');
    expect(blank.defaultView).toBeNull();
    blank.body.innerHTML =
      '<article><p>Some text written into a document that has no window at all.</p></article>';
    expect(extractIn(blank, URL, { mode: 'full', now: NOW }).body).toBe(
      'Some text written into a document that has no window at all.\n',
    );
    const noBody = parseHtml('<html><head><title>Frames</title></head></html>', URL);
    noBody.body?.remove();
    const r = extractIn(noBody, URL, { now: NOW });
    expect(r.title).toBe('Frames');
    expect(r.body).toBe('');
  });
});
