import { linkTextShare } from './boilerplate-lines';
import { normalizedText, tagName } from './dom';

/**
 * A run of link-only lines ending the article: "related posts" teasers written as plain
 * paragraphs with no class or label to tell them apart ("[Next essay](…) · [tag](…)"). Two or
 * more such lines in a row at the very end go, with short labels among them. Lists are left
 * alone (a closing list of sources is part of the article), and one closing link stays ("The
 * full report is here"). A paragraph of link lines split by line breaks counts as that many
 * lines, under a "see also" label of its own ("Siehe auch<br><a>…</a><br><a>…</a>"); a
 * "Sources" label is not one, so a closing list of sources written that way stays.
 */

const LEAF_BLOCKS = 'p, div, h1, h2, h3, h4, h5, h6, li, blockquote, figure, table, pre, dd, dt';
const RUN_TAGS = new Set(['p', 'div', 'h2', 'h3', 'h4', 'h5', 'h6']);
const MAX_LINE_CHARS = 200;
const MIN_LINK_SHARE = 0.8;
const MAX_LABEL_CHARS = 40;
const MIN_RUN = 2;
// A label saying that what follows is more reading, not the article's sources.
const SEE_ALSO =
  /^(?:see also|related(?: posts| articles| reading)?|more on this|siehe auch|mehr zum thema|lesen sie auch|auch interessant|weitere artikel|voir aussi|lire aussi|v[eé]ase tambi[eé]n|ver tambi[eé]n|lee tambi[eé]n|zobacz (?:te[żz]|tak[żz]e))\s*:?$/i;

function isLeaf(el: Element): boolean {
  return !el.querySelector(LEAF_BLOCKS);
}

/** The text of `nodes` and the share of it inside links. */
function lineText(nodes: Node[]): { text: string; linked: number } {
  let text = '';
  let linked = 0;
  for (const n of nodes) {
    const t = (n.textContent ?? '').replace(/\s+/g, ' ');
    text += t;
    if (n.nodeType !== 1) continue;
    const el = n as Element;
    if (tagName(el) === 'a') linked += normalizedText(el).length;
    else for (const a of Array.from(el.querySelectorAll('a'))) linked += normalizedText(a).length;
  }
  return { text: text.trim(), linked };
}

/**
 * How many link-only lines `el` holds when it is a "see also" label followed by nothing but
 * such lines split by `<br>`s; 0 otherwise. Without the label, two links on two lines of one
 * paragraph stay one closing line, as before: they may be the article's sources.
 */
function linkLinesByBreaks(el: Element): number {
  if (!el.querySelector('br')) return 0;
  const lines: Node[][] = [[]];
  for (let c = el.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === 1 && tagName(c as Element) === 'br') lines.push([]);
    else lines[lines.length - 1]!.push(c);
  }
  const texts = lines.map(lineText).filter((line) => line.text);
  if (!texts.length || !SEE_ALSO.test(texts[0]!.text)) return 0;
  const links = texts.slice(1);
  const linkOnly = ({ text, linked }: { text: string; linked: number }) =>
    text.length <= MAX_LINE_CHARS && linked >= text.length * MIN_LINK_SHARE;
  return links.every(linkOnly) ? links.length : 0;
}

export function removeTrailingLinkLines(root: Element): void {
  const leaves = Array.from(root.querySelectorAll(LEAF_BLOCKS)).filter(isLeaf);
  const run: Element[] = [];
  let links = 0;
  for (let i = leaves.length - 1; i >= 0; i--) {
    const el = leaves[i]!;
    const text = normalizedText(el);
    if (!text) {
      if (el.querySelector('img, picture, video, iframe, svg')) break;
      continue;
    }
    if (!RUN_TAGS.has(tagName(el)) || el.closest('li, table, blockquote')) break;
    const byBreaks = linkLinesByBreaks(el);
    if (byBreaks) {
      run.push(el);
      links += byBreaks;
      continue;
    }
    if (text.length <= MAX_LINE_CHARS && linkTextShare(el, text) >= MIN_LINK_SHARE) {
      run.push(el);
      links++;
      continue;
    }
    if (/^h[2-6]$/.test(tagName(el)) && text.length <= MAX_LABEL_CHARS) {
      run.push(el);
      continue;
    }
    break;
  }
  if (links < MIN_RUN) return;
  for (const el of run) el.remove();
}
