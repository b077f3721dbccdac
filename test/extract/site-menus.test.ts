import { describe, expect, it } from 'vitest';
import { cleanedText, rootDoms } from './support/root-doms';
import { removeClutter } from '../../lib/extract/clutter';

// A hand-made site's menu written into the page, marking the page being read. Each case is a
// small article body written for these tests; it runs in jsdom (the page DOM) and linkedom
// (the command line's working document).

const PAGE = 'https://www.example.de/baumgutachten.htm';
const ARTICLE =
  '<p>A tree survey needs knowledge and experience alike: only who understands how a tree ' +
  'works, and watches it over the years, can judge whether it is safe.</p>';
const item = (page: string, text: string, rest = '') =>
  `<li><a href="https://www.example.de/${page}.htm">${text}</a>${rest}</li>`;
// The same items in a styling wrapper, as an old hand-made site writes them.
const wrapped = (page: string, text: string, rest = '') =>
  `<li><span class="read"><a href="https://www.example.de/${page}.htm">${text}</a>${rest}<br></span>`;

describe.each(Object.entries(rootDoms(PAGE)))('site menus (%s)', (_, parse) => {
  const clean = (html: string) => cleanedText(parse, html, (root) => removeClutter(root, PAGE));

  it("drops a list of the site's pages that marks the current one, with its heading", () => {
    const text = clean(
      `${ARTICLE}<h2>Leistungen und Informationen</h2><ul>${item('baumgutachten', 'Baumgutachten', ' (diese Seite)')}` +
        `${item('wert', 'Gehölzwertermittlung')}${item('eiche', 'Eiche', ' Baumbeschreibung')}</ul>`,
    );
    expect(text).toContain('can judge whether it is safe.');
    expect(text).not.toContain('Leistungen');
    expect(text).not.toContain('Gehölzwertermittlung');
    const old = clean(
      `${ARTICLE}<h2>Leistungen</h2><ul>${wrapped('baumgutachten', 'Baumgutachten', ' (diese Seite)')}` +
        `${wrapped('wert', 'Gehölzwertermittlung')}${wrapped('eiche', 'Eiche', ' Baumbeschreibung')}</ul>`,
    );
    expect(old).toContain('can judge whether it is safe.');
    expect(old).not.toMatch(/Leistungen|Gehölzwertermittlung/);
  });

  it("keeps a list of links that marks no page, and one whose items are the article's sentences", () => {
    const text = clean(
      `${ARTICLE}<h2>Further reading</h2><ul>${item('a', 'Oak')}${item('b', 'Birch')}${item('c', 'Beech')}</ul>` +
        '<ul><li>We survey trees on this page of the register (this page) first.</li>' +
        `${item('d', 'Lime')}${item('e', 'Ash')}</ul>`,
    );
    expect(text).toContain('Further reading');
    expect(text).toContain('Beech');
    expect(text).toContain('on this page of the register');
  });
});
