import { describe, expect, it } from 'vitest';
import { headlineByline } from '../../lib/extract/headline-byline';
import { documentDoms } from './support/root-doms';
import { EXTRACT_WAYS } from './support/extract-ways';
import { parseHtml } from '../../scripts/parse-html';

// Article headers written for these tests after the shapes news sites and blogs print.
const URL = 'https://news.example/2021/harbour';
const page = (body: string) =>
  `<!DOCTYPE html><html><head><title>Harbour reopens</title></head><body>${body}</body></html>`;
const TEXT = `<p>${'The harbour reopened on Monday after three weeks of repairs to the quay. '.repeat(6)}</p>`;

describe.each(documentDoms(URL))('headlineByline (%s)', (_, parse) => {
  it('reads the line under the headline that names the writers', () => {
    const news = parse(
      page(
        '<article><h1>Harbour reopens</h1><p class="intro-line">Von Jana Roth, Jan Lukas Berg und ' +
          `Sam Lee, NDR</p>${TEXT}</article>`,
      ),
    );
    expect(headlineByline(news)).toBe('Von Jana Roth, Jan Lukas Berg und Sam Lee, NDR');
    const blog = parse(
      page(
        '<div class="post"><h1>Harbour reopens</h1><div class="postdata"><span>Posted by ' +
          `<a href="/u/jane">Jane</a></span> <span>in <a href="/c/news">News</a></span></div>${TEXT}</div>`,
      ),
    );
    expect(headlineByline(blog)).toBe('Posted by Jane');
    // The dateline on the next line is no part of the names.
    const dateline = parse(
      page(
        `<article><h1>Harbour reopens</h1><p>Von Jana Roth<br>Kakuma / Kenia</p>${TEXT}</article>`,
      ),
    );
    expect(headlineByline(dateline)).toBe('Von Jana Roth');
  });

  it('leaves a sentence, a teaser and a line after the article began', () => {
    const sentence = parse(
      page(
        `<article><h1>Harbour reopens</h1><p>Von Berlin aus fährt kein Zug.</p>${TEXT}</article>`,
      ),
    );
    expect(headlineByline(sentence)).toBeNull();
    const teaser = parse(
      page(
        '<article><h1>Harbour reopens</h1><aside><h2>More</h2><p>By Sam Lee</p></aside>' +
          `${TEXT}</article>`,
      ),
    );
    expect(headlineByline(teaser)).toBeNull();
    const late = parse(page(`<article><h1>Harbour reopens</h1>${TEXT}<p>By Sam Lee</p></article>`));
    expect(headlineByline(late)).toBeNull();
    expect(headlineByline(parse(page(`<article>${TEXT}<p>By Sam Lee</p></article>`)))).toBeNull();
  });
});

describe('the author from the line under the headline', () => {
  it.each(EXTRACT_WAYS)('names the clip when nothing else does (%s)', (_, run) => {
    const html = page(
      `<article><h1>Harbour reopens</h1><p>By Giovanni Gaggero | 12/10/2020</p>${TEXT}</article>`,
    );
    expect(run(parseHtml(html, URL), URL, {}).byline).toBe('Giovanni Gaggero');
  });
});
