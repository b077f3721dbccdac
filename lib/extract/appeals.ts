import { hasText, normalizedText, normalizedTextUpTo, tagName } from './dom';
import { textAfter } from './trailing';

/**
 * Appeals at the end of an article: asking for support, a donation or a membership, or to log
 * in as a subscriber ("If you enjoyed reading this post, would you consider supporting our
 * work?", "Hazte miembro", "Zeigen Sie Ihre Wertschätzung!"). They address the reader of the
 * site, not of the article. Only short blocks in the article's last part, or its opening block
 * ("Submit your letter to the editor via this form" above a page of letters), go, so a story
 * about fundraising keeps its text; a short label right before the appeal ("While you are
 * here…") goes with it.
 */

// Lower case, matched on lower-cased text (no `i` flag: see widgetLineKind in
// boilerplate-lines.ts).
const APPEAL = new RegExp(
  [
    // English
    '\\bsupport(?:ing)? (?:us\\b|our (?:work|journalism|reporting|newsroom|mission)|(?:independent|quality|local) (?:journalism|media|reporting))',
    '\\bbecome an? (?:member|supporter|subscriber|patron)\\b',
    '\\balready an? (?:subscriber|member)\\b',
    '\\bwe need your (?:help|support)\\b',
    '\\bconsider (?:a donation|donating|subscribing|supporting)\\b',
    '\\bhelp us (?:continue|keep)\\b',
    '\\bfirst-time subscribers\\b',
    // The site's own offers: job board, shop, channel, newsletter, podcast buttons, letters.
    '\\btraumjobs?\\b|\\bjobb[öo]rse\\b',
    '\\b(?:besuchen sie|visit|check out) (?:unseren?|our) .{0,20}shop\\b|\\bfan-?shop\\b',
    '\\b(?:nuestro canal de|unseren?|our) youtube(?:-kanal| channel)?\\b',
    '\\bmit diesem button\\b',
    '\\bsubmit your letter\\b|\\badvertise with\\b',
    // The site's own courses, and its print issue the article is a taste of ("… lesen Sie in
    // unserer Februar-Ausgabe. Das Heft können Sie hier bestellen.").
    '\\bin unserem (?:seminar|webinar|workshop|online-kurs|lehrgang)\\b',
    '\\blesen sie .{0,60}in (?:unserer|der (?:aktuellen|neuen)) (?:\\S+ )?(?:ausgabe|heft)\\b',
    '\\bdas heft k[öo]nnen sie .{0,30}bestellen\\b',
    // "Klicke dich durch die Homestorys der Community": the site's other pages. Only as a
    // request; "man klickt sich durch Dialoge" describes a game.
    '\\bklick(?:e dich|t euch|en sie sich) durch\\b',
    '\\bsign up here\\b|\\bwant to be informed\\b',
    '\\bkenn(?:t ihr|en sie|st du) schon unser',
    '\\bhier klicken und .{0,40}registrieren\\b',
    // Asking for comments under the post.
    '\\bhinterlass(?:e|t)? (?:einfach |gerne |uns )?(?:einen|deinen|ihren) kommentar',
    '\\b(?:verraten|schreiben) sie (?:uns )?(?:gerne |es )?in (?:den|die) kommentar',
    '\\blet us know in the comments\\b',
    // German
    // "…unsere Arbeit", "…unsere kritische Berichterstattung": the publication itself; not
    // "unsere Forderung", a campaign's call to act on its cause, which is its text.
    '\\bunterst[üu]tzen sie (?:uns\\b|unsere (?:[^ ]+ ){0,3}?(?:arbeit|redaktion|berichterstattung|journalismus|zeitung|seite|website)|unabh[äa]ngigen)',
    '\\bzeigen sie ihre wertsch[äa]tzung',
    '\\bjetzt (?:spenden|unterst[üu]tzen)\\b',
    '\\bwerden sie (?:mitglied|abonnent|unterst[üu]tzer)',
    '\\b(?:no|keine|ohne) (?:bezahlschranke|paywall)\\b',
    '\\bjede (?:kleine )?spende\\b',
    // Spanish, French, Polish
    '\\bhazte (?:miembro|socio|suscriptor)',
    '\\bh[áa]gase (?:miembro|socio)',
    '\\bte necesitamos\\b',
    '\\bhacemos periodismo\\b',
    '\\bperiodismo (?:inc[óo]modo|independiente)\\b',
    '\\bzapraszamy (?:te[żz] )?do (?:subskrypcji|prenumeraty)\\b',
    '\\bap[óo]yanos\\b',
    '\\bsoutenez(?:-nous| notre)',
    '\\bwesprzyj nas\\b',
  ].join('|'),
);
const BLOCKS = 'p, div, section, aside, blockquote, figcaption, h2, h3, h4, h5, h6';
const KEPT_MEDIA = 'pre, table, figcaption, img:not([alt=""]), video, iframe';
const MAX_APPEAL_CHARS = 400;
// A sales pitch to readers who are not yet customers runs to a few sentences ("Ob Strom oder
// Gas, … versorgt Dich … Solltest Du noch kein Kunde sein, … nehmen wir Dir ab!", 580
// characters): no article's text addresses them so. Other appeals are shorter; a longer block
// that mentions independent journalism is the article's own.
const PITCH = /\bnoch kein(?:e)? kund(?:e|in)\b|\bnot (?:yet )?a customer\b/;
const MAX_PITCH_CHARS = 600;
// The article's last part: at most this share of its text after the appeal.
const TAIL_SHARE = 0.3;
const MAX_LABEL_CHARS = 60;

