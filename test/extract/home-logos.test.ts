import { describe, expect, it } from 'vitest';
import { removeHomeLogos } from '../../lib/extract/home-logos';
import { documentDoms } from './support/root-doms';
import { EXTRACT_WAYS } from './support/extract-ways';
import { parseHtml } from '../../scripts/parse-html';

const URL = 'https://www.riders.example/feed/hay';
const TEXT = `<p>${'Good hay is the staple food of every horse in the stable. '.repeat(8)}</p>`;

describe.each(documentDoms(URL))('removeHomeLogos (%s)', (_, parse) => {
  it("removes an image-only link to the site's home page, with its empty frame", () => {
    const doc = parse(
      '<!DOCTYPE html><html><body><article><div class="brand"><a href="/"><img alt="Riders" src="/logo.svg"></a></div>' +
        `<p><a href="https://riders.example/index.php"><img alt="" src="/logo2.png"></a></p>${TEXT}</article></body></html>`,
    );
    removeHomeLogos(doc.body, URL);
    expect(doc.querySelectorAll('img')).toHaveLength(0);
    expect(doc.querySelector('.brand')).toBeNull();
  });

  it('keeps a photo linked to itself or to another page, and a text link home', () => {
    const doc = parse(
      '<!DOCTYPE html><html><body><article>' +
        '<a href="/img/hay.jpg"><img alt="Hay bales" src="/img/hay-small.jpg"></a>' +
        '<a href="/feed/"><img alt="Feed" src="/feed.png"></a>' +
        '<a href="https://other.example/"><img alt="Partner" src="/partner.png"></a>' +
        `<p><a href="/">Back home</a></p>${TEXT}</article></body></html>`,
    );
    removeHomeLogos(doc.body, URL);
    expect(doc.querySelectorAll('img')).toHaveLength(3);
    expect(doc.body.textContent).toContain('Back home');
  });
});

describe("the site's logo at the top of an article", () => {
  it.each(EXTRACT_WAYS)('does not open the clip (%s)', (_, run) => {
    const page =
      '<!DOCTYPE html><html><head><title>Hay or haylage</title></head><body><article>' +
      '<header><a href="/"><img alt="Riders" src="/img/logo.svg"></a><h1>Hay or haylage</h1></header>' +
      `${TEXT}<p><img alt="Bales in the barn" src="/img/bales.jpg"></p>${TEXT}</article></body></html>`;
    const r = run(parseHtml(page, URL), URL, {});
    expect(r.body).not.toContain('logo.svg');
    expect(r.body).toContain('bales.jpg');
  });
});
