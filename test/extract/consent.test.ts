import { describe, expect, it } from 'vitest';
import { removeConsentNotices } from '../../lib/extract/consent';
import { documentDoms } from './support/root-doms';

// Each case is a page body: the notices named in the test must go, everything else stays.
// Every case runs in both working documents.

const POST =
  '<p>The council approved the new cycling plan on Tuesday after a long debate about parking, ' +
  'bus lanes and the cost of repainting the junctions in the old town.</p>';

// The body's own children matter here, so the body is parsed as written.
const page = (body: string) => `<!DOCTYPE html><html><head></head><body>${body}</body></html>`;

describe.each(documentDoms('https://example.com/post'))('removeConsentNotices (%s)', (_, parse) => {
  const cleaned = (html: string): string => {
    const doc = parse(page(html));
    removeConsentNotices(doc.body);
    return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
  };

  it('removes notices named as such: a plugin bar, a consent manager, a WordPress widget', () => {
    for (const notice of [
      '<div id="cookie-law-info-bar"><span>This website uses cookies to improve your experience. Accept</span></div>',
      '<div class="CookieConsent__banner">Wir nutzen Cookies. Mit Klick auf Akzeptieren stimmen Sie zu.</div>',
      '<div class="widget_eu_cookie_law_widget"><div id="eu-cookie-law">Datenschutz &amp; Cookies: Diese Website verwendet Cookies. Cookie-Richtlinie</div></div>',
      '<section id="onetrust-banner-sdk">We and our partners store cookies for analytics and personalised ads. <a>Privacy policy</a></section>',
    ]) {
      const text = cleaned(`${notice}<article>${POST}</article>`);
      expect(text).toContain('The council approved');
      expect(text).not.toMatch(/cookies/i);
    }
  });

  it('removes an unnamed block of the body that opens by announcing cookies', () => {
    const text = cleaned(
      '<div id="botclick">Wir verwenden Cookies, die unser Angebot nutzerfreundlicher machen. ' +
        'Durch die Nutzung unserer Dienste stimmen Sie der Verwendung von Cookies zu. OK</div>' +
        `<article>${POST}</article>`,
    );
    expect(text).toBe(POST.replace(/<\/?p>/g, ''));
  });

  it('keeps a post whose terms name cookies, and prose about cookies', () => {
    const recipe =
      '<p>Everyone in the family agrees: these oat cookies taste like the ones from her tin.</p>';
    expect(cleaned(`<div class="post tag-cookies category-consent">${recipe}</div>`)).toContain(
      'these oat cookies',
    );
    // In the article, not a block of the body of its own: an article about cookie banners.
    const essay = `<article><p>"We use cookies to improve your experience", says the banner; few readers accept knowingly.</p>${POST}</article>`;
    expect(cleaned(essay)).toContain('says the banner');
    // A box named for consent that holds the article is not a notice.
    expect(
      cleaned(`<div class="consent-wrapper"><h1>Cookies and privacy</h1>${POST}</div>`),
    ).toContain('The council approved');
  });

  it('keeps a block named for cookies that says nothing about a policy or a choice', () => {
    const text = cleaned('<div class="cookie-jar"><p>Three cookies left in the jar.</p></div>');
    expect(text).toBe('Three cookies left in the jar.');
  });
});
