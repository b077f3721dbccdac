import { describe, expect, it } from 'vitest';
import { rootDoms } from './support/root-doms';
import { removeBoilerplate } from '../../lib/extract/boilerplate';
import { removeClutter } from '../../lib/extract/clutter';

// Page furniture written into the article's own markup. Each case is a small article body
// modelled on markup seen on real sites (written for these tests); it runs in jsdom (the page
// DOM) and linkedom (the command line's working document).

const PAGE = 'https://example.com/blog/2010/letters';
const ARTICLE =
  '<p>It was said that when you are angry you should write a letter to the one who hurt you, ' +
  'and then keep it in a drawer until the anger has passed.</p>' +
  '<p>Today I start. There are so many letters to write, and so many questions to ask.</p>';

const doms = rootDoms(PAGE);

describe.each(Object.entries(doms))('page furniture (%s)', (_, parse) => {
  const clean = (html: string) => {
    const root = parse(html).getElementById('root')!;
    removeBoilerplate(root);
    removeClutter(root, PAGE);
    return (root.textContent ?? '').replace(/\s+/g, ' ').trim();
  };

  it("drops a screen reader's sign for a checkbox, keeping screen-reader text that says something", () => {
    const text = clean(
      `${ARTICLE}<ul><li><span class="wprm-checkbox-container"><input type="checkbox">` +
        '<label><span class="sr-only">&#x25a2; </span></label></span>6 tablespoons flour</li>' +
        '<li><span class="screen-reader-text">Ingredient 2:</span> 2 cups milk</li></ul>',
    );
    expect(text).not.toContain('▢');
    expect(text).toContain('6 tablespoons flour');
    expect(text).toContain('Ingredient 2: 2 cups milk');
  });

  it('drops a breadcrumb trail written straight into the cell that holds the article', () => {
    const text = clean(
      '<table><tr><td><a href="/blog/">Home</a> &raquo; <a href="/blog/2010-00">2010</a> &raquo; ' +
        '<a href="/blog/2010-10">October</a> &raquo; Letters<hr>' +
        `<div class="entry">${ARTICLE}</div></td></tr></table>`,
    );
    expect(text).not.toContain('Home');
    expect(text).not.toContain('October');
    expect(text).toContain('It was said that when you are angry');
    expect(text).toContain('so many questions to ask.');
  });

  it('drops a breadcrumb trail marked up as a heading', () => {
    const text = clean(
      '<h5><a href="/index.php">Home</a> &raquo; <a href="/park.php">The park</a> &raquo; ' +
        `<a href="/news.php">News</a></h5>${ARTICLE}`,
    );
    expect(text).not.toContain('The park');
    expect(text).toContain('It was said that when you are angry');
  });

  it('keeps a sentence with links and arrows in the same cell', () => {
    const text = clean(
      '<div>Open <a href="/settings">Settings</a> &gt; <a href="/privacy">Privacy</a> and turn ' +
        'the switch off, then restart the phone so the change takes effect for every app.' +
        `<hr>${ARTICLE}</div>`,
    );
    expect(text).toContain('Open Settings > Privacy and turn the switch off');
  });

  it('drops the label or credit of an embedded video; a line linking to the video keeps only its link', () => {
    const text = clean(
      `${ARTICLE}<p><strong>VIDEO: Five symptoms that are not lumps</strong></p>` +
        '<figure><img src="/poster.jpg" alt="Poster"></figure><p>Video: jane doe, john roe</p>' +
        '<p>Video: <a href="https://video.example/watch?v=1">The harvest festival</a></p>',
    );
    expect(text).not.toContain('Five symptoms');
    expect(text).not.toContain('jane doe');
    expect(text).toContain('The harvest festival');
    expect(text).not.toMatch(/video:/i);
    expect(text).toContain('It was said that when you are angry');
  });

  it('keeps a video label whose line says more than the link', () => {
    const text = clean(
      `${ARTICLE}<p>Video: <a href="https://video.example/watch?v=2">The harvest festival</a> ` +
        'filmed by the growers themselves</p>',
    );
    expect(text).toContain('Video: The harvest festival filmed by the growers themselves');
  });

  it('keeps "video:" inside a sentence', () => {
    const text = clean(
      `${ARTICLE}<p>The council published a <span>video: its first</span> attempt at a public ` +
        'meeting streamed live, which drew more viewers than the hall could have seated.</p>',
    );
    expect(text).toContain('video: its first attempt');
  });

  it('drops photo and image credit lines with the label in either order', () => {
    const text = clean(
      `${ARTICLE}<p>Photo Credit: Catwalkpictures</p><p><em>Image credit: www.vendor.example/in/</em></p>` +
        '<p>Images: <a href="https://photos.example/a">Smile</a> | <a href="https://photos.example/b">Window</a></p>',
    );
    expect(text).not.toContain('Catwalkpictures');
    expect(text).not.toContain('vendor.example');
    expect(text).not.toContain('Smile');
    expect(text).toContain('so many questions to ask.');
  });
  it('drops a programme\'s "available until" line, keeping one without a date and one in a sentence', () => {
    const text = clean(
      `${ARTICLE}<dl><dt>2 min</dt></dl><dl><dt class="desc-text">Video verfügbar bis 28.02.2021</dt></dl>` +
        '<p>Available until 3 March 2025</p><p>Available until stocks last</p>' +
        '<p>The recording is <span>available until 3 March</span> on the council website.</p>',
    );
    expect(text).not.toContain('Video verfügbar');
    expect(text).not.toContain('Available until 3 March 2025');
    expect(text).toContain('Available until stocks last');
    expect(text).toContain('The recording is available until 3 March on the council website.');
    expect(text).toContain('so many questions to ask.');
  });
});
