import { hasText, normalizedText, tagName } from './dom';
import { textAfter } from './trailing';

/**
 * A note about the author ending the article, written as an ordinary paragraph or quote with
 * no class to tell it apart ("Jane Doe is a reporter at the Post. She has been writing about
 * …", "Max Muster ist Redakteur bei …"). It introduces the writer, not the story. Only the
 * last block goes, only when it is set apart from the article's paragraphs (a quote, an aside,
 * a box of its own, italics), opens with a name followed by what that person is or does and
 * names a writer's or founder's role, and only after an article long enough to stand alone.
 * A note that goes on from a heading of the name alone ("### Dr. Max Muster" over "ist
 * Gründungspartner der …") is a box of its own wherever it sits, and goes with its heading.
 */

const BLOCKS = 'p, blockquote, div, section, aside';
const MIN_CHARS = 40;
const MAX_CHARS = 600;
const MIN_ARTICLE_CHARS = 500;
// Two or three capitalised words ("Jane Doe", "Dr. Max Muster"), not an article or
// determiner (German capitalises every noun: "Die Polizei ist …" is no name).
const NAME =
  '(?!(?:Der|Die|Das|Den|Dem|Des|Ein|Eine|Einer|Dieser|Diese|The|A|An|This|These|Our|El|La|Los|Las|Le|Les|Un|Une|Una|Ce|Cette)\\s)' +
  "(?:(?:Dr|Prof|Mag)\\.\\s+)?\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’.-]*){1,2}";
const ROLE =
  '(?:(?:co-?)?founder|editor|journalist|writer|reporter|correspondent|columnist|contributor|' +
  'blogger|head of|consultant|redakteur|autor|gr[üu]nd(?:er|ungspartner)|korrespondent|' +
  'kolumnist|periodista|redactor|fundador|corresponsal|journaliste|r[ée]dact(?:eur|rice)|' +
  'fondat(?:eur|rice)|dziennikar(?:z|ka)|redaktor)';
// "Jane Doe is a reporter at …", "Max Muster ist Gründungspartner der …": the role within a
// few words of the verb.
const VERB = '(?:is|was|ist|war|est|es|fue|jest|by[łl]a?)\\s';
const NAME_IS = new RegExp(`^${NAME}\\s+${VERB}`, 'u');
// The name set as a heading of its own, the note going on from it: "### Dr. Max Muster" over
// "ist Gründungspartner der Kanzlei …".
const NAME_ALONE = new RegExp(`^${NAME}$`, 'u');
const VERB_FIRST = new RegExp(`^${VERB}`);
const ROLE_NEAR = new RegExp(`^(?:\\S+\\s+){0,6}?${ROLE}`, 'i');
// "Alice Doe fell for politics at twelve. She has been writing about it since 2008."
const NAME_START = new RegExp(`^${NAME}\\s`, 'u');
const WRITES_SINCE =
  /\b(?:she|he|they) (?:has|have) been (?:writing|reporting)\b|\b(?:sie|er) schreibt seit\b/i;

const BLOCK_LEVEL = `${BLOCKS}, article, main, header, footer, figure, ul, ol, dl, table, pre, h1, h2, h3, h4, h5, h6`;

/** The innermost block holding the article's last text. */
export function lastBlock(root: Element): Element | null {
  let el: Element = root;
  for (;;) {
    let next: Element | null = null;
    for (let c = el.lastElementChild; c; c = c.previousElementSibling) {
      if (c.matches(BLOCK_LEVEL) && hasText(c)) {
        next = c;
        break;
      }
    }
    if (!next) return el === root ? null : el;
    el = next;
  }
}

export function removeClosingAuthorBio(root: Element): void {
  const block = lastBlock(root);
  if (!block || !block.matches(BLOCKS)) return;
  if (textAfter(block, root, 0).trim()) return;
  if (block.querySelector('img, picture, video, table, pre, ul, ol, h2, h3, h4')) return;
  const text = normalizedText(block);
  if (text.length < MIN_CHARS || text.length > MAX_CHARS) return;
  if (normalizedText(root).length - text.length < MIN_ARTICLE_CHARS) return;
  const opening = text.replace(/^[„"“»(\s]+/, '');
  const heading = nameHeading(block, opening);
  if (heading) {
    // A heading naming a person, then what that person is: a box of its own, whatever wraps it.
    heading.remove();
    block.remove();
    return;
  }
  const is = NAME_IS.exec(opening);
  const bio =
    (is && ROLE_NEAR.test(opening.slice(is[0].length))) ||
    (NAME_START.test(opening) && WRITES_SINCE.test(opening.slice(0, 300)));
  if (!bio) return;
  // Whole-block wrappers (a quote around the paragraph) go with it.
  let gone: Element = block;
  while (
    gone.parentElement &&
    gone.parentElement !== root &&
    tagName(gone.parentElement) !== 'article' &&
    normalizedText(gone.parentElement) === text
  )
    gone = gone.parentElement;
  // Set apart from the article's paragraphs (a quote, an aside, a box of its own, a paragraph
  // set in italics as a whole): a plain closing paragraph may still be the story's last word
  // about someone.
  if (
    gone === block &&
    !/^(?:blockquote|aside)$/.test(tagName(block)) &&
    !isEmphasized(block, text)
  )
    return;
  gone.remove();
}

/** The heading right before `block` when it names the person the block's verb describes. */
function nameHeading(block: Element, opening: string): Element | null {
  const verb = VERB_FIRST.exec(opening);
  if (!verb || !ROLE_NEAR.test(opening.slice(verb[0].length))) return null;
  const heading = block.previousElementSibling;
  if (!heading || !/^h[2-6]$/.test(tagName(heading))) return null;
  return NAME_ALONE.test(normalizedText(heading)) ? heading : null;
}

/** Whether all of the block's text sits in one emphasis element (`<p><em>…</em></p>`). */
function isEmphasized(block: Element, text: string): boolean {
  const only = block.firstElementChild;
  if (!only || only !== block.lastElementChild || !/^(?:em|i)$/.test(tagName(only))) return false;
  return normalizedText(only) === text;
}
