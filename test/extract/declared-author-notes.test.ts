import { describe, expect, it } from 'vitest';
import { EXTRACT_WAYS } from './support/extract-ways';
import { parseHtml } from '../../scripts/parse-html';

// A blog post whose JSON-LD declares its author's note, shown again by the theme's author box
// under the post (markup written for these tests, modelled on a WordPress SEO plugin's graph).
const URL = 'https://blog.example/small-nursery/';
const NOTE =
  "I'm Amy and I'm so glad you've stopped by! As a sleep consultant, my goal is to help your " +
  'whole family get the rest it needs. My blog is full of nursery ideas and sleep tips.';
const PARAS = [
  'A small nursery works best when every piece of furniture does two jobs: a dresser that ' +
    'doubles as a changing table saves a square metre you will miss otherwise.',
  'Shelves above the cot are tempting, but keep them for light things only, and fix them to ' +
    'the wall well before the baby arrives and starts to pull himself up.',
  'Remember that you probably need less than you think; borrow what you can for the first ' +
    'months and buy the rest once you know what you actually use.',
];
const graph = (note: string) =>
  JSON.stringify({
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'WebPage',
        '@id': `${URL}#webpage`,
        author: { '@id': 'https://blog.example/#/schema/person/1' },
      },
      {
        '@type': 'Person',
        '@id': 'https://blog.example/#/schema/person/1',
        name: 'Amy Roe',
        description: note,
      },
    ],
  });
const page = (note: string, body: string) =>
  '<!DOCTYPE html><html><head><title>How to set up a small nursery</title>' +
  `<script type="application/ld+json">${graph(note)}</script></head><body>` +
  `<article><h1>How to set up a small nursery</h1>${body}</article></body></html>`;
const box = (text: string) =>
  '<div class="abh_box"><div class="abh_name"><a href="/author/amy/">Amy Roe</a></div>' +
  `<div class="abh_description">${text.replace('! ', '!<br><br>')}</div></div>`;
const article = PARAS.map((p) => `<p>${p}</p>`).join('');

describe("the author's note the page declares", () => {
  it.each(EXTRACT_WAYS)('is not in the clip when an author box shows it (%s)', (_, run) => {
    const r = run(parseHtml(page(NOTE, article + box(NOTE)), URL), URL, {});
    expect(r.body).toContain('once you know what you actually use.');
    expect(r.body).not.toContain('glad you');
    expect(r.body).not.toContain('nursery ideas and sleep tips');
  });

  it.each(EXTRACT_WAYS)(
    'stays when the page declares another note, or only a job title (%s)',
    (_, run) => {
      const other = run(
        parseHtml(page(`${NOTE} Also a runner.`.replace('Amy', 'Eve'), article + box(NOTE)), URL),
        URL,
        {},
      );
      expect(other.body).toContain('nursery ideas and sleep tips');
      const short = 'Editor at the Post, writing about family life and homes.';
      const title = run(parseHtml(page(short, `${article}<p><em>${short}</em></p>`), URL), URL, {});
      expect(title.body).toContain('writing about family life');
    },
  );

  it.each(EXTRACT_WAYS)('stays on a page that is mostly the note (%s)', (_, run) => {
    const r = run(
      parseHtml(page(NOTE, `<p>About me and this blog.</p>${box(NOTE)}`), URL),
      URL,
      {},
    );
    expect(r.body).toContain('nursery ideas and sleep tips');
  });
});
