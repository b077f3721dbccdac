import { AGENCY_CREDIT, CAPTIONS, CREDIT_LINE, trimCaptionCredits } from './credits';
import { isDateOrMetaLine } from './date-lines';
import { normalizedText, tagName } from './dom';
import { isLayoutTable } from './tables';
import { isTaxonomyLine } from './taxonomy-lines';

/**
 * One-line boilerplate inside the article, whatever its markup: widget prompts (comments,
 * ratings, sharing, loading), photo credits, datelines, "read also" lines, sign-up prompts,
 * rights and licence notes, previous/next links, lines of category and tag links.
 */

// "Read also: <linked headline>" lines between paragraphs; the label alone says what follows.
const READ_ALSO =
  /^(?:lesen sie (?:auch|hier|mehr)|auch lesen|mehr (?:dazu|zum thema|lesen)|weiterlesen|read (?:more|also)|also read|see also|l[eé]a(?: tambi[ée]n| m[áa]s)?|lee tambi[ée]n|vea tambi[ée]n|mir[ae]|puedes ver|(?:tambi[ée]n )?(?:te|le) puede interesar|(?:[àa] )?lire aussi|leia tamb[ée]m|veja tamb[ée]m|leggi anche|czytaj (?:te[żz]|tak[żz]e)|dowiedz si[ęe] wi[ęe]cej|zobacz (?:te[żz]|tak[żz]e))\s*(?::|»|\.\.\.|…)/;
