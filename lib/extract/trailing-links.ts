import { linkTextShare } from './boilerplate-lines';
import { normalizedText, tagName } from './dom';

/**
 * A run of link-only lines ending the article: "related posts" teasers written as plain
 * paragraphs with no class or label to tell them apart ("[Next essay](…) · [tag](…)"). Two or
 * more such lines in a row at the very end go, with short labels among them. Lists are left
 * alone (a closing list of sources is part of the article), and one closing link stays ("The
 * full report is here").
 */

const LEAF_BLOCKS = 'p, div, h1, h2, h3, h4, h5, h6, li, blockquote, figure, table, pre, dd, dt';
const RUN_TAGS = new Set(['p', 'div', 'h2', 'h3', 'h4', 'h5', 'h6']);
const MAX_LINE_CHARS = 200;
const MIN_LINK_SHARE = 0.8;
const MAX_LABEL_CHARS = 40;
const MIN_RUN = 2;

function isLeaf(el: Element): boolean {
  return !el.querySelector(LEAF_BLOCKS);
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