function isLabel(el: Element | null): el is Element {
  if (!el) return false;
  const tag = tagName(el);
  if (!/^(?:h[2-6]|p|strong|b)$/.test(tag)) return false;
  return !!normalizedTextUpTo(el, MAX_LABEL_CHARS);
}

/** A picture with no text, caption or alternative text right before the appeal: its banner. */
function isBanner(el: Element | null): el is Element {
  if (!el || hasText(el) || el.querySelector(KEPT_MEDIA)) return false;
  return tagName(el) === 'img' ? el.getAttribute('alt') === '' : !!el.querySelector('img');
}

const MAX_BUTTON_CHARS = 40;

function isButton(el: Element): boolean {
  const text = normalizedTextUpTo(el, MAX_BUTTON_CHARS);
  if (!text) return false;
  const link = tagName(el) === 'a' ? el : el.querySelector('a');
  return !!link && normalizedText(link) === text;
}

export function removeAppeals(root: Element): void {
  const whole = normalizedText(root);
  const total = whole.length;
  const tail = Math.max(600, total * TAIL_SHARE);
  // Innermost first: the smallest block holding the appeal is what goes.
  const blocks = Array.from(root.querySelectorAll(BLOCKS)).reverse();
  for (const block of blocks) {
    // A banner whose caption is the appeal goes whole, image and all.
    const el = tagName(block) === 'figcaption' ? block.closest('figure') : block;
    // A block with a picture of the article's goes no further, but a promotion's banner (no
    // caption, no alternative text: the print issue's cover) goes with its text.
    if (!el?.isConnected || (el === block && el.querySelector(KEPT_MEDIA))) continue;
    const text = normalizedTextUpTo(block, MAX_PITCH_CHARS);
    if (!text) continue;
    const lower = text.toLowerCase();
    const pitch = PITCH.test(lower);
    if (!pitch && (text.length > MAX_APPEAL_CHARS || !APPEAL.test(lower))) continue;
    // The article's opening block, or one in its last part.
    if (!whole.startsWith(text) && textAfter(el, root, tail).replace(/\s+/g, '').length > tail)
      continue;
    const label = el.previousElementSibling;
    if (isLabel(label) && !APPEAL.test(normalizedText(label).toLowerCase())) label.remove();
    else if (isBanner(label)) label.remove();
    // The appeal's button, a short link of its own right after it ("Mehr Homestorys").
    const button = el.nextElementSibling;
    if (button && isButton(button)) button.remove();
    el.remove();
  }
}
