import { linkTextShare, shortText } from './boilerplate-lines';
import { normalizedText, tagName } from './dom';
import { CARD_ATTR } from './overlaid-cards';

/**
 * Related-reading sections inside the article (boilerplate.ts runs them): a label such as
 * "Related articles" or "Auch interessant", written as a heading, a line or a menu item, and
 * the teasers that follow it.
 */

// Section labels that introduce teasers, comments or share/rate widgets rather than article
// text, in the languages the corpus shows most (en, de, fr, es, pt, pl, it). Matched on the
// whole text of a heading or a one-line label paragraph ("**Auch interessant:**"), lower-cased
// (no `i` flag: see widgetLineKind in boilerplate-lines.ts).
const RELATED_HEADING = new RegExp(
  '^(?:' +
    [
      'related(?: articles| posts| stories| content| reading| links| topics| news)?',
      'read (?:more|also|next)',
      'more (?:from|on|about|in) .{1,40}',
      'more (?:stories|articles|news|posts)',
      'you (?:might|may) also like',
      '(?:recommended|popular|trending|latest|editor.s picks)(?: for you| now| posts| stories| articles| news| reading)?',
      'most (?:read|popular|viewed|shared|commented)(?: articles| stories)?',
      'see also',
      'further reading on this site',
      'sign up for .{0,60}',
      'subscribe to .{0,60}',
      'share this(?: article| post| story| page)?',
      '(?:leave|post) a (?:comment|reply)',
      // German
      '(?:das|dies|diese[rs]?)(?: \\S+)? k[öo]nnten? (?:sie|dich|euch) (?:auch )?interessieren',
      'auch (?:interessant|lesenswert|lesen|auf .{1,30})',
      // The publisher's own products beside a recipe or a guide.
      'verwendete (?:\\S+ ){0,3}produkte',
      '(?:empfehlungen|produkte|angebote) aus (?:dem|unserem) .{1,40}shop',
      '(?:weitere |noch )?mehr (?:zum thema(?: .{1,40})?|themen|dazu|aus .{1,40}|zu .{1,40}|von .{1,60}|infos .{0,40})',
      'weitere (?:artikel|beitr[äa]ge|nachrichten|news|themen|meldungen|links|informationen|infos)(?: .{1,40})?',
      'weiterf[üu]hrende[rn]? (?:links?|informationen|artikel)',
      '(?:heute )?empfehlen wir',
      'unsere empfehlung(?:en)?(?: f[üu]r (?:sie|dich|euch))?',
      '(?:die )?aktuelle ausgabe',
      'zusatzinformationen',
      'vorschau auf (?:den|die|das) n[äa]chsten? .{1,20}',
      'artikel und videos zum thema',
      '(?:zum )?weiterlesen',
      'mehr lesen',
      '(?:redaktions|lese)tipps?',
      'lesen sie (?:auch|mehr|weiter)(?: .{1,40})?',
      'siehe auch',
      '(?:[äa]hnliche|verwandte|empfohlene|neueste|aktuelle) (?:artikel|beitr[äa]ge|themen|nachrichten|news)',
      'meist(?:-| )?(?:gelesen|diskutiert|kommentiert)e?(?: artikel| beitr[äa]ge)?',
      'viel gelesen(?: in .{1,40})?',
      'schon gelesen',
      'kommentieren sie',
      'kommentare? (?:schreiben|verfassen)',
      'artikel bewerten',
      'entdecken? (?:sie )?(?:jetzt|mehr|weitere .{1,30})',
      // French, Spanish, Portuguese, Italian, Polish
      '(?:[àa] )?lire aussi',
      'vous aimerez aussi',
      '(?:articles?|audios?|vid[ée]os?)(?: et (?:audios?|vid[ée]os?))? sur le (?:m[êe]me )?sujet',
      'sur le m[êe]me sujet',
      'les plus lus',
      'le[ea](?:se)? tambi[ée]n',
      '(?:tambi[ée]n )?(?:te|le) puede interesar',
      'noticias relacionadas',
      'm[áa]s noticias',
      'lo m[áa]s (?:le[íi]do|visto)',
      'visto ahora',
      'deja un comentario',
      'valora esta noticia',
      '(?:veja|leia|ver) tamb[ée]m',
      'mais lidas',
      'leggi anche',
      '(?:prze)?czytaj (?:te[żz]|tak[żz]e|r[óo]wnie[żz])',
      'zobacz (?:te[żz]|tak[żz]e|r[óo]wnie[żz])',
      // Dutch, Finnish, Swedish, Danish and Norwegian
      'lees (?:ook|meer)',
      'lue (?:my[öo]s|lis[äa][äa]|seuraavaksi)',
      'l[äa]s (?:ocks[åa]|[äa]ven|mer)',
      'l[æe]s (?:ogs[åa]|mere?)',
    ].join('|') +
    ')\\s*(?:[:.!?…»]|\\.\\.\\.)?$',
  '',
);
/** A card under an overlaid link (overlaid-cards.ts), or a block of nothing but such cards. */
function isCards(el: Element): boolean {
  if (el.hasAttribute(CARD_ATTR)) return true;
  const children = Array.from(el.children);
  return children.length > 0 && children.every((c) => c.hasAttribute(CARD_ATTR));
}

/**
 * A teaser block: mostly link text (headline lists, "read next" cards), a bare image link or
 * a card under an overlaid link.
 */
export function isTeaser(el: Element, limit: number): boolean {
  if (el.querySelector('pre, [data-pageclip-tex], table')) return false;
  const text = normalizedText(el);
  if (text.length > limit) return false;
  if (!text) return !!el.querySelector('a img, a picture');
  return linkTextShare(el, text) >= 0.6 || isCards(el);
}

/** A menu's item that labels the links below it: `<li><a href="#">More on this</a><ul>…`. */
export function isSublistLabel(a: Element): boolean {
  const next = a.nextElementSibling;
  return (
    tagName(a.parentElement ?? a) === 'li' &&
    a.parentElement!.firstElementChild === a &&
    !!next &&
    (tagName(next) === 'ul' || tagName(next) === 'ol')
  );
}

/**
 * "Related articles", "Auch interessant", "Lee también…": the label goes, and so do the teaser
 * blocks right after it (link lists, linked headlines, image links), up to the first block
 * of ordinary text. A label alone in its wrapper is followed at the wrapper's level.
 */
export function removeLabelledSections(
  labels: Element[],
  root: Element,
  limit: number,
  lengths: Map<Node, number>,
): void {
  for (const label of labels) {
    if (!label.isConnected) continue;
    const text = shortText(label, 80, lengths);
    if (!text || !RELATED_HEADING.test(text.toLowerCase())) continue;
    let el: Element = label;
    while (
      !el.nextElementSibling &&
      el.parentElement &&
      el.parentElement !== root &&
      normalizedText(el.parentElement) === text
    )
      el = el.parentElement;
    let next = el.nextElementSibling;
    while (next && isTeaser(next, limit)) {
      const after = next.nextElementSibling;
      next.remove();
      next = after;
    }
    const item = el.parentElement;
    el.remove();
    // A menu item left empty goes, and its list with it when that was its only item.
    if (item && tagName(item) === 'li' && !item.firstElementChild && !normalizedText(item)) {
      const list = item.parentElement;
      item.remove();
      if (list && list !== root && !list.firstElementChild && !normalizedText(list)) list.remove();
    }
  }
}
