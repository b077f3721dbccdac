import { describe, expect, it } from 'vitest';
import { removeTeaserLists } from '../../lib/extract/teaser-lists';
import { rootDoms } from './support/root-doms';
import { EXTRACT_WAYS } from './support/extract-ways';
import { parseHtml } from '../../scripts/parse-html';

// A magazine's page: the article, then a list of the site's other articles in the same
// container, each a linked headline with its deck and picture (written for these tests).
const URL = 'https://mag.example/politik/was-wir-nicht-hoeren-wollen';
const PARAS = [
  'Many suspect it already, but nobody wants to say it, because neither politics nor ' +
    'opposition can be made with it today, and the media have no use for it either.',
  'Do you know the joke about the pessimist and the optimist? Since I heard it, I often ' +
    'no longer know which of the two I am in a given situation, and I doubt I am alone.',
  'So let the poor woman rest at last. She cannot help it that nobody has a plan, and it ' +
    'would do us all good to admit as much before the next round of outrage begins.',
];
const item = (slug: string, title: string, deck: string) =>
  `<li><h2><a href="https://mag.example/${slug}">${title}</a></h2><ul><li>${deck}</li>` +
  `<li><img src="https://mag.example/img/${slug}.jpg" alt=""></li></ul></li>`;
const TEASERS =
  '<ul class="view-content">' +
  '<li><a href="https://mag.example/img/lead.jpg"><img src="https://mag.example/img/lead.jpg" alt=""></a></li>' +
  item('korrektur', 'A correction not quite correct', 'Stumbling blocks of well-meant reporting') +
  item('entfremdung', 'Cultural estrangement 2.0', 'The wheel of history keeps turning') +
  item('internet', 'The dark side of the internet', 'Hate speech and fake news: what to do?') +
  item('farce', 'How something important becomes a farce', 'Denunciation as enlightenment') +
  '</ul>';

describe.each(Object.entries(rootDoms(URL)))('removeTeaserLists (%s)', (_, parse) => {
  const clean = (html: string) => {
    const root = parse(html).getElementById('root')!;
    removeTeaserLists(root, URL);
    return (root.textContent ?? '').replace(/\s+/g, ' ').trim();
  };
  const article = PARAS.map((p) => `<p>${p}</p>`).join('');

  it("drops a closing list of the site's other articles", () => {
    const text = clean(article + TEASERS);
    expect(text).toContain('next round of outrage begins.');
    expect(text).not.toMatch(/correction not quite|estrangement|dark side|farce/);
  });

  it('takes the site with and without www. for one site', () => {
    const www = clean(
      article + TEASERS.replaceAll('https://mag.example/', 'https://www.mag.example/'),
    );
    expect(www).toContain('next round of outrage begins.');
    expect(www).not.toMatch(/correction not quite|estrangement|dark side|farce/);
    // Another site whose name only ends like this one's is not the site.
    const other = clean(
      article + TEASERS.replaceAll('https://mag.example/', 'https://blog-mag.example/'),
    );
    expect(other).toContain('Cultural estrangement');
  });

  it('keeps a list of headlines linked to other sites, and one with the article after it', () => {
    const out = (slug: string, title: string) =>
      `<li><h3><a href="https://${slug}.example/">${title}</a></h3><p>Why we like it.</p></li>`;
    const apps = `<ol>${out('notes', 'Notes app')}${out('maps', 'Maps app')}${out('mail', 'Mail app')}</ol>`;
    expect(clean(article + apps)).toContain('Maps app');
    expect(clean(PARAS[0] + TEASERS + article)).toContain('Cultural estrangement');
  });
});

describe("a list of the site's other articles after the article", () => {
  it.each(EXTRACT_WAYS)('is not in the clip (%s)', (_, run) => {
    const page =
      '<!DOCTYPE html><html><head><title>What we do not want to hear</title></head><body>' +
      `<div class="content"><h1>What we do not want to hear</h1>${PARAS.map((p) => `<p>${p}</p>`).join('')}` +
      `${TEASERS}</div></body></html>`;
    const r = run(parseHtml(page, URL), URL, {});
    expect(r.body).toContain('next round of outrage begins.');
    expect(r.body).not.toMatch(/correction not quite|estrangement|dark side|farce/);
  });
});
