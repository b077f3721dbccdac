import { describe, expect, it } from 'vitest';
import { rootDoms } from './support/root-doms';
import { removeMediaTabs } from '../../lib/extract/media-tabs';

// Photo/video tab switchers in an article. Each case is a small article body written for
// these tests; it runs in jsdom (the page DOM) and linkedom (the command line's working document).

const PAGE = 'https://news.example.com/article/news/20240426/crash-victims-identified';
const ARTICLE =
  '<p>The police named the three people who died in the crash on the main road on Tuesday ' +
  'night, and asked witnesses to come forward.</p>';

const doms = rootDoms(PAGE);

describe.each(Object.entries(doms))('media tabs (%s)', (_, parse) => {
  const clean = (html: string) => {
    const root = parse(html).getElementById('root')!;
    removeMediaTabs(root, PAGE);
    return root.innerHTML.replace(/\s+/g, ' ').trim();
  };

  it('drops photo and video tabs that reload this page', () => {
    const html = clean(
      '<ul class="tabs"><li><a href="?qt-media=0#qt-media">Photo</a></li>' +
        `<li><a href="${PAGE}?qt-media=1#qt-media">Video</a></li></ul>${ARTICLE}`,
    );
    expect(html).not.toContain('Photo');
    expect(html).not.toContain('Video');
    expect(html).not.toContain('<ul');
    expect(html).toContain('asked witnesses to come forward.');
  });

  it('keeps a link named Video that leads elsewhere, and a word in a sentence', () => {
    const html = clean(
      `${ARTICLE}<p><a href="https://video.example/watch?v=1">Video</a></p>` +
        '<p>A <a href="#clip">video</a> of the scene was shared widely.</p>',
    );
    expect(html).toContain('https://video.example/watch?v=1');
    expect(html).toContain('of the scene was shared widely');
  });
});
