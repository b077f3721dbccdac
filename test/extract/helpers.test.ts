import { describe, expect, it, vi } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { codeText, languageOf } from '../../lib/extract/code';
import {
  hasText,
  normalizedText,
  normalizedTextUpTo,
  parseFragment,
  parseFragments,
} from '../../lib/extract/dom';
import { renderFrontmatter, withFrontmatter } from '../../lib/clip-markdown';
import { buildFrontmatter } from '../../lib/extract/frontmatter';
import { bestSrcsetUrl, isTrackingPixel } from '../../lib/extract/images';
import { mathmlToTex } from '../../lib/extract/mathml-to-tex';
import { normalizeDate } from '../../lib/extract/metadata';
import { countWords } from '../../lib/extract/word-count';
import { cleanTitle } from '../../lib/extract/title';
import {
  isVideoPlayerUrl,
  parseSrcset,
  resolveLink,
  resolveMedia,
  resolveSrcset,
  siteOf,
} from '../../lib/extract/urls';
import { tidyMarkdown } from '../../lib/extract/whitespace';
import { parseHtml } from '../../scripts/parse-html';
import { documentDoms } from './support/root-doms';

const el = (html: string, selector = 'body > *'): Element => {
  const doc = parseHtml(`<!DOCTYPE html><html><body>${html}</body></html>`, 'https://example.com/');
  return doc.querySelector(selector)!;
};

describe('short text', () => {
  it('is the normalized text when that is short enough, whatever whitespace the page has', () => {
    // 2,000 spaces between two words still normalize to one.
    const spaced = el(`<p>  Read   <b>more</b>${' '.repeat(2000)}<i>here</i>\n </p>`);
    expect(normalizedTextUpTo(spaced, 14)).toBe('Read more here');
    expect(normalizedTextUpTo(spaced, 13)).toBeNull();
    expect(normalizedTextUpTo(el('<p> \n </p>'), 0)).toBe('');
    const long = el(`<div><p>${'word '.repeat(5000)}</p></div>`);
    expect(normalizedTextUpTo(long, 100)).toBeNull();
    expect(normalizedTextUpTo(long, 30000)).toBe(normalizedText(long));
  });

  it('tells text from whitespace alone', () => {
    expect(hasText(el('<div> <span>\n</span> </div>'))).toBe(false);
    expect(hasText(el('<div> <span>\n</span> x</div>'))).toBe(true);
    // The same set `trim` removes: a no-break space and a line separator are white space.
    expect(hasText(el('<div>\u00a0<!-- a comment --><b>\u2028</b></div>'))).toBe(false);
    const text = el('<p> x</p>').firstChild!;
    expect([hasText(text), hasText(el('<p> </p>').firstChild!)]).toEqual([true, false]);
  });
});

describe('frontmatter', () => {
  it('quotes every value, keeps the key order and survives hostile strings', () => {
    const data = buildFrontmatter({
      title: 'A: "quoted" # not a comment\n---\nkey: injected',
      source: 'https://example.com/a?b=1&c=2',
      author: "O'Brien",
      published: '2024-01-02',
      site: null,
      clipped: new Date('2026-01-02T03:04:05Z'),
      tags: ['one', ' two ', ''],
      extra: { pageclip_id: '0b7c', title: 'ignored: fixed keys win' },
    });
    expect(Object.keys(data)).toEqual([
      'title',
      'source',
      'author',
      'published',
      'clipped',
      'tags',
      'pageclip_id',
    ]);
    const text = renderFrontmatter(data);
    expect(text.startsWith('---\n')).toBe(true);
    expect(text.endsWith('\n---\n')).toBe(true);
    expect(text).toContain('published: "2024-01-02"');
    expect(text.split('\n').filter((l) => l === '---')).toHaveLength(2);
    expect(parseYaml(text.slice(4, -4))).toEqual({
      title: 'A: "quoted" # not a comment\n---\nkey: injected',
      source: 'https://example.com/a?b=1&c=2',
      author: "O'Brien",
      published: '2024-01-02',
      clipped: '2026-01-02T03:04:05.000Z',
      tags: ['one', 'two'],
      pageclip_id: '0b7c',
    });
  });

  it('leaves out empty values and puts a blank line before the body', () => {
    expect(renderFrontmatter({ a: null, b: '', c: [] })).toBe('');
    expect(withFrontmatter({ title: 'T' }, 'Body\n')).toBe('---\ntitle: "T"\n---\n\nBody\n');
    expect(withFrontmatter({}, 'Body\n')).toBe('Body\n');
  });
});

