import { describe, expect, it } from 'vitest';
import { clipMarkdown } from '../../lib/clip-markdown';
import { extract } from '../../lib/extract';
import { fullHeadline } from '../../lib/extract/headline';
import { chooseByline, cleanByline, namesSite } from '../../lib/extract/byline';
import { readMetadata } from '../../lib/extract/metadata';
import { chooseTitle } from '../../lib/extract/title';
import { documentDoms } from './support/root-doms';
import { EXTRACT_WAYS } from './support/extract-ways';
import { parseHtml } from '../../scripts/parse-html';

const URL = 'https://news.example/2021/story';
const noHeading = (): Element | null => null;
const heading = (text: string) => (): Element =>
  parseHtml(`<h1>${text}</h1>`, URL).querySelector('h1')!;

describe('chooseTitle', () => {
  it('gives an untitled page no title rather than inventing one from the host', () => {
    expect(chooseTitle({ article: null, meta: null, firstHeading: noHeading }, null, URL)).toBe('');
    expect(chooseTitle({ article: '  ', meta: '', firstHeading: noHeading }, null, URL)).toBe('');
  });

  it('still falls back to the metadata, then the first heading', () => {
    expect(
      chooseTitle(
        { article: null, meta: 'Harbour reopens', firstHeading: heading('Other') },
        null,
        URL,
      ),
    ).toBe('Harbour reopens');
    expect(
      chooseTitle(
        { article: null, meta: null, firstHeading: heading('Harbour  reopens') },
        null,
        URL,
      ),
    ).toBe('Harbour reopens');
  });

  it('still removes the site name', () => {
    expect(
      chooseTitle(
        { article: 'Harbour reopens | News Example', meta: null, firstHeading: noHeading },
        'News Example',
        URL,
      ),
    ).toBe('Harbour reopens');
  });

  // A page whose title, og:title and og:site_name are all "Icon Mag", with these own headlines.
  const iconMag = (ownHeadlines: string[]) =>
    chooseTitle(
      { article: 'Icon Mag', meta: 'Icon Mag', firstHeading: noHeading, ownHeadlines },
      'Icon Mag',
      'https://iconmag.example/s',
    );

  it("takes the page's own headline when the title is only the site's name", () => {
    // og:title equal to og:site_name; the page's one <h1> names the story.
    expect(iconMag(['Icon Mag', 'Before and after'])).toBe('Before and after');
    // Mostly the host's words, no site name declared.
    expect(
      chooseTitle(
        {
          article: 'Four Years Remaining',
          meta: null,
          firstHeading: noHeading,
          ownHeadlines: ['Interning of small integers'],
        },
        null,
        'https://fouryears.example/x',
      ),
    ).toBe('Interning of small integers');
    // The head's title is read again: Readability shortened "Site » Blog Archive » Post".
    expect(
      chooseTitle(
        {
          article: 'Four Years Remaining',
          meta: 'Four Years Remaining » Blog Archive » Interning of small integers',
          firstHeading: noHeading,
        },
        null,
        'https://fouryears.example/x',
      ),
    ).toBe('Interning of small integers');
  });

  it("keeps a title that names a page of the site, or when no headline is the page's own", () => {
    const lab = 'https://sibenlab.example/p/privacy';
    expect(
      chooseTitle(
        {
          article: 'SibenLab privacy policy',
          meta: null,
          firstHeading: noHeading,
          ownHeadlines: ['privacy policy'],
        },
        null,
        lab,
      ),
    ).toBe('SibenLab privacy policy');
    // Only headlines that are the site's name too.
    expect(iconMag(['Icon Mag'])).toBe('Icon Mag');
  });

  it("skips Readability's one-word title that the page never shows (an id, a CMS's name)", () => {
    expect(
      chooseTitle(
        {
          article: 'd-161500790',
          meta: 'A nightmare - THE MAGAZINE 52/2018',
          firstHeading: heading('A nightmare'),
          headlines: ['A nightmare'],
        },
        'Mag',
        URL,
      ),
    ).toBe('A nightmare');
    expect(
      chooseTitle(
        { article: 'escenic', meta: 'Plumber jailed after boiler fault', firstHeading: noHeading },
        null,
        URL,
      ),
    ).toBe('Plumber jailed after boiler fault');
    // A one-word title the page shows stays.
    expect(
      chooseTitle(
        { article: 'remoteStorage', meta: 'remoteStorage', firstHeading: heading('remoteStorage') },
        null,
        URL,
      ),
    ).toBe('remoteStorage');
    expect(
      chooseTitle(
        { article: 'Mozilla', meta: 'Mozilla - Wikipedia', firstHeading: noHeading },
        null,
        URL,
      ),
    ).toBe('Mozilla');
  });

  it('leaves an untitled page without a title in the clip and its frontmatter', () => {
    const doc = parseHtml(
      `<html><body><p>${'Quarks and gluons, written without any title. '.repeat(20)}</p></body></html>`,
      URL,
    );
    const r = extract(doc, URL, { now: new Date('2026-01-01T00:00:00Z') });
    expect(r.title).toBe('');
    expect(r.frontmatter.title).toBeUndefined();
    expect(clipMarkdown(r)).not.toContain('news.example"');
  });
});