// Whole-text matches for the one-line widgets CMSs put inside the article container: comment
// prompts, rating and share prompts, "loading" placeholders, advertisement labels.
const WIDGET_LINE = new RegExp(
  '^(?:' +
    [
      '(?:keine|no) (?:kommentare|comments)(?: yet)?(?: \\(.{0,80}\\))?',
      // "Keine Kommentare Kommentare sind geschlossen.": WordPress's heading and its note.
      '(?:(?:keine|no) (?:kommentare|comments)\\.? )?(?:kommentare|comments) (?:sind |are )?(?:geschlossen|closed)',
      '(?:sie sind|you are) (?:aktuell |currently )?(?:nicht|not) (?:eingeloggt|logged in)',
      '(?:du musst|sie m[üu]ssen|you must be) (?:eingeloggt|angemeldet|logged in) .{0,80}',
      '.{0,80} kommentieren zu k[öo]nnen, m[üu]ssen sie (?:eingeloggt|angemeldet) sein',
      '(?:this site|diese website) (?:uses|verwendet) akismet.{0,200}',
      '(?:hier k[öo]nnen sie )?(?:den|diesen) artikel bewerten',
      'war (?:der|dieser) (?:artikel|beitrag) (?:n[üu]tzlich|hilfreich)\\??',
      '(?:was this|is this) (?:article|page|post) (?:helpful|useful)\\??',
      'rate this (?:article|post|story|recipe)',
      '\\(?(?:noch keine bewertungen|no ratings yet)\\)?',
      '(?:jetzt )?(?:teilen|sharen|share)(?: mit| on| via| this)?:?',
      // A profile's follow button ("+ FOLLOW" beside the author's name).
      '\\+ ?(?:follow|folgen)',
      '(?:m[öo]chten sie )?(?:den|diesen) (?:artikel|beitrag) teilen\\??:?',
      'artikel gefallen\\? .{0,40}teilen!?',
      'den artikel mit anderen teilen.{0,30}',
      '(?:gef[äa]llt mir|like) (?:wird geladen|loading)\\.*',
      '(?:wird geladen|loading|lade weitere inhalte|mehr laden|load more)\\s*(?:\\.\\.\\.|…)?',
      '(?:rezept |artikel |seite )?drucken|print(?: this)?(?: recipe| article| page)?',
      'imprimer(?: cette page| l.article)?|imprimir(?: (?:esta )?(?:p[áa]gina|noticia|art[íi]culo))?|drukuj',
      // A short link to the page itself ("Permalink https://p.dw.com/p/RPYx").
      '(?:permalink|permalien|kurzlink|short ?link)\\s*:?\\s*(?:https?://\\S+)?',
      '.{0,40}(?:als )?pdf herunterladen|download(?: as)? pdf',
      'zur[üu]ck(?: zu[rm]? (?:[üu]bersicht|startseite|liste|listenansicht|.{1,30}[üu]bersicht))?|back(?: to (?:top|the top|overview|the overview|list|the list|index|home|homepage|all .{1,20}))?',
      'externer inhalt|external content',
      // How to use a news site's pop-up dictionary ("※下に線があることばは辞書の説明を見ることが
      // できます。", "words underlined have a dictionary entry"): the clip has no pop-ups.
      '※.{0,30}辞書の説明を見ることができます。?',
      // Where the page's links open ("Die folgenden Hotel Links öffnen als extra Fenster"):
      // a clip's links open wherever its reader's do.
      '(?:die )?(?:folgenden |nachfolgenden )?(?:\\S+ )?links [öo]ffnen (?:sich )?(?:als|in) (?:einem )?(?:extra|eigenen|neuen) fenster|(?:the )?(?:following )?(?:\\S+ )?links? (?:opens?|will open) in a new (?:window|tab)',
      // A classified-ads site's link among the paragraphs ("Szukasz lokalu handlowego do
      // wynajęcia? Zobacz oferty na PropertyStock.pl").
      '.{1,80}\\? (?:zobacz|sprawd[źz]) oferty(?: na \\S+)?|.{1,80}\\? (?:see|compare) (?:the |our )?offers(?: (?:on|at) \\S+)?',
      // A product page's prompt for a review.
      '(?:bitte )?teilen sie (?:uns )?ihre erfahrungen(?: mit uns)? mit\\b.{0,100}|share your experience with us\\b.{0,80}',
      // An embed's placeholder in a copy without it, and a product grid's hint.
      'besuchen sie die webseite,? um dieses element zu sehen',
      'f[üu]r details auf (?:das |ein )?produkt klicken',
      // Labels of an image viewer's and a sources box's buttons, which clips do not hold.
      '(?:(?:bild|quellen|galerie) (?:anzeigen|ausblenden|schlie[ßs]en)\\s*){1,2}|vergr[öo](?:ß|ss)ern|(?:bei|auf) pinterest (?:speichern|merken)|(?:der )?artikel wurde erfolgreich hinzugef[üu]gt',
      // A Chinese news site's gallery label ("图集", "组图") over a slideshow a script fills:
      // in a copy the slideshow is empty, and with pictures in it the label's block keeps them.
      '(?:高清)?(?:图集|组图)',
      '(?:kontakt|contact|ansprechpartner(?:in)?(?: .{1,30})?):?',
      '(?:[üu]ber (?:den|die) autor(?:in|en)?|about the authors?|zur person|autor(?:in|en)?:|von:|authors?:)',
      'inhaltsverzeichnis|table of contents|contents|[íi]ndice|sommaire|spis tre[śs]ci',
      // Post metadata lines: category, tag and view-count labels.
      '(?:kategorien?|categor(?:y|ies)|tags?|schlagw[öo]rter|schlagworte|rubrik|aufrufe|views|kommentare insgesamt)\\s*:.{0,150}',
      // Agency sign-offs ("dpa/lno", "aja/PAP").
      '\\(?(?:[a-zäöü]{1,6}\\/)?(?:dpa|afp|ap|apa|reuters|sid|kna|epd|pap|efe|ansa|ddp|dapd|kap|sda|ats|pti|ians|rtr)(?:\\/[a-zäöü]{2,8}){0,2}\\)?',
      '(?:warning|notice|deprecated): .{0,300} on line \\d+',
    ].join('|') +
    ')[.!]?$',
  '',
);
// An advertisement label; the ad it labels (often an image link) goes with it.
const AD_LABEL =
  /^[-–(]?\s*(?:anzeige|werbung|advertisement|reklama|publicidad|publicit[ée])\s*[-–:)]?$/;
// The same label in capitals opening a short line of the ad's own ("ANZEIGE - Heute mal
// ausgehen? Wie wäre es mit:"): the capitals are the publisher's marking, so this is matched
// on the text as written.
const AD_LINE = /^(?:ANZEIGE|WERBUNG|ADVERTISEMENT|SPONSORED|PUBLICIDAD|REKLAMA)\s*[-–:|]\s/;
// A teaser set off by double angle brackets, written in ASCII (">> Headline <<"): a link to
// another story. The typographic "»" also opens an article's own links and quotes.
const ARROW_TEASER = /^>>\s*\S/;
// A site footer's legal links as one line ("Impressum | Datenschutz | © 2020 …").
const LEGAL_PAGE =
  /^(?:impressum|imprint|datenschutz(?:erkl[äa]rung|hinweise)?|privacy(?: policy| notice)?|terms(?: of (?:use|service))?|agb|cookies?(?: policy| settings)?|legal(?: notice)?|mentions l[ée]gales|aviso legal|polityka prywatno[śs]ci|disclaimer|haftungsausschluss)$/;
const LINE_PARTS = /\s*[|·•]\s*/;

