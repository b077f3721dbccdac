/**
 * The extraction document's listener: it answers the background with the extraction of the
 * capture it was sent, and nobody else. The capture is made from a real page (jsdom) by the
 * tab's half and travels as JSON, as the extension message carries it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createExtractionListener } from '../../lib/extraction/document-listener';
import { clipFromCapture } from '../../lib/extraction/clip-from-capture';
import { captureTab } from '../../lib/extraction/in-tab';
import { EXTRACTION_CHANNEL, type ExtractionAnswer } from '../../lib/messaging/extractor';
import { parseHtml } from '../../scripts/parse-html';

const URL = 'https://blog.example/post';
const PROSE = 'A paragraph long enough for the article to be taken for the main content. '.repeat(
  6,
);
const PAGE = `<!doctype html><html><head><title>Notes on rivers</title></head><body>
<article><h1>Notes on rivers</h1><p>${PROSE}</p>
<p>Rivers run<span class="inline-footnote" title="Note">1<span style="display:none">The hidden note's text.</span></span> to the sea. ${PROSE}</p></article>
</body></html>`;

function request() {
  const doc = parseHtml(PAGE, URL);
  const captured = captureTab({ mode: 'article' }, doc);
  if (captured.kind !== 'capture') throw new Error(`no capture: ${captured.kind}`);
  return {
    parse: (html: string) => new doc.defaultView!.DOMParser().parseFromString(html, 'text/html'),
    message: JSON.parse(
      JSON.stringify({
        channel: EXTRACTION_CHANNEL,
        capture: captured.capture,
        options: {
          mode: 'article',
          now: '2026-11-26T08:00:00.000Z',
          extraFrontmatter: {},
          embedImages: false,
        },
      }),
    ) as Record<string, unknown>,
  };
}

/** Runs the listener once; `undefined` when it did not answer. */
function ask(message: unknown, sender: object, parse: (html: string) => Document) {
  let answer: ExtractionAnswer | undefined;
  const handled = createExtractionListener(parse)(message, sender, (a) => (answer = a));
  return { handled, answer };
}

const background = () => ({
  id: browser.runtime.id,
  url: browser.runtime.getURL('/background.js'),
});

describe('the extraction document', () => {
  beforeEach(() => fakeBrowser.reset());

  it('answers the background with the clip, a note the page keeps hidden included', () => {
    const { message, parse } = request();
    const { answer } = ask(message, background(), parse);
    expect(answer?.ok).toBe(true);
    if (!answer?.ok) return;
    expect(answer.result.title).toBe('Notes on rivers');
    expect(answer.result.markdown).toMatch(
      /^---\ntitle: "Notes on rivers"\n[^]*\nclipped: "?2026-11-26T08:00:00(?:\.000)?Z"?\n/,
    );
    expect(answer.result.body).toContain('Rivers run[^1] to the sea.');
    expect(answer.result.body).toContain("[^1]: The hidden note's text.");
  });

  it('gives the clip the tab makes whole while the document opens', () => {
    const { message, parse } = request();
    const { answer } = ask(message, background(), parse);
    const whole = captureTab(
      {
        mode: 'article',
        whole: { now: '2026-11-26T08:00:00.000Z', extraFrontmatter: {}, embedImages: false },
      },
      parseHtml(PAGE, URL),
      clipFromCapture,
    );
    expect(whole.kind).toBe('clip');
    expect(whole.kind === 'clip' && whole.result).toEqual(answer?.ok && answer.result);
  });

  it('makes no whole clip in the capture script, which has no pipeline to make it with', () => {
    const asked = captureTab(
      {
        mode: 'article',
        whole: { now: '2026-11-26T08:00:00.000Z', extraFrontmatter: {}, embedImages: false },
      },
      parseHtml(PAGE, URL),
    );
    expect(asked.kind).toBe('failed');
  });

  it('refuses a tab, a page of another extension and a web page', () => {
    const { message, parse } = request();
    for (const sender of [
      { id: browser.runtime.id, url: URL, tab: { id: 4 } },
      { id: browser.runtime.id, url: browser.runtime.getURL('/popup.html'), tab: { id: 4 } },
      { id: 'another-extension', url: 'chrome-extension://another-extension/page.html' },
      { url: URL },
    ]) {
      const { answer } = ask(message, sender, parse);
      expect(answer).toEqual({ ok: false, message: 'Extraction request refused: unknown sender.' });
    }
  });

  it('says what is wrong with a malformed request, and extracts nothing', () => {
    const { message, parse } = request();
    let parsed = 0;
    const counting = (html: string) => (parsed++, parse(html));
    for (const bad of [
      { ...message, capture: { ...(message.capture as object), html: 42 } },
      { ...message, options: { mode: 'everything' } },
    ]) {
      const { answer } = ask(bad, background(), counting);
      expect(answer?.ok).toBe(false);
      expect(answer?.ok === false && answer.message).toMatch(/^Malformed extraction request: /);
    }
    expect(parsed).toBe(0);
  });

  it("leaves the background's broadcasts and other channels unanswered", () => {
    const { parse } = request();
    for (const other of [{ channel: 'pageclip/event', event: { type: 'x' } }, null, 'text']) {
      const { handled, answer } = ask(other, background(), parse);
      expect(handled).toBe(false);
      expect(answer).toBeUndefined();
    }
  });
});