describe('cleanByline', () => {
  it('removes a "By" prefix and a dangling separator', () => {
    expect(cleanByline('By Jane Doe')).toBe('Jane Doe');
    expect(cleanByline('by: Jane Doe')).toBe('Jane Doe');
    expect(cleanByline('Jane Doe |')).toBe('Jane Doe');
    expect(cleanByline('| Jane Doe')).toBe('Jane Doe');
  });

  it('removes the label a page prints in front of the name, in several languages', () => {
    expect(cleanByline('Autor: Petra Ruland')).toBe('Petra Ruland');
    expect(cleanByline('| Autor: Petra Ruland')).toBe('Petra Ruland');
    expect(cleanByline('Artikel von: hausinfo')).toBe('hausinfo');
    expect(cleanByline('Zeige alle Beiträge von Simon Berg →')).toBe('Simon Berg');
    expect(cleanByline('About the Author - Jane Doe')).toBe('Jane Doe');
    expect(cleanByline('Text und Interview: Max Muster')).toBe('Max Muster');
    expect(cleanByline('von Redaktion')).toBe('Redaktion');
    expect(cleanByline('Par Anne Martin')).toBe('Anne Martin');
    // A name that only starts like a label stays whole.
    expect(cleanByline('Vonda Shepard')).toBe('Vonda Shepard');
    expect(cleanByline('Interview Magazine')).toBe('Interview Magazine');
    expect(cleanByline('Paris Hilton')).toBe('Paris Hilton');
    expect(cleanByline('author-one')).toBe('author-one');
    expect(cleanByline('Author: Bo')).toBe('Bo');
  });

  it('rejects the placeholder a theme prints where no author is set', () => {
    expect(cleanByline('No Author')).toBeNull();
    expect(cleanByline('Alle Beiträge')).toBeNull();
    expect(cleanByline('admin')).toBeNull();
    expect(cleanByline('von wordpressadmin |')).toBeNull();
    expect(cleanByline('Name (erforderlich)')).toBeNull();
    expect(cleanByline('Name (required)')).toBeNull();
    expect(cleanByline('Admina Berg')).toBe('Admina Berg');
  });

  it('removes a date written after the name, month first, with its time', () => {
    expect(cleanByline('By Jane Doe\n      March 25, 2015')).toBe('Jane Doe');
    expect(cleanByline('By ALEX ROWE\n   Nov 3, 2021 9:15 AM')).toBe('ALEX ROWE');
    expect(cleanByline('Sam Lee | Sept. 2020')).toBe('Sam Lee');
    expect(cleanByline('Sam Lee, published on August 4th, 2019')).toBe('Sam Lee');
  });

  it('removes a date or counter glued to the name', () => {
    expect(cleanByline('by Jane Doe14 Feb 2019318')).toBe('Jane Doe');
    expect(cleanByline('Jane Doe · 5 min read')).toBe('Jane Doe');
  });

  it('removes a short weekday before the date, only with its comma', () => {
    expect(cleanByline('Von Jane Doe Fr, 18. Oktober 2019')).toBe('Jane Doe');
    expect(cleanByline('Minh Do 18. Oktober 2019')).toBe('Minh Do');
  });

  it('keeps names that are also month names', () => {
    expect(cleanByline('April Jones')).toBe('April Jones');
    expect(cleanByline('By Theresa May')).toBe('Theresa May');
    expect(cleanByline('June Carter, May 4, 2020')).toBe('June Carter');
  });

  it('rejects a byline that is only a date, with or without its label', () => {
    expect(cleanByline('May 2, 2020 at 6:01 am Updated May 3, 2020 at 3:33 pm')).toBeNull();
    expect(cleanByline('Last Updated: February 7, 2024')).toBeNull();
    expect(cleanByline('Published June 22, 2026')).toBeNull();
    expect(cleanByline('Updated 3 hours ago')).toBeNull();
    expect(cleanByline('Tuesday, 14 March 2023')).toBeNull();
    expect(cleanByline('Posted on')).toBeNull();
    expect(cleanByline('Published by')).toBeNull();
    expect(cleanByline('Veröffentlicht am')).toBeNull();
    expect(cleanByline('Article by')).toBeNull();
    expect(cleanByline('Datum: 19.11.2021')).toBeNull();
  });

  it('takes the name written after the date when none comes before it', () => {
    expect(cleanByline('Posted on May 2, 2020 by Jane Doe | 4 comments')).toBe('Jane Doe');
    expect(cleanByline('am 8. Mai 2020 von Jana Roth')).toBe('Jana Roth');
    expect(cleanByline('Sam Lee, May 2, 2020 by the sea')).toBe('Sam Lee');
  });

  it('removes the label of a date printed elsewhere', () => {
    expect(cleanByline('Jane Doe, posted')).toBe('Jane Doe');
    expect(cleanByline('Von Jana Roth am Samstag, 14. März 2020')).toBe('Jana Roth');
    expect(cleanByline('Par Jean Dupont le 07 mai 2020')).toBe('Jean Dupont');
    expect(cleanByline('Por Ana Ruiz el 7 de mayo de 2020')).toBe('Ana Ruiz');
  });

  it('keeps words that end a name when no date follows', () => {
    expect(cleanByline('Staff at the Harbour Gazette')).toBe('Staff at the Harbour Gazette');
    expect(cleanByline('Joe Friday')).toBe('Joe Friday');
    expect(cleanByline('Minh Le')).toBe('Minh Le');
    expect(cleanByline('Minh Le, 3 March 2021')).toBe('Minh Le');
    expect(cleanByline('Minh Le 3 March 2021')).toBe('Minh Le');
  });

  it("removes the author's home page printed after the name, not one in brackets", () => {
    expect(cleanByline('Dr Jane Doe - https://jane.example/')).toBe('Dr Jane Doe');
    expect(cleanByline('Jane Doe (https://jane.example/)')).toBe(
      'Jane Doe (https://jane.example/)',
    );
  });

  it('rejects link labels, placeholders and URLs', () => {
    expect(cleanByline('. .')).toBeNull();
    expect(cleanByline('Follow Author')).toBeNull();
    expect(cleanByline('More by jdoe')).toBeNull();
    expect(cleanByline('https://social.example/jdoe')).toBeNull();
    expect(cleanByline('Archiv anzeigen')).toBeNull();
    expect(cleanByline('Jana Roth Alle Artikel')).toBe('Jana Roth');
    expect(cleanByline('Erstellt von Jana Roth')).toBe('Jana Roth');
    expect(cleanByline('Jacobo Peláez | Publicado hace 3 horas')).toBe('Jacobo Peláez');
    expect(cleanByline('Profil ansehen')).toBeNull();
  });

  it('rejects long text without searching it for a date', () => {
    expect(cleanByline(`Jane Doe ${'writes about harbours, '.repeat(10)}2021`)).toBeNull();
    const started = performance.now();
    expect(cleanByline(`Jane${' ,'.repeat(50_000)}x 1`)).toBeNull();
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('chooseByline', () => {
  it('falls back to the metadata author when the byline is only a date', () => {
    expect(chooseByline(['May 2, 2020 at 6:01 am', 'Sam Lee'])).toBe('Sam Lee');
    expect(chooseByline(['Last Updated: February 7, 2024', null])).toBeNull();
  });

  it("takes no author from the page's own address", () => {
    expect(chooseByline(['news.example', 'Jane Doe'], URL)).toBe('Jane Doe');
    expect(chooseByline([null, 'News.Example'], URL)).toBeNull();
    expect(chooseByline([null, 'other.example'], URL)).toBe('other.example');
  });

  it('falls back to the author markup when the metadata names no one', () => {
    expect(chooseByline([null, 'https://www.facebook.com/example/', 'Amy Doe'])).toBe('Amy Doe');
  });

  it("tells an author that is the site's own name", () => {
    expect(namesSite('National Geographic', 'National Geographic')).toBe(true);
    expect(namesSite("L'Opinion", 'L’Opinion')).toBe(true);
    expect(namesSite('GESE - La Estrella', 'La Estrella')).toBe(true);
    expect(namesSite('Die Furche', 'Achtsam durch die Krise | Die Furche')).toBe(true);
    expect(namesSite('Sam Held, Dan Hent ebrosia', 'ebrosia')).toBe(false);
    expect(namesSite('Jane Doe', 'The Harbour Gazette')).toBe(false);
    expect(namesSite('Jane Doe', null)).toBe(false);
  });

  it("prefers Readability's byline when it is a name", () => {
    expect(chooseByline(['By Jane Doe\n March 25, 2015', 'Sam Lee'])).toBe('Jane Doe');
  });
});

describe('fullHeadline', () => {
  it('restores the start the title lost at a colon, from the page headline', () => {
    expect(
      fullHeadline('standalone binaries · Engine', [
        'Engine',
        'Beyond the browser: standalone binaries',
      ]),
    ).toBe('Beyond the browser: standalone binaries');
  });

  it('drops a site tail the headline does not repeat', () => {
    expect(fullHeadline('Harbour - Encyclopedia', ['Harbour'])).toBe('Harbour');
  });

  it('keeps the title when a headline only adds a site name or is something else', () => {
    expect(fullHeadline('Harbour reopens', ['Harbour reopens | Daily Example'])).toBe(
      'Harbour reopens',
    );
    expect(fullHeadline('Harbour reopens', ['Read more', 'The harbour reopens'])).toBe(
      'Harbour reopens',
    );
  });
});

describe('JSON-LD text', () => {
  it.each(documentDoms(URL))(
    'reads the HTML a plugin wrote into JSON-LD as text: references in headlines, tags too in names (%s)',
    (_, parse) => {
      const ld = JSON.stringify({
        '@type': 'NewsArticle',
        headline: 'Shops close faster &raquo; why <div> layouts stay',
        author: { '@type': 'Person', name: '<a href="/experts/jane">Jane</a> &amp; Sam Doe' },
        publisher: { '@type': 'Organization', name: 'Daily &#8211; Example' },
      });
      const doc = parse(
        `<html><head><title>Shops close</title><script type="application/ld+json">${ld}</script></head>` +
          '<body><p>Text.</p></body></html>',
      );
      const m = readMetadata(doc);
      expect(m.headlines[0]).toBe('Shops close faster » why <div> layouts stay');
      expect(m.byline).toBe('Jane & Sam Doe');
      expect(m.siteName).toBe('Daily – Example');
    },
  );
});

describe("a title that is only the site's name", () => {
  const article = `<article><p>${'The actress talks about the years before and after her comeback. '.repeat(12)}</p></article>`;
  const head =
    '<head><title>Icon Mag</title><meta property="og:title" content="Icon Mag">' +
    '<meta property="og:site_name" content="Icon Mag"></head>';

  it.each(EXTRACT_WAYS)("gives way to the page's one headline (%s)", (_, run) => {
    const page = `<html>${head}<body><h1>Before and after</h1>${article}</body></html>`;
    expect(run(parseHtml(page, URL), URL, {}).title).toBe('Before and after');
  });

  it.each(EXTRACT_WAYS)('stays when the page has several top headings (%s)', (_, run) => {
    const page =
      `<html>${head}<body><nav><h1>Sections</h1></nav><h1>Before and after</h1>${article}` +
      '</body></html>';
    expect(run(parseHtml(page, URL), URL, {}).title).toBe('Icon Mag');
  });
});

describe("an author that is the site's name", () => {
  const body = (header: string) =>
    `<body><article><header><h1>Goats on the cliffs</h1>${header}</header>` +
    `<p>${'The goats climb the dam wall for the salt in its stones. '.repeat(12)}</p></article></body>`;
  const head =
    '<head><title>Goats on the cliffs</title><meta name="author" content="Wild Magazine">' +
    '<meta property="og:site_name" content="Wild Magazine"></head>';

  it.each(EXTRACT_WAYS)("gives way to the writer the post's header names (%s)", (_, run) => {
    const header =
      '<span class="author vcard"><a class="url fn n" href="/author/mo">Mo Hingston</a></span>';
    const page = `<html>${head}${body(header)}</html>`;
    expect(run(parseHtml(page, URL), URL, {}).byline).toBe('Mo Hingston');
  });

  it.each(EXTRACT_WAYS)('stays when the page names no one else (%s)', (_, run) => {
    const page = `<html>${head}${body('')}</html>`;
    expect(run(parseHtml(page, URL), URL, {}).byline).toBe('Wild Magazine');
  });
});

/** A news article declaring `ld` in JSON-LD, its `<title>` and `<h1>` both `title`. */
function ldPage(title: string, ld: Record<string, unknown>, sentence: string): string {
  const json = JSON.stringify({ '@context': 'https://schema.org', '@type': 'NewsArticle', ...ld });
  return (
    `<html><head><title>${title}</title><script type="application/ld+json">${json}</script></head>` +
    `<body><article><h1>${title}</h1><p>${sentence.repeat(12)}</p></article></body></html>`
  );
}

describe('a JSON-LD name that is no title', () => {
  it.each(EXTRACT_WAYS)('gives way to the title the page shows (%s)', (_, run) => {
    const title = 'Plumber jailed after boiler fault';
    const page = ldPage(title, { headline: 'escenic' }, 'The court heard about the flue. ');
    expect(run(parseHtml(page, URL), URL, {}).title).toBe(title);
  });
});

describe('the clip title and author from JSON-LD', () => {
  it.each(EXTRACT_WAYS)('decodes the HTML Readability leaves in them (%s)', (_, run) => {
    const ld = {
      headline: 'Shops close faster &raquo; a report',
      author: { '@type': 'Person', name: '<a href="/experts/jane-doe">Jane Doe</a>' },
    };
    const page = ldPage('Shops close', ld, 'Small shops in the old town close one after another. ');
    const r = run(parseHtml(page, URL), URL, { now: new Date('2026-01-01T00:00:00Z') });
    expect(r.title).toBe('Shops close faster » a report');
    expect(r.byline).toBe('Jane Doe');
  });
});
