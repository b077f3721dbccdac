import { describe, expect, it } from 'vitest';
import { removeEyebrow } from '../../lib/extract/eyebrow';
import { rootDoms } from './support/root-doms';

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
