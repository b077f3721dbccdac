import { ELEMENT_NODE, normalizedText, TEXT_NODE } from './dom';

/**
 * Cookie and consent notices, removed from the page's copy before the article is looked for.
 * They are never the article, and on a short post they are the longest text block on the
 * page, so Readability takes the notice for the article ("Datenschutz & Cookies: Diese
 * Website verwendet Cookies …" was a WordPress.com post's whole clip). A notice is known by
 * its class or id (`cookie-law-info-bar`, `eu-cookie-law`, a consent manager's name) and by
 * what it says; or, with no telling name, as a short block of the body that opens by
 * announcing cookies ("We use cookies …").
 */

const MAX_CHARS = 1500;
// What a notice talks about: cookies or consent, and a policy, a choice or a purpose.
const COOKIES = /cookie|ciasteczk|galleta|consent|einwillig|zustimm/i;
const POLICY =
  /privacy|policy|datenschutz|richtlinie|consent|einwillig|zustimm|akzept|accept|agree|einverstanden|tracking|analy|dsgvo|gdpr|rgpd|politi[cq]|polityk|confidentialit|privacidad|personaliz|stimm(?:en|st) (?:sie|du)|weitere informationen|more info|learn more|mehr erfahren|en savoir plus/i;
// A notice without a telling name, in the body's own blocks: it opens by announcing cookies.
const MAX_PLAIN_CHARS = 600;
const ANNOUNCES =
  /^(?:[\p{L}&: ]{0,30}:\s*)?(?:(?:this|our) (?:web)?site uses cookies|we use cookies|(?:diese|unsere) (?:web)?(?:seite|site) (?:verwendet|nutzt) cookies|wir (?:verwenden|nutzen|setzen) cookies|ce site utilise des cookies|nous utilisons des cookies|(?:este sitio web|esta web) utiliza cookies|utilizamos cookies|(?:ta|nasza) strona (?:u[żz]ywa|wykorzystuje) (?:plik[óo]w )?cookies)/iu;

// WordPress names a post's terms in its classes (`tag-cookies`, `category-consent`): a post.
const TERM_CLASS = /^(?:tag|category|categories|topic|section|post|format)-/;

// Some consent managers name their notices after themselves (OneTrust, Didomi); Borlabs,
// Cookiebot and others name theirs for cookies. Found by reading each element's class and id:
// as ten case-insensitive attribute selectors (`[class*="cookie" i]` and so on) the same test
// took 2.0 to 3.4 ms on the extraction benchmark's largest pages in Chromium, the loop 0.7 to
// 2.7 ms; in linkedom 76 to 121 ms against 52 to 101 ms over 150 pages. Each match is
// confirmed by its tokens and text.
const NAME = /cookie|consent|gdpr|onetrust|didomi/;
// The same names in any case, as `[class*="cookie" i]` matches them (ASCII only: without the
// `u` flag, `i` folds no other letter onto an ASCII one).
const ANY_NAME = /cookie|consent|gdpr|onetrust|didomi/i;

function isNamedNotice(el: Element): boolean {
  const tokens = `${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`.toLowerCase();
  for (const token of tokens.split(/\s+/))
    if (token && !TERM_CLASS.test(token) && NAME.test(token)) return true;
  return false;
}

/** The first text with letters in `node`, found without building the whole text. */
function firstWords(node: Node): string {
  for (let c = node.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === TEXT_NODE) {
      if (/\p{L}/u.test(c.nodeValue ?? '')) return c.nodeValue ?? '';
    } else if (c.nodeType === ELEMENT_NODE) {
      const words = firstWords(c);
      if (words) return words;
    }
  }
  return '';
}

function isNotice(el: Element, maxChars: number): boolean {
  if (el.matches('article, main, h1') || el.querySelector('article, main, h1')) return false;
  const text = normalizedText(el);
  return text.length > 0 && text.length <= maxChars && COOKIES.test(text) && POLICY.test(text);
}

/** Elements under `root` whose class or id holds a name `NAME` knows, in document order. */
function namedElements(root: Element): Element[] {
  const named: Element[] = [];
  // Not `getElementsByTagName('*')`, which linkedom answers with nothing.
  const all = root.querySelectorAll('*');
  for (let i = 0; i < all.length; i++) {
    const el = all[i]!;
    const cls = el.getAttribute('class');
    const id = el.getAttribute('id');
    if ((cls && ANY_NAME.test(cls)) || (id && ANY_NAME.test(id))) named.push(el);
  }
  return named;
}

export function removeConsentNotices(body: Element): void {
  for (const el of namedElements(body))
    if (el.isConnected && isNamedNotice(el) && isNotice(el, MAX_CHARS)) el.remove();
  // The whole text of a block of the body is built only when its first words name cookies.
  for (const el of Array.from(body.children))
    if (
      /cookie|ciasteczk/i.test(firstWords(el)) &&
      ANNOUNCES.test(normalizedText(el)) &&
      isNotice(el, MAX_PLAIN_CHARS)
    )
      el.remove();
}