function isLegalLinksLine(el: Element, lower: string): boolean {
  const parts = lower.split(LINE_PARTS).filter(Boolean);
  if (parts.length < 2 || parts.some((part) => part.length > 60)) return false;
  let legal = 0;
  for (const a of Array.from(el.getElementsByTagName('a')))
    if (LEGAL_PAGE.test(normalizedText(a).toLowerCase())) legal++;
  return legal >= 2;
}

const INLINE = new Set(['a', 'span', 'strong', 'b', 'em', 'i', 'small', 'cite', 'time']);

/**
 * An inline element inside a sentence ("am <b>Mittwoch, 13.10.2021</b> auf …"), not a line of
 * its own: its nearest non-blank sibling on either side is text or another inline element.
 */
export function inProse(el: Element): boolean {
  if (!INLINE.has(tagName(el))) return false;
  return (
    textBeside(el.previousSibling, 'previousSibling') || textBeside(el.nextSibling, 'nextSibling')
  );
}

/** An inline element the text of its block runs on from: "<span>KOBE – </span>A total of…". */
export function opensProse(el: Element): boolean {
  return INLINE.has(tagName(el)) && textBeside(el.nextSibling, 'nextSibling');
}

function textBeside(start: ChildNode | null, step: 'previousSibling' | 'nextSibling'): boolean {
  let n = start;
  while (n && n.nodeType === 3 && !/\S/.test(n.nodeValue ?? '')) n = n[step];
  if (!n) return false;
  if (n.nodeType === 3) return true;
  return n.nodeType === 1 && INLINE.has(tagName(n as Element)) && !!normalizedText(n);
}

// Previous/next post links and paywall or licence notes, one line each.
const PREV_NEXT =
  /^(?:(?:previous|next|prev|older|newer) (?:post|article|story|entry)|art[íi]culo (?:anterior|siguiente)|(?:vorherige[rs]?|n[äa]chste[rs]?) (?:artikel|beitrag|post)|(?:article )?(?:pr[ée]c[ée]dent|suivant))/;
// A serial text's link to its next part ("... weiter zu „die Wortwahl“", "… continue to Part 2"),
// whose link is the part's title only.
const NEXT_PART = /^(?:\.\.\.|…)\s*(?:weiter (?:zu|mit)|continue (?:to|with))\s+\S.{0,80}$/;
const PAYWALL =
  /(?:to (?:view|read|continue reading) the full (?:story|article)|for the full story|pour lire la suite|(?:den|diesen) (?:ganzen |vollst[äa]ndigen )?(?:artikel|beitrag) (?:zu lesen|weiterlesen|lesen zu k[öo]nnen))/;
// Disclosures and disclaimers about the post rather than its subject: advertising and
// commission notes, "the author's opinion, not the editors'", reprint and licence terms,
// the print issue it comes from.
const DISCLAIMER = new RegExp(
  [
    '\\b(?:dieser|der) (?:beitrag|artikel|post) enth[äa]lt (?:werbung|affiliate)',
    '\\bf[üu]r links auf dieser seite erh[äa]lt .{1,60} provision',
    '\\b(?:this|the) (?:article|post|page) (?:contains|may contain) affiliate links\\b',
    '\\b(?:dieser|der) (?:beitrag|artikel|text) gibt (?:nur )?die meinung (?:des|der) autor',
    '\\bis not responsible for the (?:opinions|views|content)\\b',
    '^\\(?alle angaben ohne gew[äa]hr\\)?\\.?$',
    '\\bcopyrighted property of\\b',
    '\\bwritten permission must be obtained\\b',
    '\\b(?:inhalte dieser (?:website|webseite|seite)|content on this (?:site|website)) .{0,40}(?:unter|under) .{0,10}(?:cc[- ]|creative commons)',
    // Which print issue the piece comes from, and what kind of contribution it is. "This post
    // originally appeared on …" stays: it names the source, which a reader of a syndicated
    // piece wants to keep.
    '^(?:dieser|der) (?:beitrag|artikel|text) (?:stammt|erschien(?: zuerst)?) (?:aus|in) (?:der )?(?:ausgabe|heft|print)',
    '^bei diesem (?:beitrag|text) handelt es sich um (?:ein(?:en?)? )?(?:blog|gastbeitrag|meinungsbeitrag|kommentar)',
    // A health site's note that its pages are checked ("Dieser Text entspricht den Vorgaben
    // der ärztlichen Fachliteratur … und wurde von Medizinern geprüft", "Medically reviewed
    // by …"): about the site's process, not the topic.
    '^(?:dieser|der) (?:beitrag|artikel|text) (?:entspricht|wurde) .{0,160}(?:gepr[üu]ft|[üu]berpr[üu]ft)\\.?$',
    '^(?:medically|clinically) reviewed by\\b',
    // How to cite the page ("SUGGESTED CITATION Sauer, Heiko: …, 2020/4/09, https://…"): the
    // frontmatter already names the source.
    '^(?:suggested citation|zitiervorschlag|zitierhinweis|citation sugg[ée]r[ée]e|pour citer cet article|c[óo]mo citar este art[íi]culo|how to cite this (?:article|post|page)|cite this (?:article|post|page) as)\\b',
    '^(?:this|the) (?:article|page|content) (?:was|has been|is) (?:medically|clinically) reviewed\\b',
  ].join('|'),
  '',
);
// The placeholder of an embed that waits for consent: asks to click to load another site's
// content, or says no connection is made without it. The clip holds no embed to load.
const CONSENT = new RegExp(
  [
    '\\b(?:inhalte?|content) (?:von|from) \\S+ (?:zu )?(?:laden|load)\\b',
    '\\bklicken sie .{0,60} um .{0,60} zu laden\\b',
    '\\b(?:click|tap) .{0,60} to load (?:the |this )?(?:content|video|tweet|map|post)\\b',
    '\\bohne (?:dein|ihr)e? (?:einverst[äa]ndnis|zustimmung) keine verbindung\\b',
    '\\bmit dem laden (?:des|der) .{1,30} akzeptieren (?:sie|du)\\b',
  ].join('|'),
  '',
);
const RIGHTS =
  /all rights reserved|alle rechte vorbehalten|tous droits r[ée]serv[ée]s|todos los derechos reservados|wszelkie prawa zastrze[żz]one|tutti i diritti riservati/;