describe('urls', () => {
  it("names a URL's site by its host without www. and port, in lower case", () => {
    expect(siteOf(new URL('https://WWW.Mag.example:8443/a'))).toBe('mag.example');
    expect(siteOf(new URL('https://mag.example/b'))).toBe('mag.example');
    expect(siteOf(new URL('https://blog-mag.example/'))).toBe('blog-mag.example');
  });

  it('tells video players from pictures', () => {
    expect(isVideoPlayerUrl('https://www.youtube.com/embed/abc')).toBe(true);
    expect(isVideoPlayerUrl('//player.vimeo.com/video/1')).toBe(true);
    expect(isVideoPlayerUrl('https://i.ytimg.com/vi/abc/hqdefault.jpg')).toBe(false);
  });

  it('resolves links and refuses unsafe schemes, even obfuscated', () => {
    expect(resolveLink('../b?x=1#y', 'https://e.com/a/c/')).toBe('https://e.com/a/b?x=1#y');
    expect(resolveLink('//cdn.e.com/x', 'https://e.com/')).toBe('https://cdn.e.com/x');
    expect(resolveLink('mailto:a@e.com', 'https://e.com/')).toBe('mailto:a@e.com');
    for (const bad of [
      'javascript:alert(1)',
      ' JAVASCRIPT:x',
      'java\tscript:x',
      'vbscript:x',
      'data:text/html,x',
      'file:///etc/passwd',
      '',
    ]) {
      expect(resolveLink(bad, 'https://e.com/')).toBeNull();
    }
    expect(resolveMedia('data:image/png;base64,AAAA', 'https://e.com/')).toBeNull();
    // Twice-escaped ampersands from CMSs (`&amp;amp;` in the HTML).
    expect(resolveLink('https://e.com/v?rel=0&amp;start=17', 'https://e.com/')).toBe(
      'https://e.com/v?rel=0&start=17',
    );
    expect(resolveMedia('img.png', 'https://e.com/a/')).toBe('https://e.com/a/img.png');
    // Any twice-escaped entity, numeric ones included: an apostrophe in a text fragment.
    expect(resolveLink('/p#:~:text=The%20Council&#x27;s&#39;&quot;', 'https://e.com/')).toBe(
      "https://e.com/p#:~:text=The%20Council's'%22",
    );
    expect(resolveMedia('/i.png?a=1&AMP;b=2&#0;', 'https://e.com/')).toBe(
      'https://e.com/i.png?a=1&b=2&#0;',
    );
  });

  it('parses srcset like the HTML spec, commas inside URLs included', () => {
    expect(
      parseSrcset(
        'https://i.e.com/c_fill,w_300/a.jpg 300w, https://i.e.com/c_fill,w_900/a.jpg 900w',
      ),
    ).toEqual([
      { url: 'https://i.e.com/c_fill,w_300/a.jpg', width: 300, density: null },
      { url: 'https://i.e.com/c_fill,w_900/a.jpg', width: 900, density: null },
    ]);
    expect(parseSrcset('a.jpg, b.jpg 2x')).toEqual([
      { url: 'a.jpg', width: null, density: 1 },
      { url: 'b.jpg', width: null, density: 2 },
    ]);
    expect(resolveSrcset('a.jpg 1x, javascript:x 2x, b.jpg 640w', 'https://e.com/p/')).toBe(
      'https://e.com/p/a.jpg, https://e.com/p/b.jpg 640w',
    );
  });
});

describe('images', () => {
  it('picks the widest, else the densest candidate', () => {
    expect(bestSrcsetUrl(['s.jpg 320w, l.jpg 1280w', 'm.jpg 640w'])).toBe('l.jpg');
    expect(bestSrcsetUrl(['a.jpg 1x, b.jpg 3x, c.jpg 2x'])).toBe('b.jpg');
    expect(bestSrcsetUrl([''])).toBeNull();
  });

  it('recognises tracking pixels by size and by beacon URL', () => {
    expect(isTrackingPixel(el('<img src="https://e.com/a.gif" width="1" height="1">'))).toBe(true);
    expect(isTrackingPixel(el('<img src="https://www.google-analytics.com/collect?v=1">'))).toBe(
      true,
    );
    expect(isTrackingPixel(el('<img src="https://e.com/pixel-art-gallery.jpg" width="800">'))).toBe(
      false,
    );
  });
});

