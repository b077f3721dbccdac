import { describe, expect, it } from 'vitest';
import { dropRubyText } from '../../lib/extract/ruby';
import { documentDoms } from './support/root-doms';
import { EXTRACT_WAYS } from './support/extract-ways';
import { parseHtml } from '../../scripts/parse-html';

const URL = 'https://news.example/easy/law';
const SENTENCE =
  '<ruby>子<rt>こ</rt></ruby>どもへの<ruby>虐待<rp>(</rp><rt>ぎゃくたい</rt><rp>)</rp></ruby>をなくすための' +
  '<ruby>法律<rt>ほうりつ</rt></ruby>ができました。';

describe.each(documentDoms(URL))('dropRubyText (%s)', (_, parse) => {
  it('keeps the annotated text, and a reading only in the parentheses the page gives it', () => {
    const doc = parse(`<!DOCTYPE html><html><body><p>${SENTENCE}</p></body></html>`);
    dropRubyText(doc.body);
    expect(doc.body.textContent).toBe('子どもへの虐待(ぎゃくたい)をなくすための法律ができました。');
  });
});

describe('a Japanese article with readings over its kanji', () => {
  it.each(EXTRACT_WAYS)('reads as plain text in the clip (%s)', (_, run) => {
    const page =
      '<!DOCTYPE html><html lang="ja"><head><title>法律ができる</title></head><body><article>' +
      `<h1>法律ができる</h1>${`<p>${SENTENCE}</p>`.repeat(8)}</article></body></html>`;
    const r = run(parseHtml(page, URL), URL, {});
    expect(r.body).toContain('子どもへの虐待(ぎゃくたい)をなくすための法律ができました。');
    expect(r.body).not.toContain('ほうりつ');
  });
});