// Newsletter and app sign-up prompts: one short line naming the channel and a call to act.
const SIGNUP_CHANNEL = /newsletter|\bapps?\b|whatsapp|telegram/;
const SIGNUP_ACTION =
  /\bsign(?:ing)? up\b|\bsubscribe\b|\babonn|\banmeld|\bregistr|inscr[ií]b|suscr[ií]b|bleiben sie|never miss|\bdownload\b|herunterladen|get the latest|[úu]nete|\bjoin\b/;
const FOLLOW_US =
  /^(?:follow|folgen sie|folge|s[íi]guenos|suivez)\s+(?:\S+\s+){0,4}(?:on|auf|en|sur)\s+(?:twitter|facebook|instagram|linkedin|youtube|tiktok|x\b)/;
const OUR = /\b(?:our|unsere[nmrs]?|nuestr[oa]s?|tenemos|notre|nos|the latest (?:news|stories))\b/;

/** `el`'s text with a space for each line break, which `textContent` drops ("11:38Kategorie"). */
function textWithBreaks(el: Element): string {
  let text = '';
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 3) text += c.nodeValue ?? '';
    else if (c.nodeType === 1)
      text += tagName(c as Element) === 'br' ? ' ' : textWithBreaks(c as Element);
  }
  return text;
}

export function shortText(el: Element, max: number, lengths: Map<Node, number>): string | null {
  if ((lengths.get(el) ?? 0) > max * 3 + 200) return null;
  const raw = el.getElementsByTagName('br').length ? textWithBreaks(el) : el.textContent;
  const text = (raw ?? '').replace(/\s+/g, ' ').trim();
  return text.length <= max ? text : null;
}

export function linkTextShare(el: Element, text: string): number {
  if (!text) return 0;
  if (el.closest('a')) return 1;
  let linked = 0;
  for (const a of Array.from(el.querySelectorAll('a'))) linked += normalizedText(a).length;
  return Math.min(1, linked / text.length);
}

// A teaser's excerpt: cut short ("Auskunft über vergangenes Wetter…") and ending in a link to
// the rest ("mehr •••", "Read more"). An article's own paragraphs are never cut off.
const CUT_SHORT = /(?:…|\.\.\.)\s*$/;
const MORE_LINK =
  /^(?:mehr|weiter(?:lesen)?|more|read more|continue reading|lire la suite|leer m[áa]s|czytaj dalej)\W*$/;

function isTeaserExcerpt(el: Element, text: string): boolean {
  const links = el.getElementsByTagName('a');
  const link = links[links.length - 1];
  const more = link ? normalizedText(link) : '';
  if (!MORE_LINK.test(more.toLowerCase())) return false;
  if (!text.endsWith(more)) return false;
  return CUT_SHORT.test(text.slice(0, text.length - more.length));
}

