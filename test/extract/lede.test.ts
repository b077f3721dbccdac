import { describe, expect, it } from 'vitest';
import { readArticle } from '../../lib/extract/readability-pass';
import { documentDoms } from './support/root-doms';

const URL = 'https://news.example.com/2024/03/ferry-timetable.html';
const LEDE = [
  'The island ferry will sail twice a day instead of four times from November to March, the operator said on Monday.',
  'Islanders who commute to the mainland say the change leaves them a choice between arriving early and missing their shifts.',
];
const BODY = [
  'The operator said the company had looked at every other saving before touching the timetable, and that summer would not change.',
  'The council has asked for a meeting this week. Its leader said a ferry that runs twice a day is not a lifeline but a postcard.',
  'Crew shortages have hit ferries along the whole coast since the spring, when two training schools closed and sailors retired.',
  'A petition against the cuts has gathered more than two thousand names, as summer visitors have signed it too, the organisers said.',
  'The operator will publish the new timetable on its website on Friday. Season tickets bought before then will be refunded in part.',
];
const paragraphs = (texts: string[]) => texts.map((t) => `<p>${t}</p>`).join('');
// As news pages split a story: each part several wrappers deep in a row of its own, so
// Readability, which takes the siblings of the wrapper it picks, never sees the first part.
const row = (inner: string) =>
  `<section class="row"><div class="column"><div class="column-inner"><div class="story-text">${inner}</div></div></div></section>`;
const body = row(paragraphs(BODY));

function clipped(parse: (html: string) => Document, between: string): string {
  const html = `<html><head><title>Island ferry cuts its winter timetable | Coast News</title></head>
<body><main><div class="top"><h1>Island ferry cuts its winter timetable</h1></div>${between}${body}</main></body></html>`;
  const pageText = (parse(html).body.textContent ?? '').length;
  const outcome = readArticle(
    parse(html),
    () => parse(html),
    () => pageText,
  );
  return (outcome?.content.textContent ?? '').replace(/\s+/g, ' ');
}

describe.each(documentDoms(URL))('the lede in a container of its own (%s)', (_, parse) => {
  it('opens the clip with it, past an ad between it and the body', () => {
    const text = clipped(
      parse,
      `${row(paragraphs(LEDE))}<div class="ad"><p>Advertisement</p></div>`,
    );
    expect(text.indexOf(LEDE[0]!)).toBeGreaterThanOrEqual(0);
    expect(text.indexOf(LEDE[0]!)).toBeLessThan(text.indexOf(LEDE[1]!));
    expect(text.indexOf(LEDE[1]!)).toBeLessThan(text.indexOf(BODY[0]!));
    expect(text).not.toContain('Advertisement');
  });

  it('leaves the caption, the byline and the date where they were', () => {
    const text = clipped(
      parse,
      `<figure><img src="/f.jpg" alt=""><figcaption>The morning ferry at the pier, seen from the harbour wall on Monday.</figcaption></figure>
<p class="story-byline">By Jane Doe, our correspondent on the islands for many years now.</p>
${row(paragraphs(LEDE))}`,
    );
    expect(text).toContain(LEDE[0]);
    expect(text).not.toContain('The morning ferry at the pier');
    expect(text).not.toContain('By Jane Doe');
  });

  it('does not take another story under its own heading, link lists or lines that are no sentence', () => {
    const teaser = `<div class="box"><h2>Harbour wall repaired</h2><p>The harbour wall gets its first repair in forty years, and the fishing fleet is glad of it.</p></div>`;
    expect(clipped(parse, teaser)).not.toContain('harbour wall gets');
    const links = `<div class="box"><p><a href="/a">The harbour wall gets its first repair in forty years</a>, and <a href="/b">the fishing fleet is glad</a>.</p></div>`;
    expect(clipped(parse, links)).not.toContain('harbour wall gets');
    // Lines that end in a link or a date, not a sentence: a call to action, a post's meta line.
    const appeal = row(
      '<p>Make your contribution now and help Coast News thrive this year. <a href="/donate">Donate today</a></p>',
    );
    expect(clipped(parse, appeal)).not.toContain('Make your contribution');
    const meta = row(
      '<p><b>Published on:</b> 28. October 2023 | <b>Comments:</b> none yet so far</p>',
    );
    expect(clipped(parse, meta)).not.toContain('Published on');
  });
});
