import MarkdownIt, { type Token } from 'markdown-it';

/**
 * Emphasis markers a renderer shows as text: a `*` or `_` left in the rendered text that the
 * markdown did not escape, i.e. a bold or italic delimiter CommonMark could not pair (closed
 * after a line break, opened against punctuation, underscores inside a word, a pair split by
 * a blank line). Turndown escapes every literal `*` and `_` of the page's text, so in an
 * extraction each such character is a failed delimiter. Escapes stay apart from the text
 * (`text_join` off); TeX in `$…$` and link targets shown as text (autolinks) are not counted.
 */

const md = new MarkdownIt('default', { html: true, linkify: false });
md.core.ruler.disable('text_join');

const TEX = /\$\$[\s\S]*?\$\$|\$[^$\n]+\$/g;
const MARKER = /[*_]+/g;

function inlineMarkers(children: Token[], out: string[]): void {
  let text = '';
  let inAutolink = false;
  for (const child of children) {
    if (child.type === 'link_open') inAutolink = child.markup === 'autolink';
    else if (child.type === 'link_close') inAutolink = false;
    else if (child.type === 'text' && !inAutolink) text += child.content;
    else text += ' ';
  }
  const bare = text.replace(TEX, ' ');
  for (const m of bare.matchAll(MARKER)) {
    const at = m.index;
    out.push(bare.slice(Math.max(0, at - 30), at + m[0].length + 30).replace(/\s+/g, ' '));
  }
}

export function literalEmphasis(markdown: string): string[] {
  const out: string[] = [];
  for (const token of md.parse(markdown, {}))
    if (token.type === 'inline') inlineMarkers(token.children ?? [], out);
  return out;
}
