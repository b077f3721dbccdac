import { describe, expect, it } from 'vitest';
import { cleanDefinition, isBefore } from '../../lib/extract/footnote-dom';
import { applyFootnotes } from '../../lib/extract/footnotes';
import { parseHtml } from '../../scripts/parse-html';
import { linkedomDocument } from '../../scripts/working-document';
import { EXTRACT_WAYS } from './support/extract-ways';

// Rules the golden fixtures (test/fixtures/extract/footnotes-*.html) cannot reach through
// the whole pipeline: Readability rewrites `javascript:` links before footnotes run.

const URL = 'https://wiki.example.com/page';

function run(html: string): { body: string; notes: string[] } {
  const live = parseHtml(html, URL);
  const work = parseHtml(html, URL);
  const { ordered } = applyFootnotes(work.body, live, URL, () => undefined);
  return {
    body: work.body.textContent?.replace(/\s+/g, ' ').trim() ?? '',
    notes: ordered.map((note) => note.textContent?.replace(/\s+/g, ' ').trim() ?? ''),
  };
}

describe('footnotes', () => {
  it('follows a javascript: reference to the id its onclick names (Wikidot)', () => {
    const { body, notes } = run(`<p>A claim.<sup class="footnoteref"><a href="javascript:;"
      onclick="WIKIDOT.page.utils.scrollToReference('footnote-1')">1</a></sup></p>
      <div class="footnotes-footer"><div class="footnote-footer" id="footnote-1"><a
      href="javascript:;" onclick="WIKIDOT.page.utils.scrollToReference('footnoteref-1')">1</a>.
      The note.</div></div>`);
    expect(notes).toEqual(['The note.']);
    expect(body).toBe('A claim.1');
  });

  it('does not take a link back to an earlier element for a reference', () => {
    const { notes } = run(`<p>Text<sup><a id="ref-a" href="#note-a">[1]</a></sup></p>
      <p id="note-a"><sup><a href="#ref-a">[1]</a></sup> The note.</p>`);
    expect(notes).toEqual(['The note.']);
  });

  it('orders nodes in linkedom, whose compareDocumentPosition answers "preceding" both ways', () => {
    const doc = linkedomDocument();
    doc.body.innerHTML = '<p><a id="x">x</a></p><ol><li id="y">y</li></ol>';
    const x = doc.getElementById('x')!;
    const y = doc.getElementById('y')!;
    expect(isBefore(x, y)).toBe(true);
    expect(isBefore(y, x)).toBe(false);
    expect(isBefore(doc.body, x)).toBe(false);
  });

  it('turns a note of several blocks into one paragraph with line breaks', () => {
    const doc = parseHtml('<li><p>First.</p><ul><li>a</li><li>b</li></ul><p>Last.</p></li>', URL);
    const note = cleanDefinition([doc.querySelector('li')!], () => undefined)!;
    expect(note.localName).toBe('p');
    expect(note.querySelectorAll('br')).toHaveLength(3);
    expect(note.textContent).toBe('First.• a• bLast.');
  });

  it('strips the note number at the start, however it is wrapped', () => {
    const doc = parseHtml('<p><b><sup>2</sup> Note:</b> text</p><p>[3] more</p>', URL);
    const [first, second] = Array.from(doc.querySelectorAll('p'));
    expect(cleanDefinition([first!], () => undefined)?.textContent).toBe('Note: text');
    expect(cleanDefinition([second!], () => undefined)?.textContent).toBe('more');
  });
});

// Past a few dozen lookups the page's ids are indexed in one walk (footnote-targets.ts): the
// notes must come out as they do one lookup at a time, a repeated id answering as the first.
describe('an article with many notes', () => {
  const COUNT = 60;
  const paras = Array.from(
    { length: COUNT },
    (_, i) =>
      `<p>Claim number ${i + 1} about the river, with its source.<sup class="reference">` +
      `<a href="#cite-${i + 1}">[${i + 1}]</a></sup></p>`,
  ).join('');
  const notes = Array.from(
    { length: COUNT },
    (_, i) =>
      `<li id="cite-${i + 1}">Source ${i + 1}: the survey of the river, volume ${i + 1}.</li>`,
  ).join('');
  const page =
    '<!DOCTYPE html><html><head><title>The river</title></head><body><article><h1>The river</h1>' +
    `${paras}<h2>References</h2><ol class="references">${notes}</ol>` +
    '<p id="cite-50">A closing paragraph that happens to repeat the id of a note, as pages ' +
    'built from several templates do, and must not be taken for that note.</p></article></body></html>';

  it.each(EXTRACT_WAYS)('keeps every note in order (%s)', (_, run) => {
    const r = run(parseHtml(page, URL), URL, {});
    for (const n of [1, 7, 33, 34, 50, 60]) {
      expect(r.body).toContain(`Claim number ${n} about the river, with its source.[^${n}]`);
      expect(r.body).toContain(`[^${n}]: Source ${n}: the survey of the river, volume ${n}.`);
    }
    expect(r.body.match(/^\[\^\d+\]:/gm)).toHaveLength(COUNT);
  });
});