describe('code', () => {
  it('finds the language in classes and attributes of the block and its wrappers', () => {
    expect(languageOf(el('<pre><code class="language-rust">x</code></pre>'))).toBe('rust');
    expect(languageOf(el('<pre class="brush: php; gutter: false">x</pre>'))).toBe('php');
    expect(
      languageOf(el('<div class="highlight highlight-source-python"><pre>x</pre></div>', 'pre')),
    ).toBe('python');
    expect(languageOf(el('<figure class="highlight cpp"><pre>x</pre></figure>', 'pre'))).toBe(
      'cpp',
    );
    expect(languageOf(el('<pre data-language="Go">x</pre>'))).toBe('go');
    expect(languageOf(el('<pre class="nohighlight">x</pre>'))).toBeNull();
  });

  it('keeps line structure from br, line elements and newlines without doubling', () => {
    expect(codeText(el('<pre>a<br>b<br><br>c</pre>'))).toBe('a\nb\n\nc');
    expect(codeText(el('<pre><div>a</div><div></div><div>c</div></pre>'))).toBe('a\n\nc');
    expect(
      codeText(
        el(
          '<pre><span class="line">a</span>\n<span class="line"></span>\n<span class="line">c</span></pre>',
        ),
      ),
    ).toBe('a\n\nc');
    expect(
      codeText(el('<pre><span class="line">a</span><br><span class="line">b</span><br></pre>')),
    ).toBe('a\nb');
    expect(codeText(el('<pre>  indented\n&lt;tag&gt; &amp;&nbsp;x  \n\n</pre>'))).toBe(
      '  indented\n<tag> & x',
    );
  });
});

describe('mathml-to-tex', () => {
  it('converts the common presentation elements', () => {
    const math = (inner: string) => el(`<math>${inner}</math>`, 'math');
    expect(mathmlToTex(math('<mfrac><mi>a</mi><mi>b</mi></mfrac>'))).toBe('\\frac{a}{b}');
    expect(mathmlToTex(math('<msup><mi>x</mi><mn>10</mn></msup>'))).toBe('x^{10}');
    expect(mathmlToTex(math('<msubsup><mo>∑</mo><mi>i</mi><mi>n</mi></msubsup>'))).toBe(
      '\\sum_i^n',
    );
    expect(mathmlToTex(math('<msqrt><mi>π</mi></msqrt><mo>≤</mo><mn>2</mn>'))).toBe(
      '\\sqrt{\\pi} \\le 2',
    );
    expect(mathmlToTex(math('<mi>sin</mi><mi>θ</mi>'))).toBe('\\sin \\theta');
    expect(mathmlToTex(math('<mroot><mi>x</mi><mn>3</mn></mroot>'))).toBe('\\sqrt[3]{x}');
  });

  it('writes a numbered equation with \\tag, alignments as aligned and matrices as matrix', () => {
    const math = (inner: string) => el(`<math>${inner}</math>`, 'math');
    expect(
      mathmlToTex(
        math(
          '<mtable displaystyle="true"><mlabeledtr><mtd><mtext>(</mtext><mo>⋆</mo><mtext>)</mtext></mtd><mtd><mi>a</mi><mo>=</mo><mi>b</mi></mtd></mlabeledtr></mtable>',
        ),
      ),
    ).toBe('a = b \\tag{\\star}');
    const rows =
      '<mtr><mtd><mi>x</mi></mtd><mtd><mi>y</mi></mtd></mtr><mtr><mtd><mi>u</mi></mtd><mtd><mi>v</mi></mtd></mtr>';
    expect(mathmlToTex(math(`<mtable columnalign="right left">${rows}</mtable>`))).toBe(
      '\\begin{aligned}x & y \\\\ u & v\\end{aligned}',
    );
    expect(mathmlToTex(math(`<mtable>${rows}</mtable>`))).toBe(
      '\\begin{matrix}x & y \\\\ u & v\\end{matrix}',
    );
  });

  it('stops at a depth limit instead of overflowing the stack', () => {
    // Past the limit the content is left out: a hostile page cannot make the walk as deep as
    // it likes (3,000 levels took 11 s to parse in jsdom; 300 show the same).
    const deep = '<mrow>'.repeat(300) + '<mi>x</mi>' + '</mrow>'.repeat(300);
    expect(mathmlToTex(el(`<math>${deep}</math>`, 'math'))).not.toContain('x');
    const shallow = '<mrow>'.repeat(20) + '<mi>x</mi>' + '</mrow>'.repeat(20);
    expect(mathmlToTex(el(`<math>${shallow}</math>`, 'math'))).toContain('x');
  });
});

