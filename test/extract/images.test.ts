import { describe, expect, it } from 'vitest';
import { EXTRACT_WAYS } from './support/extract-ways';
import { parseHtml } from '../../scripts/parse-html';

// A news page whose video a script loads: the player set as a lazy image (written for these
// tests).
const URL = 'https://news.example/2022/05/holidays';
const PROSE =
  'The school year has three holiday periods, and the ministry has now published the dates ' +
  'of each of them, so that families can plan ahead for the weeks the schools are closed.';

describe('a video player set as a lazy image', () => {
  it.each(EXTRACT_WAYS)('is linked as an embedded video, not shown as a picture (%s)', (_, run) => {
    const page =
      '<!DOCTYPE html><html><head><title>School holidays</title></head><body><article>' +
      `<h1>School holidays</h1><p>${PROSE}</p>` +
      '<img alt="Lazy loaded component" width="150" height="150" class="raw-htm-embed" ' +
      'data-src="https://www.youtube.com/embed/lJuHMpxaSU8">' +
      `<p>${PROSE.replace('three', 'four')}</p>` +
      '<img alt="The ministry" data-src="https://news.example/img/ministry.jpg">' +
      '</article></body></html>';
    const r = run(parseHtml(page, URL), URL, {});
    expect(r.body).toContain('[Embedded video](https://www.youtube.com/embed/lJuHMpxaSU8)');
    expect(r.body).not.toContain('![Lazy loaded component]');
    // A lazy picture stays a picture.
    expect(r.body).toContain('![The ministry](https://news.example/img/ministry.jpg)');
  });
});
