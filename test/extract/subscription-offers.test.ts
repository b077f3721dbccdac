import { describe, expect, it } from 'vitest';
import { removeSubscriptionOffers } from '../../lib/extract/subscription-offers';
import { cleanedText, rootDoms } from './support/root-doms';
import { EXTRACT_WAYS } from './support/extract-ways';
import { parseHtml } from '../../scripts/parse-html';

// A farming magazine's paywalled article: its opening, then the offer of plans in place of
// the rest (written for these tests).
const URL = 'https://farm.example/energie/snow-on-solar-panels';
const LEDE = [
  'A blanket of snow on a solar array does more than lower its yield: its weight bears down ' +
    'on the modules and their mounting, and several engineers now warn owners against ' +
    'clearing the panels themselves.',
  'Where the snow slides off, it piles up at the lower edge, and the frames there carry a ' +
    'load they were never rated for; cracks in the cells follow within a season or two.',
];
const plan = (name: string, term: string, price: string, after: string, perks: string[]) =>
  `<div class="paywall-package"><div><span>${name}</span><p>${term}</p></div>` +
  `<div><p><span>${price}</span> <span><br> ${after}</span></p><p>Save almost 20%</p></div>` +
  `<ul>${perks.map((p) => `<li>${p}</li>`).join('')}</ul></div>`;
const LABEL =
  '<div><img src="https://farm.example/img/plus.svg" alt="Farm plus">' +
  '<h4>Mit Farm+ weiterlesen</h4><p>All the expert knowledge on crops, livestock and management</p></div>';
const GRID =
  '<div class="offers"><div class="grid">' +
  plan('Farm Digital', 'Jahresabo', '99,00 EUR', 'im 1. Jahr danach 122,40 EUR / Jahr', [
    'For new customers only',
    'Daily news, prices and market data',
  ]) +
  plan('Farm Digital', 'Monatsabo', '1,00 EUR', 'im 1. Monat danach 12,80 EUR / Monat', [
    'Jederzeit kündbar',
    'Exclusive articles and videos',
  ]) +
  plan('Farm Digital + Print', 'Jahresabo', '135,00 EUR / Jahr', '', ['12 issues a year']) +
  '</div></div>';
const ENGLISH_OFFER =
  '<div class="wall"><h3>Subscribe to continue reading</h3>' +
  '<div><p>Digital</p><p>$4.99 / month</p><p>Cancel anytime</p></div>' +
  '<div><p>Digital annual</p><p>$49.99 per year</p><p>Two months free</p></div></div>';

describe.each(Object.entries(rootDoms(URL)))('removeSubscriptionOffers (%s)', (_, parse) => {
  const clean = (html: string) => cleanedText(parse, html, removeSubscriptionOffers);
  const article = LEDE.map((p) => `<p>${p}</p>`).join('');

  it('drops the plans offered in place of the rest, with the label asking to read on', () => {
    const text = clean(article + `<div>${LABEL}${GRID}</div>`);
    expect(text).toContain('clearing the panels themselves.');
    expect(text).toContain('a season or two.');
    expect(text).not.toMatch(/weiterlesen|expert knowledge|Jahresabo|EUR|kündbar|12 issues/);
  });

  it('drops an offer that asks to read on inside itself', () => {
    const text = clean(article + ENGLISH_OFFER);
    expect(text).toContain('a season or two.');
    expect(text).not.toMatch(/Subscribe|4\.99|49\.99|Cancel anytime/);
  });

  it("keeps an article's own prices: unasked for, in a table, or in prose", () => {
    const review =
      '<ul><li>Streamflix: $15.49 / month for the premium plan</li>' +
      '<li>Huluish: $7.99 / month, or $79.99 a year</li></ul>';
    expect(clean(article + review)).toContain('Huluish: $7.99 / month');
    const table =
      '<h4>Read on for the full comparison</h4><table><tr><th>Plan</th><th>Price</th></tr>' +
      '<tr><td>Digital abo</td><td>9,99 € / Monat</td></tr>' +
      '<tr><td>Print abo</td><td>29,99 € / Monat</td></tr></table>';
    expect(clean(article + table)).toContain('29,99 € / Monat');
    const prose =
      '<h4>Continue reading</h4><div><p>The digital plan costs $4.99 / month.</p>' +
      `<p>${LEDE[0]} The annual plan, at $49.99 per year, is the better deal for most readers.</p></div>`;
    expect(clean(article + prose)).toContain('$4.99 / month');
  });
});

describe("a paywall's subscription offer after the article's opening", () => {
  it.each(EXTRACT_WAYS)('is not in the clip (%s)', (_, run) => {
    const page =
      '<!DOCTYPE html><html><head><title>Snow on solar panels</title></head><body>' +
      `<article><h1>Snow on solar panels</h1>${LEDE.map((p) => `<p>${p}</p>`).join('')}` +
      `<div>${LABEL}${GRID}</div></article></body></html>`;
    const r = run(parseHtml(page, URL), URL, {});
    expect(r.body).toContain('clearing the panels themselves.');
    expect(r.body).not.toMatch(/weiterlesen|Jahresabo|EUR|kündbar/);
  });
});
