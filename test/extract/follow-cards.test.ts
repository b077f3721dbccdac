import { describe, expect, it } from 'vitest';
import { cleanedText, rootDoms } from './support/root-doms';
import { removeClutter } from '../../lib/extract/clutter';

// A card offering to follow the article's topic. Each case is a small article body written for
// these tests; it runs in jsdom (the page DOM) and linkedom (the command line's working
// document).

const PAGE = 'https://www.example.de/news/premiere';
const ARTICLE =
  '<p>The tournament in Saudi Arabia opened on Thursday with a field of forty-eight players, ' +
  'most of them from the European circuit, and a purse larger than any in the region.</p>'.repeat(
    3,
  );

describe.each(Object.entries(rootDoms(PAGE)))('follow cards (%s)', (_, parse) => {
  const clean = (html: string) => cleanedText(parse, html, (root) => removeClutter(root, PAGE));

  it('drops a card offering to follow a topic, its name and description with it', () => {
    const text = clean(
      `${ARTICLE}<div id="interest"><p><a href="/topics/tours"><img src="/tours.svg" alt="Top-Touren"></a></p>` +
        '<div class="col"><p>Top-Touren</p><p>News rund um PGA Tour und European Tour</p>' +
        '<p><small>Über 1.110 Community-Mitglieder folgen diesem Thema.</small></p></div></div>' +
        '<p><small>2,400 readers follow this author</small></p>',
    );
    expect(text).toContain('a purse larger than any in the region.');
    expect(text).not.toMatch(/Top-Touren|PGA Tour|folgen diesem|readers follow/);
  });

  it('keeps a sentence about followers, and the article around a count', () => {
    const text = clean(
      `${ARTICLE}<p>More than 1,110 people follow this topic on the forum, the organisers said, ` +
        'and most of them bought tickets.</p>',
    );
    expect(text).toContain('1,110 people follow this topic on the forum');
  });
});
