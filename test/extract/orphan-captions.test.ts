import { describe, expect, it } from 'vitest';
import { removeOrphanCaptions } from '../../lib/extract/orphan-captions';
import { cleanedText, rootDoms } from './support/root-doms';
import { EXTRACT_WAYS } from './support/extract-ways';
import { parseHtml } from '../../scripts/parse-html';

// A news page whose lead picture and its caption are separate blocks (written for these
// tests).
const URL = 'https://news.example/2022/05/school-holidays';
const CAPTION = 'There are three holiday periods in the school year. Photo: Andina';
const PARAS = [
  'Pupils of every level went back to their classrooms at the end of March, and less than a ' +
    'month later the minister announced that the schools could fill them to capacity again.',
  'The calendar for this year was set by a ministerial resolution: thirty-six weeks of ' +
    'classes across the country and three periods of rest, the first of them in mid-May.',
];
const article = PARAS.map((p) => `<p>${p}</p>`).join('');
const figure = (alt: string) =>
  `<figure><img src="https://news.example/img/lead.png" alt="${alt}"></figure>`;

describe.each(Object.entries(rootDoms(URL)))('removeOrphanCaptions (%s)', (_, parse) => {
  // `content` is the clip's content; the page holds the picture besides.
  const clean = (content: string, page = figure(CAPTION)) =>
    cleanedText(parse, content, (root) => removeOrphanCaptions(root, parse(page)));

  it('drops a caption whose picture the clip lost', () => {
    const text = clean(`<div class="descent"><span>${CAPTION}</span></div>${article}`);
    expect(text).not.toContain('holiday periods in the school year');
    expect(text).toContain('three periods of rest');
  });

  it('keeps a caption beside its picture, and text that only looks like one', () => {
    // The picture is in the clip.
    expect(clean(`${figure(CAPTION)}<p>${CAPTION}</p>${article}`)).toContain(
      'holiday periods in the school year',
    );
    // The same text with no credit: a paragraph an alternative text repeats.
    const plain = PARAS[0]!;
    expect(clean(article, figure(plain))).toContain('back to their classrooms');
    // A credit line no picture on the page has as its text.
    const other = 'The minister at the press conference. Photo: Andina';
    expect(clean(`<p>${other}</p>${article}`)).toContain('at the press conference');
  });
});

describe('a caption set apart from a picture the page keeps hidden', () => {
  it.each(EXTRACT_WAYS)('is not in the clip (%s)', (_, run) => {
    const page =
      '<!DOCTYPE html><html><head><title>School holidays 2022</title></head><body><article>' +
      `<h1>School holidays 2022</h1><figure hidden><img src="https://news.example/img/lead.png" alt="${CAPTION}"></figure>` +
      `<div class="descent"><span>${CAPTION}</span></div>${article}</article></body></html>`;
    const r = run(parseHtml(page, URL), URL, {});
    expect(r.body).toContain('three periods of rest');
    expect(r.body).not.toContain('holiday periods in the school year');
  });
});
