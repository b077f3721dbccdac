/**
 * Words in a text, the one count the clip's `wordCount` and the popup's "N words" share.
 * Chinese and Japanese do not separate words, so each Han, Hiragana or Katakana character
 * counts as one, as word processors count them; Korean separates its words with spaces and is
 * counted by them. A link's address in markdown is not words.
 */

const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;
const WORD = /[\p{L}\p{N}]+(?:['’.-][\p{L}\p{N}]+)*/gu;
// `](address "title")` after a markdown link's or image's text.
const LINK_TARGET = /\]\([^()\s]*(?:\([^()\s]*\)[^()\s]*)*(?:\s+"[^"]*")?\)/g;

export function countWords(text: string): number {
  let unspaced = 0;
  const rest = text.replace(LINK_TARGET, ']').replace(UNSPACED, () => {
    unspaced++;
    return ' ';
  });
  let words = 0;
  for (const _ of rest.matchAll(WORD)) words++;
  return unspaced + words;
}