describe('metadata', () => {
  it('removes a site name only when it is the site', () => {
    expect(
      cleanTitle('Bees count | The Daily Example', 'The Daily Example', 'https://daily.example/x'),
    ).toBe('Bees count');
    expect(
      cleanTitle('Example Times: Harbour reopens', null, 'https://www.exampletimes.com/x'),
    ).toBe('Example Times: Harbour reopens');
    expect(
      cleanTitle('Harbour reopens - exampletimes.com', null, 'https://www.exampletimes.com/x'),
    ).toBe('Harbour reopens');
    expect(
      cleanTitle('Rust - a language empowering everyone', 'Blog', 'https://blog.example/x'),
    ).toBe('Rust - a language empowering everyone');
  });

  it('removes a short tail that names the site in words, as a run of them spells a host label', () => {
    expect(cleanTitle('Bohnenviertel - Stadt Stuttgart', null, 'https://www.stuttgart.de/x')).toBe(
      'Bohnenviertel',
    );
    expect(cleanTitle('Download - Python Wiki', null, 'https://wiki.python.org/x')).toBe(
      'Download',
    );
    expect(
      cleanTitle('Unser wahres Ich - brand eins online', null, 'https://www.brandeins.de/x'),
    ).toBe('Unser wahres Ich');
    expect(cleanTitle('Figuren - Rueda in Berlin', null, 'http://rueda.wikidot.com/x')).toBe(
      'Figuren',
    );
    // A headline that mentions the site's address, a long tail, a kind of site, a head.
    expect(
      cleanTitle('Outdoornews - Neue Karten auf Gipfelbuch.ch', null, 'https://gipfelbuch.ch/x'),
    ).toBe('Outdoornews - Neue Karten auf Gipfelbuch.ch');
    expect(
      cleanTitle(
        'Run Windows - Parallels Desktop for your Mac',
        null,
        'https://www.parallels.com/x',
      ),
    ).toBe('Run Windows - Parallels Desktop for your Mac');
    expect(cleanTitle('Sale - Com Store', null, 'https://shop.com.au/x')).toBe('Sale - Com Store');
    expect(cleanTitle('Stadt Stuttgart - Bohnenviertel', null, 'https://stuttgart.de/x')).toBe(
      'Stadt Stuttgart - Bohnenviertel',
    );
  });

  it('removes the site and the slogan after it, and leading parts that name no page', () => {
    expect(
      cleanTitle('Soldering made easy – LimeWorks – IT', null, 'https://www.limeworks.example/x'),
    ).toBe('Soldering made easy');
    expect(
      cleanTitle('The writing style - penmark.net - Web design', null, 'https://penmark.net/x'),
    ).toBe('The writing style');
    expect(
      cleanTitle(
        'A short video : Crimeblog-Archive | On the decline of a genre | Since 2005',
        null,
        'https://archive.crimeblog.example/x',
      ),
    ).toBe('A short video');
    expect(
      cleanTitle(
        'Quiet Pages » Blog Archive » Podcasts in Plex',
        'Quiet Pages',
        'https://q.example/x',
      ),
    ).toBe('Podcasts in Plex');
    expect(cleanTitle('Blog Archiv » Podcasts in Plex', null, 'https://q.example/x')).toBe(
      'Podcasts in Plex',
    );
    // Before "Blog Archive" stands the site, whether or not its name is known.
    expect(
      cleanTitle(
        'Four Years Remaining » Blog Archive » Podcasts in Plex',
        null,
        'https://q.example/x',
      ),
    ).toBe('Podcasts in Plex');
    // A site name that repeats the headline leaves the headline.
    expect(
      cleanTitle(
        'Wind farm shares for everyone | WindCo',
        'Wind farm shares for everyone',
        'https://windco.example/x',
      ),
    ).toBe('Wind farm shares for everyone');
    // The site in front goes as before.
    expect(cleanTitle('LimeWorks - Soldering made easy', null, 'https://limeworks.example/x')).toBe(
      'Soldering made easy',
    );
  });

  it('removes parts that name nothing, other bars, and accents that differ from the host', () => {
    const u = 'https://news.example/x';
    expect(cleanTitle('Shops close faster » ☆☆☆☆☆', null, u)).toBe('Shops close faster');
    expect(cleanTitle('08.11.2021 | Online day of remembrance', null, u)).toBe(
      'Online day of remembrance',
    );
    expect(cleanTitle('Lockdown: services go on › news.example', null, u)).toBe(
      'Lockdown: services go on',
    );
    expect(
      cleanTitle('Become a tester │ Crème Market', null, 'https://creme-market.example/x'),
    ).toBe('Become a tester');
    expect(cleanTitle('Olympic riding stays |', null, u)).toBe('Olympic riding stays');
    // A dash at the end can be the title's own.
    expect(cleanTitle('TIL: git switch -', null, u)).toBe('TIL: git switch -');
    expect(cleanTitle('« Privatising is for the few »', null, u)).toBe(
      '« Privatising is for the few »',
    );
    // The declared site name glued on, as Chinese and Japanese titles join their parts.
    expect(cleanTitle('NEWS WEB EASY|子どもへの体罰を禁止する', 'NEWS WEB EASY', u)).toBe(
      '子どもへの体罰を禁止する',
    );
    expect(cleanTitle('海外留学生看两会_中国青年网', '中国青年网', u)).toBe('海外留学生看两会');
    expect(cleanTitle('Spider-Man', null, u)).toBe('Spider-Man');
    expect(cleanTitle('GdP-Vize: Hearing today', 'GdP', u)).toBe('GdP-Vize: Hearing today');
    // A year is no date alone.
    expect(cleanTitle('Riding returns - 2028', null, u)).toBe('Riding returns - 2028');
  });

  it('counts words, and CJK characters one by one', () => {
    expect(countWords('Hello, world! It’s 2024 — state-of-the-art.')).toBe(4 + 1);
    expect(countWords('緑茶をおいしく')).toBe(7);
    expect(countWords('緑茶 and tea')).toBe(4);
    // Korean separates its words with spaces.
    expect(countWords('녹차를 맛있게 마시는 법')).toBe(4);
    expect(countWords('')).toBe(0);
  });

  it('normalizes dates', () => {
    expect(normalizeDate('2024-03-14T07:00:00Z')).toBe('2024-03-14T07:00:00Z');
    expect(normalizeDate('March 14, 2024 07:00 UTC')).toBe('2024-03-14T07:00:00.000Z');
    expect(normalizeDate('not a date')).toBeNull();
  });
});

