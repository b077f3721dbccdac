import { decodeEntities, ownerDoc } from './dom';

/**
 * The author's note the page declares in its JSON-LD (the `description` of the `Person` its
 * article names as author, which WordPress SEO plugins fill from the author's profile), shown
 * again in the body by the theme's author box: "I'm Amy and I'm so glad you've stopped by! …".
 * The frontmatter names the author; the note introduces the site's writer, not the story. Its
 * box goes wherever it sits, found by its text, not by a class only that theme uses.
 */

type Json = Record<string, unknown>;

// Shorter, a description is a job title ("Redakteurin"), which may well be part of a byline.
const MIN_NOTE_CHARS = 80;
// A page may name any number of authors; a hostile one thousands, each searched for.
const MAX_AUTHORS = 5;
// The box may hold the name and a label besides the note.
const BOX_SLACK = 120;

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The notes of the authors `article` (the page's JSON-LD article) names, among `objects`. */
export function declaredAuthorNotes(
  doc: Document,
  article: Json | null,
  objects: Json[],
): string[] {
  if (!article) return [];
  const refs = [article.author]
    .flat()
    .filter((a): a is Json => !!a && typeof a === 'object')
    .slice(0, MAX_AUTHORS);
  const notes: string[] = [];
  for (const ref of refs) {
    const id = typeof ref['@id'] === 'string' ? ref['@id'] : null;
    const person = id ? (objects.find((o) => o['@id'] === id) ?? ref) : ref;
    const note = person.description;
    if (typeof note !== 'string') continue;
    const text = squash(decodeEntities(doc, note));
    if (text.length >= MIN_NOTE_CHARS) notes.push(text);
  }
  return notes;
}

/** Removes the smallest element holding a declared note whole, when little else is in it. */
export function removeDeclaredAuthorNotes(root: Element, notes: readonly string[]): void {
  if (!notes.length) return;
  const total = squash(root.textContent ?? '').length;
  // The note must leave an article behind: a profile page is all note.
  for (const note of notes) if (note.length * 2 <= total) removeNote(root, note);
}

// Compared without whitespace: `textContent` has none for the `<br>`s that set a note's
// paragraphs apart, where the declared text has a space or a newline.
const bare = (s: string) => s.replace(/\s+/g, '');

function removeNote(root: Element, note: string): void {
  const whole = bare(note);
  const start = whole.slice(0, 24);
  const walker = ownerDoc(root).createTreeWalker(root, 4);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    if (!bare(n.nodeValue ?? '').includes(start)) continue;
    // Up from the note's first words to the box holding all of it.
    for (let el = n.parentElement; el && el !== root; el = el.parentElement) {
      const text = bare(el.textContent ?? '');
      if (text.length > whole.length + BOX_SLACK) return;
      if (text.includes(whole)) {
        el.remove();
        return;
      }
    }
    return;
  }
}
