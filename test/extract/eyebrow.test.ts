import { describe, expect, it } from 'vitest';
import { removeEyebrow } from '../../lib/extract/eyebrow';
import { documentDoms, rootDoms } from './support/root-doms';
import { EXTRACT_WAYS } from './support/extract-ways';
import { parseHtml } from '../../scripts/parse-html';

describe.each(Object.entries(rootDoms('https://example.com/')))(
  'removeEyebrow (%s)',
  (_, parse) => {
    const cleaned = (html: string) => {
      const root = parse(html).getElementById('root')!;
      removeEyebrow(root);
      return root.innerHTML;
    };
    const HEADLINE = '<h1>Launch anomaly disrupts the mission</h1><p>The rocket lifted off.</p>';

    it('drops the short label right before the first headline, an icon beside it or not', () => {
      for (const kicker of [
        '<div class="category-tags"><span>Product</span><span> Announcements</span></div>',
        '<div class="upper-deck"><span><svg viewBox="0 0 4 4"><circle r="2"></circle></svg></span><span>Off-nominal</span></div>',
        '<p class="text-lg">Blog post</p>',
        '<div class="post-label"><a href="/s/blog/">Blog</a></div>',
      ]) {
        expect(cleaned(kicker + HEADLINE)).toBe(HEADLINE);
      }
    });

    it('drops a kicker named as one at the start of any headline, not its other spans', () => {
      const site = '<h1 class="aural">Ministry of Justice</h1>';
      expect(
        cleaned(
          `${site}<h1><span class="category"><span class="aural">Topic </span>Consumer protection</span>` +
            'Fairer price rises for all</h1>',
        ),
      ).toBe(`${site}<h1>Fairer price rises for all</h1>`);
      for (const kept of [
        '<h1><span class="highlight">Launch</span> anomaly disrupts the mission</h1>',
        '<h1><span class="category">News</span>Rain</h1>',
        '<h1>Launch of the <span class="topic">mission</span> delayed</h1>',
        '<h1><span class="category">Consumer protection:</span> fairer price rises</h1>',
      ]) {
        expect(cleaned(kept)).toBe(kept);
      }
    });

    it('keeps a byline, a date, a sentence, a picture, and labels not beside the headline', () => {
      for (const kept of [
        `<p><a href="/author/jane-doe">Jane Doe</a></p>${HEADLINE}`,
        `<div class="byline">Jane Doe</div>${HEADLINE}`,
        `<div class="topic"><span>Blog</span><div class="articleTitle">DIY: A small colour book</div></div>${HEADLINE}`,
        `<p>12 March 2021</p>${HEADLINE}`,
        `<p><time datetime="2021-03-12">Friday</time></p>${HEADLINE}`,
        `<p>Read this first.</p>${HEADLINE}`,
        `<div><img src="/logo.png" alt="Space"></div>${HEADLINE}`,
        `<p>A label far too long to be a kicker above any headline</p>${HEADLINE}`,
        `<p>Science</p><div>${HEADLINE}</div>`,
        `${HEADLINE}<p>Science</p><h1>A second headline</h1>`,
      ]) {
        expect(cleaned(kept)).toBe(kept);
      }
    });
  },
);

describe('a kicker inside the headline', () => {
  const URL = 'https://ministry.example/consumers/price-rises.html';
  it.each(EXTRACT_WAYS)('is not in the clip (%s)', (_, run) => {
    const para =
      '<p>Energy, banking or telephone contracts: price adjustment clauses are everywhere, and ' +
      'the law says when a company may use them and what it must tell its customers first.</p>';
    const page =
      '<!DOCTYPE html><html><head><title>Ministry | Fairer price rises</title></head><body>' +
      '<h1 class="aural">Ministry of Justice</h1><div id="content"><h1><span class="category">' +
      '<span class="aural">Topic </span>Consumer protection</span>Fairer price rises</h1>' +
      `${para.repeat(4)}</div></body></html>`;
    const r = run(parseHtml(page, URL), URL, {});
    expect(r.body).toContain('price adjustment clauses');
    expect(r.body).not.toContain('Consumer protection');
  });
});

describe.each(documentDoms('https://farm.example/energy/snow.html'))(
  'removeEyebrow beside the headline the og:title names (%s)',
  (_, parse) => {
    const TITLE = 'Snow weighs on solar panels';
    const page = (body: string) =>
      `<!DOCTYPE html><html><head><meta property="og:title" content="${TITLE}"></head><body>` +
      `<ol class="crumbs"><li><a href="/energy/">Energy</a></li><li><h1>${TITLE}</h1></li></ol>` +
      `${body}<p>A blanket of snow costs more than the day's yield.</p></body></html>`;
    const cleaned = (body: string) => {
      const doc = parse(page(body));
      removeEyebrow(doc.body);
      return doc.body.innerHTML;
    };

    it('drops the label before an <h2> headline, with its SVG badge', () => {
      const kicker =
        '<p class="kicker"><span><img src="/img/plus.svg" alt="plus"></span>Photovoltaics</p>';
      const out = cleaned(`${kicker}<h2>${TITLE}</h2>`);
      expect(out).not.toContain('Photovoltaics');
      expect(out).toContain(`<h2>${TITLE}</h2>`);
    });

    it('keeps a label with a photo, and one before a heading that is not the headline', () => {
      for (const kept of [
        `<p><img src="/img/field.jpg" alt="A field">Photovoltaics</p><h2>${TITLE}</h2>`,
        '<p>Photovoltaics</p><h2>Other news</h2>',
      ]) {
        expect(cleaned(kept)).toContain('Photovoltaics');
      }
    });
  },
);

describe('a kicker above an <h2> headline', () => {
  const URL = 'https://farm.example/energy/snow.html';
  it.each(EXTRACT_WAYS)('is not in the clip (%s)', (_, run) => {
    const title = 'Snow weighs on solar panels';
    const para =
      '<p>A blanket of snow on a solar roof costs more than the yield of a winter day: its ' +
      'weight bends frames and cracks glass, and clearing it from a ladder is dangerous.</p>';
    const page =
      `<!DOCTYPE html><html><head><title>${title} | Farm News</title>` +
      `<meta property="og:title" content="${title}"></head><body><nav><ol><li>` +
      `<a href="/energy/">Energy</a></li><li><h1>${title}</h1></li></ol></nav><div id="content">` +
      '<p class="kicker"><span><img src="/img/plus.svg" alt="Farm plus"></span>Photovoltaics</p>' +
      `<h2>${title}</h2>${para.repeat(4)}</div></body></html>`;
    const r = run(parseHtml(page, URL), URL, {});
    expect(r.body).toContain('clearing it from a ladder');
    expect(r.body).not.toContain('Photovoltaics');
  });
});
