import { describe, expect, it } from 'vitest';
import { cleanedText, rootDoms } from './support/root-doms';
import { removeAboutSite } from '../../lib/extract/about-site';
import { removeClutter } from '../../lib/extract/clutter';

// The site's description of itself closing the page. Each case is a small article body
// written for these tests; it runs in jsdom (the page DOM) and linkedom (the command line's
// working document).

const PAGE = 'https://www.example.de/presse/windpark';
const PARA =
  '<p>The operator connected the last of the twelve turbines on Friday, two months ahead of ' +
  'the schedule agreed with the grid company and the district council last spring.</p>';
const ARTICLE = PARA.repeat(4);
const ABOUT =
  '<h1><br>Über das Presse- und Medienportal www.example.de</h1>' +
  '<p>Seit 1999 werden über das Portal Pressemitteilungen von Firmen aus der Energiewirtschaft ' +
  'an einen großen Verteilerkreis versendet.</p>' +
  '<p><strong>Nutzung der Pressemitteilungen</strong></p><p>Die Nutzung für redaktionelle ' +
  'Zwecke ist honorarfrei.</p>';

describe.each(Object.entries(rootDoms(PAGE)))('removeAboutSite (%s)', (_, parse) => {
  const clean = (html: string, rule: (root: Element) => void = removeAboutSite) =>
    cleanedText(parse, html, rule);

  it("drops a closing section about the site, headed with the site's address", () => {
    const text = clean(`<div class="news">${ARTICLE}</div><div>${ABOUT}</div>`);
    expect(text).toContain('the last of the twelve turbines');
    expect(text).toContain('district council last spring.');
    expect(text).not.toContain('Presse- und Medienportal');
    expect(text).not.toContain('Verteilerkreis');
    expect(text).not.toContain('honorarfrei');
  });

  it('runs with the cleaning steps', () => {
    const text = clean(`${ARTICLE}${ABOUT}`, (root) => removeClutter(root, PAGE));
    expect(text).not.toContain('Verteilerkreis');
  });

  it('keeps an "about" heading naming no address, one with the article after it, and a page that is only the section', () => {
    const named = clean(`${ARTICLE}<h2>Über die Windparks der Region</h2>${PARA}`);
    expect(named).toContain('Über die Windparks der Region');
    const long = clean(`${ARTICLE}${ABOUT}${PARA.repeat(25)}`);
    expect(long).toContain('Verteilerkreis');
    const alone = clean(`${PARA}${ABOUT}`);
    expect(alone).toContain('Verteilerkreis');
  });
});