describe('whitespace', () => {
  it('cleans prose but leaves fenced code alone', () => {
    const md =
      'Para   \n\n\n\n      indented prose\n\n```\n  code\n\n\n\n  kept\n```\n\n- item\n\n    continuation\n\nlast\\\n\n\\\n\nend\u00a0here';
    expect(tidyMarkdown(md)).toBe(
      'Para\n\nindented prose\n\n```\n  code\n\n\n\n  kept\n```\n\n- item\n\n    continuation\n\nlast\n\nend here\n',
    );
    expect(tidyMarkdown('\n\n')).toBe('');
  });

  it('drops soft hyphens outside code, so a search finds the word', () => {
    expect(tidyMarkdown('Ann Kiess\u00adling hat vie\u00adle\n\n```\na\u00adb\n```')).toBe(
      'Ann Kiessling hat viele\n\n```\na\u00adb\n```\n',
    );
  });

  it('drops thematic breaks at either end of the body, keeps those between blocks', () => {
    expect(tidyMarkdown('---\n\nIntro\n\n* * *\n\nMore\n\n___\n')).toBe('Intro\n\n* * *\n\nMore\n');
    expect(tidyMarkdown('```\n---\n```')).toBe('```\n---\n```\n');
  });

  it('drops a paragraph of a lone full stop, not one closing a line or in code', () => {
    expect(tidyMarkdown('Before\n\n.\n\nAfter\n\n·\n\nEnd\n.\n\n```\n.\n```\n\n- .')).toBe(
      'Before\n\nAfter\n\nEnd\n.\n\n```\n.\n```\n\n- .\n',
    );
  });
});

describe.each(documentDoms('https://example.com/'))('parseFragments (%s)', (_, parse) => {
  it('gives what parseFragment gives each, with one parse for the ones made only of images', () => {
    const doc = parse('<!DOCTYPE html><html><head></head><body></body></html>');
    const htmls = [
      '<img src="/a.jpg" alt="A field">',
      // A quoted value may hold ">", and an unclosed one runs on: parsed alone.
      `<img src="/b.jpg" alt='1 > 0'> <img src=/c.jpg>`,
      '<img alt="x>',
      '<textarea><img src="/d.jpg">',
      '<img src="/e.jpg"><p>A caption</p>',
      '<img src="/f.jpg" />',
    ];
    const html = (fragment: DocumentFragment) => {
      const box = doc.createElement('div');
      box.append(fragment);
      return box.innerHTML;
    };
    const view = doc.defaultView as { DOMParser?: typeof DOMParser } | null;
    const Parser = view?.DOMParser ?? globalThis.DOMParser;
    const parses = vi.spyOn(Parser.prototype, 'parseFromString');
    let batched: string[];
    try {
      batched = parseFragments(doc, htmls).map(html);
      // One for the three made only of images, one for each of the other three.
      expect(parses).toHaveBeenCalledTimes(4);
    } finally {
      parses.mockRestore();
    }
    expect(batched).toEqual(htmls.map((h) => html(parseFragment(doc, h))));
    expect(batched[1]).toContain('/c.jpg');
  });
});
