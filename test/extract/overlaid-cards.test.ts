import { describe, expect, it } from 'vitest';
import { CARD_ATTR, markOverlaidCards } from '../../lib/extract/overlaid-cards';
import { rootDoms } from './support/root-doms';
import { EXTRACT_WAYS } from './support/extract-ways';
import { parseHtml } from '../../scripts/parse-html';

// Teaser cards under an empty link laid over them, modelled on a link-preview plugin's markup
// (written for these tests): the headline and summary are plain text beside the link.
const URL = 'https://blog.example/post/council-votes-on-housing/';
const card = (slug: string, title: string, summary: string) =>
  `<div class="vlp-link-container"><a href="https://blog.example/post/${slug}/" class="vlp-link" title="${title}"></a>` +
  `<div class="vlp-link-image"><img src="https://blog.example/img/${slug}.jpg" alt="" width="150" height="100"></div>` +
  `<div class="vlp-link-text"><div class="vlp-link-title">${title}</div>` +
  `<div class="vlp-link-summary">${summary}</div></div></div>`;
const CARDS =
  card(
    'tax-appeals',
    'Tax appeals pile up at the offices',
    'Three million owners have appealed against their new assessments. By Jane Roe.',
  ) +
  card(
    'race-rules',
    'The race that became a farce',
    'No autographs, masks for everyone and a curfew for the riders. By Jane Roe.',
  );
const PARAS = [
  'The council voted on Thursday to convert two empty office blocks into flats, after a ' +
    'debate that ran late into the evening and ended with a narrow majority of three votes.',
  'Opponents said the conversion would cost more than building new homes at the edge of ' +
    'town, while the mayor argued that the centre needed residents more than it needed desks.',
  'Work is due to begin in the spring, and the first tenants could move in within two years ' +
    'if the regional government approves the loan the council asked for last month.',
];

describe.each(Object.entries(rootDoms(URL)))('markOverlaidCards (%s)', (_, parse) => {
  it('marks a block whose text starts with the title of an empty link inside it', () => {
    const root = parse(CARDS).getElementById('root')!;
    markOverlaidCards(root);
    expect(root.querySelectorAll(`[${CARD_ATTR}]`)).toHaveLength(2);
  });

  it('leaves links with text, short titles and titles the block does not open with', () => {
    const root = parse(
      '<p><a href="/a" title="Council votes on housing">Council votes on housing</a> today.</p>' +
        '<div><a href="/" title="Home"></a>Home sweet home</div>' +
        '<div><a href="/b" title="A headline somewhere else"></a>Other words first.</div>',
    ).getElementById('root')!;
    markOverlaidCards(root);
    expect(root.querySelector(`[${CARD_ATTR}]`)).toBeNull();
  });
});

describe('overlaid teaser cards under a "more from" label', () => {
  const page = (tail: string) =>
    '<!DOCTYPE html><html><head><title>Council votes on housing</title></head><body><article>' +
    `<h1>Council votes on housing</h1>${PARAS.map((p) => `<p>${p}</p>`).join('')}${tail}` +
    '</article></body></html>';

  it.each(EXTRACT_WAYS)('go with their label (%s)', (_, run) => {
    const r = run(
      parseHtml(page(`<h3>Mehr von Jane Roe auf blog.example</h3>${CARDS}`), URL),
      URL,
      {},
    );
    expect(r.body).toContain('within two years');
    expect(r.body).not.toMatch(/Mehr von Jane Roe|Tax appeals|Three million|became a farce|curfew/);
  });

  it.each(EXTRACT_WAYS)('stay without one (%s)', (_, run) => {
    const r = run(parseHtml(page(`<h3>Two earlier reports</h3>${CARDS}`), URL), URL, {});
    expect(r.body).toContain('Three million owners');
  });
});
