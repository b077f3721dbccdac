import { describe, expect, it } from 'vitest';
import { absolutizeUrls } from '../../lib/extract/urls';
import { rootDoms } from './support/root-doms';

const PAGE = 'https://news.example.com/2024/05/harbour.html';
const STORY =
  '<p>The harbour authority opened the new quay in spring, after three years of dredging and a long argument about the spoil.</p>' +
  '<p>Fishing boats moved first; the ferries followed in June, and the market will open on the quay every Saturday.</p>';

describe.each(Object.entries(rootDoms(PAGE)))(
  'links that move around the page (%s)',
  (_, parse) => {
    const absolutized = (html: string) => {
      const root = parse(html).getElementById('root')!;
      absolutizeUrls(root, PAGE, PAGE);
      return root;
    };
    const text = (root: Element) => (root.textContent ?? '').replace(/\s+/g, ' ').trim();

    it('drops a line of them: a skip link, jump links, a link to the comments', () => {
      const root = absolutized(
        `<p><a href="#main-content">Pasar al contenido principal</a></p>
       <div>Wechseln zu: <a href="#mw-navigation">Navigation</a>, <a href="#searchInput">Suche</a></div>
       <div id="main-content">${STORY}</div>
       <p><a href="${PAGE}#respond">≈ Leave a comment</a></p>`,
      );
      expect(text(root)).toBe(text(parse(STORY).getElementById('root')!));
    });

    it('keeps the words of one in a sentence, and links to a place the clip holds', () => {
      const root = absolutized(
        `<p>As <a href="#comments">readers said below</a>, the quay is too short.</p>
       <ul><li><a href="#quay">The new quay</a></li></ul><h2 id="quay">The new quay</h2>${STORY}`,
      );
      expect(text(root)).toContain('As readers said below, the quay is too short.');
      expect(root.querySelector('p a')).toBeNull();
      expect(root.querySelector('li a')?.getAttribute('href')).toBe(`${PAGE}#quay`);
    });

    it('keeps a heading linked to its own section, and a line with words beside its link', () => {
      const root = absolutized(
        `<section id="market"><h2><a href="#market">The Saturday market</a></h2>${STORY}</section>
         <div class="post-head"><b>author-one</b> · <a href="#comment-12">2026-01-15 10:30</a></div>`,
      );
      expect(text(root)).toContain('The Saturday market');
      expect(text(root)).toContain('author-one · 2026-01-15 10:30');
    });
  },
);
