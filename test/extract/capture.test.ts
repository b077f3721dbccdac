import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { capturePage, parseCapture, serializeCapture } from '../../lib/extract/capture';
import { parseHtml } from '../../scripts/parse-html';

const URL = 'https://blog.example/post';
const parser = new new JSDOM('').window.DOMParser();

const PAGE = `<!DOCTYPE html><html><head><title>T</title></head>
<body onload="track()"><main><article>
<p onclick="steal()" class="lede" data-on="kept">First <a href="/x" onmouseover="x()">link</a></p>
<div hidden onfocus="y()"><p onclick="z()">Marked hidden, copied whole</p></div>
<p>Second <b ONCLICK="w()">bold</b></p>
</article></main></body></html>`;

describe('serializeCapture', () => {
  it('carries no inline event handler, in the page or the selection, and every other attribute', () => {
    const live = parseHtml(PAGE, URL);
    const first = live.querySelector('p')!;
    const range = live.createRange();
    range.selectNodeContents(first);
    const data = serializeCapture(
      capturePage(live, URL, { mode: 'selection', selection: [range] }),
    );

    expect(data.html).not.toMatch(/\son[a-z]+=/i);
    expect(data.selection).not.toMatch(/\son[a-z]+=/i);
    expect(data.html).toContain('class="lede" data-on="kept"');
    expect(data.html).toContain('<a href="/x">link</a>');
    expect(data.selection).toContain('link');
    // The live page keeps its own handlers: only the copy is changed.
    expect(first.getAttribute('onclick')).toBe('steal()');
    expect(live.body.getAttribute('onload')).toBe('track()');

    const back = parseCapture(data, (html) => parser.parseFromString(html, 'text/html'));
    expect(back.page.body.textContent).toContain('Marked hidden, copied whole');
    expect(back.selection?.textContent).toContain('First link');
  });
});

describe('capturePage', () => {
  it("measures the live body's text with each run of whitespace as one character, hidden parts included", () => {
    const live = parseHtml(
      `<!DOCTYPE html><html><head><title>T</title></head><body><p>One  two\t\n three</p>
<div hidden>four\u00a0\u00a0five</div><p>six</p></body></html>`,
      URL,
    );
    const expected = (live.body.textContent ?? '').replace(/\s+/g, ' ').length;
    expect(capturePage(live, URL).textLength).toBe(expected);
    // The text is "One  two\t\n three\nfour\u00a0\u00a0fivesix".
    expect(expected).toBe('One two three four fivesix'.length);
  });
});