/** Which one-line pattern `text` is: an ad label (its media go too), a text line, or none. */
function widgetLineKind(el: Element, text: string): 'ad' | 'text' | null {
  // The patterns are written in lower case and matched without the `i` flag: V8 compiles a
  // case-insensitive alternation slower (the old month alternation: 3.6 ms against 1.0 ms in
  // Node 20, about 2 times in Chromium 156), and the injected script is new to every page,
  // so each page pays for every compile.
  const lower = text.toLowerCase();
  if (AD_LABEL.test(lower) || (text.length <= 150 && AD_LINE.test(text))) return 'ad';
  if (
    text.length <= 120 &&
    (WIDGET_LINE.test(lower) || CREDIT_LINE.test(lower) || AGENCY_CREDIT.test(lower))
  )
    return 'text';
  if (isTeaserExcerpt(el, text) || isDateOrMetaLine(el, text, lower)) return 'text';
  if (isTaxonomyLine(el, text)) return 'text';
  if (RIGHTS.test(lower) || FOLLOW_US.test(lower) || PAYWALL.test(lower)) return 'text';
  if (CONSENT.test(lower) || DISCLAIMER.test(lower)) return 'text';
  if (
    /lizenz|licen[cs]e|licencia|licence/.test(lower) &&
    /creativecommons\.org\/licen[cs]es/i.test(
      el.querySelector('a[href*="creativecommons"]')?.getAttribute('href') ?? '',
    )
  )
    return 'text';
  if (PREV_NEXT.test(lower) && linkTextShare(el, text) >= 0.5) return 'text';
  if (NEXT_PART.test(lower) && linkTextShare(el, text) >= 0.3) return 'text';
  if (
    text.length <= 200 &&
    SIGNUP_ACTION.test(lower) &&
    (lower.includes('newsletter') || (SIGNUP_CHANNEL.test(lower) && OUR.test(lower)))
  )
    return 'text';
  // A line of links offering the site's feed ("Alle Pressemitteilungen der Firma |
  // RSS-Feed abonnieren"): the site's subscription, whatever the links beside it.
  if (
    text.length <= 200 &&
    /\brss\b/.test(lower) &&
    SIGNUP_ACTION.test(lower) &&
    linkTextShare(el, text) >= 0.8
  )
    return 'text';
  if (ARROW_TEASER.test(text) && linkTextShare(el, text) >= 0.8) return 'text';
  if (text.length <= 200 && isLegalLinksLine(el, lower)) return 'text';
  // "Read also: <linked headline>": the label, then mostly link text.
  const m = READ_ALSO.exec(lower);
  if (m) {
    const rest = lower.length - m[0].length;
    if (rest <= 0 || linkTextShare(el, text) * text.length >= rest * 0.5) return 'text';
  }
  return null;
}

/**
 * A line in a data table's cell or in code is the table's or the code's own: a date in a
 * schedule, a label in a fact sheet. A layout table's cells are the page's blocks, and a
 * table whose whole text is one widget line is that line (`el` itself).
 */
function inDataOrCode(el: Element, layout: Map<Element, boolean>): boolean {
  if (el.closest('pre')) return true;
  const table = el.parentElement?.closest('table');
  if (!table) return false;
  let isLayout = layout.get(table);
  if (isLayout === undefined) layout.set(table, (isLayout = isLayoutTable(table)));
  return !isLayout;
}

/** One-line widgets, credits, dates and "read also" lines, whatever their markup. */
export function removeWidgetLines(
  lines: Element[],
  root: Element,
  lengths: Map<Node, number>,
): void {
  const layout = new Map<Element, boolean>();
  for (const el of lines) {
    if (!el.isConnected) continue;
    // Inside a sentence an element is no line of its own, except a credit in a caption,
    // which is its own part even when it runs on from the caption text. Asked first: most
    // inline elements sit in prose, and their text need not be read (a first run in the
    // browser interprets every pattern test).
    const prose = inProse(el);
    if (prose && !el.closest(CAPTIONS)) continue;
    const text = shortText(el, 300, lengths);
    if (!text) continue;
    const kind = widgetLineKind(el, text);
    if (!kind || inDataOrCode(el, layout)) continue;
    if (prose && !CREDIT_LINE.test(text.toLowerCase())) continue;
    // Text lines only: a heading or caption holding an image keeps it. An inline `<svg>` is
    // no image of the clip's (the markdown has no form for one): an icon beside a date.
    if (kind === 'text' && el.querySelector('img, picture, video, iframe')) continue;
    el.remove();
  }
  trimCaptionCredits(root, lines, lengths);
}
