import { describe, expect, it } from 'vitest';
import { findImageEmbeds } from '../../lib/images/embeds';
import { imageOriginPattern, imageOriginPatterns, selectImages } from '../../lib/images/select';
import { importNote, noteFileTitle, restoreUnstored } from '../../lib/images/note';
import { cleanTitle as serverCleanTitle } from '../../server/domain/names';

describe('image embeds', () => {
  it('finds embeds with titles, angle brackets, escapes and inside links; skips fenced code', () => {
    const md = [
      '![A cat](https://e.x/cat.png "The cat")',
      '[![linked](https://e.x/l.jpg)](https://e.x/page)',
      '![with \\[brackets\\]](<https://e.x/a b.png>)',
      '![paren](https://e.x/a_(1).png)',
      '```',
      '![code](https://e.x/not-an-image.png)',
      '```',
      '![after](https://e.x/after.png)',
    ].join('\n');
    const embeds = findImageEmbeds(md);
    expect(embeds.map((e) => e.url)).toEqual([
      'https://e.x/cat.png',
      'https://e.x/l.jpg',
      'https://e.x/a b.png',
      'https://e.x/a_(1).png',
      'https://e.x/after.png',
    ]);
    expect(embeds[0]).toMatchObject({ alt: 'A cat', title: 'The cat' });
    expect(md.slice(embeds[1]!.start, embeds[1]!.end)).toBe('![linked](https://e.x/l.jpg)');
  });

  it('a long run of openers yields no embed (each attempt is bounded)', () => {
    expect(findImageEmbeds('![a]('.repeat(20_000))).toEqual([]);
    expect(findImageEmbeds('!['.repeat(20_000))).toEqual([]);
    const data = `data:image/png;base64,${'A'.repeat(100_000)}`;
    expect(findImageEmbeds(`![big](${data})`).map((e) => e.url)).toEqual([data]);
  });
});

describe('which images a clip keeps', () => {
  it('absolute http(s) and base64 data: images, each address once; relative and other schemes not', () => {
    const md = [
      '![a](https://e.x/a.png) ![again](https://e.x/a.png)',
      '![rel](/local.png) ![js](javascript:alert(1))',
      '![inline](data:image/png;base64,iVBORw0KGgo=)',
      '![svg text](data:image/svg+xml,<svg/>)',
      '![b](http://127.0.0.1:9/b.png)',
    ].join('\n');
    const { candidates } = selectImages(md);
    expect(candidates.map((c) => c.url)).toEqual([
      'https://e.x/a.png',
      'data:image/png;base64,iVBORw0KGgo=',
      'http://127.0.0.1:9/b.png',
    ]);
    expect(candidates[0]!.embeds).toEqual([0, 1]);
  });

  it('caps the count per clip: the rest are named as over the cap', () => {
    const md = Array.from({ length: 5 }, (_, i) => `![${i}](https://e.x/${i}.png)`).join('\n');
    const { candidates, overCount } = selectImages(md, 3);
    expect(candidates).toHaveLength(3);
    expect(overCount).toEqual(['https://e.x/3.png', 'https://e.x/4.png']);
  });

  it('asks for https hosts and this computer; plain-http remote hosts cannot be asked for', () => {
    expect(imageOriginPattern('https://cdn.e.x:8443/a.png')).toBe('https://cdn.e.x/*');
    expect(imageOriginPattern('http://127.0.0.1:8080/a.png')).toBe('http://127.0.0.1/*');
    expect(imageOriginPattern('http://e.x/a.png')).toBeNull();
    const md =
      '![a](https://a.x/1.png) ![b](https://b.x/2.png) ![c](https://a.x/3.png) ![d](data:image/gif;base64,R0lG)';
    expect(imageOriginPatterns(md)).toEqual(['https://a.x/*', 'https://b.x/*']);
  });
});

describe('the imported note', () => {
  const collected = {
    kept: [
      { url: 'https://e.x/a.png', path: 'clip/image-01.png', mimeType: 'image/png', data: 'AA==' },
    ],
    links: [],
    skipped: [],
  };

  it('kept images name their import file (alt text without brackets); others stay', () => {
    const md =
      '![A \\[1\\]](https://e.x/a.png "T") ![b](https://e.x/b.png) ![A](https://e.x/a.png)';
    const note = importNote(md, selectImages(md), collected);
    expect(note).toBe(
      '![A 1](clip/image-01.png "T") ![b](https://e.x/b.png) ![A](clip/image-01.png)',
    );
  });

  it('an embed the service did not rewrite gets its remote address back', () => {
    const out = restoreUnstored('x ![A](clip/image-01.png) ![B](/api/v1/images/1)', collected);
    expect(out.markdown).toBe('x ![A](https://e.x/a.png) ![B](/api/v1/images/1)');
    expect(out.unstored).toEqual(['https://e.x/a.png']);
  });

  it('file names: no path separators or control characters, never empty', () => {
    expect(noteFileTitle('A/B\\C')).toBe('A – B – C');
    expect(noteFileTitle(' \u0001 ')).toBe('Clip');
    expect(noteFileTitle('x'.repeat(300))).toHaveLength(200);
    expect(noteFileTitle('x'.repeat(199) + '😀')).toBe('x'.repeat(199) + '😀'); // never half a character
  });

  it('file names are titles the service stores unchanged, so the page is found by them', () => {
    const titles = [
      'Left\u200eto\u200fright',
      'C1\u0090control\u009f',
      'Next\u0085line',
      'Iso\u2066late\u2069 and \u202eoverride\u202c',
      'Arabic\u061cmark',
      '\u200e/\u200e',
    ];
    for (const title of titles) {
      const file = noteFileTitle(title);
      expect(serverCleanTitle(file)).toBe(file);
    }
    expect(noteFileTitle('Next\u0085line')).toBe('Next line');
    expect(noteFileTitle('Left\u200eto\u200fright')).toBe('Lefttoright');
    expect(noteFileTitle('\u200e')).toBe('Clip');
  });
});
