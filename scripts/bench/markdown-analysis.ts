import MarkdownIt, { type Token } from 'markdown-it';
import { analyseClutter, type Clutter } from './clutter-analysis.ts';
import { literalEmphasis } from './emphasis-analysis.ts';

/**
 * Reads extractor markdown the way a renderer will: markdown-it (CommonMark plus GFM tables and
 * strikethrough, raw HTML on) parses it once, and every hygiene figure comes from the tokens, so
 * "a relative link" or "raw HTML" means what a reader would actually get, not what a regex
 * guesses. Whitespace defects are read from the source lines outside code fences.
 *
 * Decisions (documented in the benchmark header too):
 * - Raw HTML is any HTML token a renderer would pass through, except a deliberate
 *   `<table>…</table>` block (the issue allows clean HTML tables when cells span), `<br>` inside
 *   a GFM table row (the only way to break a line in a cell), and `<sup>`/`<sub>` (no markdown
 *   equivalent; dropping them turns x² into x2). Those allowed inline tags are counted apart.
 * - A link or image is relative unless its URL starts with `http:`, `https:`, `mailto:` or
 *   `tel:` (absolute and safe); so `#anchor`, `javascript:`, `data:`, `whatsapp:` and empty
 *   URLs all count.
 * - An empty link has no text and no image inside.
 */

const md = new MarkdownIt('default', { html: true, linkify: false });
// Keep every link as a link: by default markdown-it renders `javascript:`/`data:` links as
// text, which would hide exactly the URLs the hygiene check must see.
md.validateLink = () => true;

const ABSOLUTE_URL = /^(?:https?:|mailto:|tel:)/i;
const TAG_NAME = /<\/?([a-zA-Z][a-zA-Z0-9-]*)/;
const ALLOWED_INLINE_TAGS = new Set(['sup', 'sub']);
const ENTITY = /&(?:[a-zA-Z][a-zA-Z0-9]{1,31}|#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6});/g;

export interface CodeFence {
  info: string;
  content: string;
}

export interface Sample {
  /** What was found, shortened for a report line. */
  text: string;
}

export interface MarkdownAnalysis {
  /** Rendered text: no markup, image alt dropped, whitespace collapsed to single spaces. */
  plainText: string;
  fences: CodeFence[];
  /** Fences whose lines still start 1, 2, 3…: a line-number gutter that should have gone. */
  numberedFences: string[];
  relativeUrls: string[];
  emptyLinks: string[];
  rawHtml: string[];
  /** Permalinks, credit lines, tables of contents, breadcrumbs (clutter-analysis.ts). */
  clutter: Clutter;
  /** List items with nothing in them (or only a task box): a bare bullet or number. */
  emptyListItems: number;
  /** `<sup>`, `<sub>`, `<br>` in table rows: allowed, counted for information. */
  allowedInlineHtml: number;
  whitespace: {
    trailingSpaceLines: string[];
    blankLineRuns: number;
    /** Indented blocks that render as code although nobody meant code. */
    indentedCode: string[];
    entities: string[];
    /** A `\` hard break that ends a block: renders as a literal backslash. */
    danglingBreaks: string[];
  };
  /** Bold or italic delimiters a renderer shows as text (emphasis-analysis.ts). */
  literalEmphasis: string[];
}

/** `pageUrl` tells links to the page's own fragments (tables of contents) from others. */
export function analyseMarkdown(markdown: string, pageUrl: string | null = null): MarkdownAnalysis {
  const tokens = md.parse(markdown, {});
  const result: MarkdownAnalysis = {
    clutter: analyseClutter(tokens, pageUrl),
    plainText: '',
    fences: [],
    numberedFences: [],
    relativeUrls: [],
    emptyLinks: [],
    rawHtml: [],
    emptyListItems: 0,
    allowedInlineHtml: 0,
    whitespace: {
      trailingSpaceLines: [],
      blankLineRuns: 0,
      indentedCode: [],
      entities: [],
      danglingBreaks: [],
    },
    literalEmphasis: literalEmphasis(markdown),
  };
  const text: string[] = [];
  let tableDepth = 0; // open deliberate HTML tables
  let inGfmTable = false;

  const htmlToken = (content: string, inline: boolean) => {
    const opens = (content.match(/<table\b/gi) ?? []).length;
    const closes = (content.match(/<\/table\s*>/gi) ?? []).length;
    const deliberateTable = tableDepth > 0 || /^\s*<table\b/i.test(content);
    tableDepth = Math.max(0, tableDepth + opens - closes);
    if (deliberateTable) return;
    const name = TAG_NAME.exec(content)?.[1]?.toLowerCase();
    if (inline && name && ALLOWED_INLINE_TAGS.has(name)) {
      result.allowedInlineHtml++;
      return;
    }
    if (inline && inGfmTable && name === 'br') {
      result.allowedInlineHtml++;
      return;
    }
    result.rawHtml.push(shorten(content));
  };

  tokens.forEach((token, i) => {
    if (token.type === 'list_item_open' && isEmptyItem(tokens, i)) result.emptyListItems++;
  });
  for (const token of tokens) {
    switch (token.type) {
      case 'table_open':
        inGfmTable = true;
        break;
      case 'table_close':
        inGfmTable = false;
        break;
      case 'inline':
        walkInline(token.children ?? [], result, text, htmlToken);
        text.push(inGfmTable ? ' ' : '\n');
        break;
      case 'fence':
        result.fences.push({ info: token.info.trim(), content: token.content });
        if (hasLineNumbers(token.content)) result.numberedFences.push(shorten(token.content));
        text.push(token.content, '\n');
        break;
      case 'code_block':
        result.whitespace.indentedCode.push(shorten(token.content));
        text.push(token.content, '\n');
        break;
      case 'html_block':
        htmlToken(token.content, false);
        text.push(htmlToText(token.content), '\n');
        break;
      default:
        break;
    }
  }
  result.plainText = collapseWhitespace(text.join(''));
  readWhitespace(markdown, result);
  return result;
}

function walkInline(
  children: Token[],
  result: MarkdownAnalysis,
  text: string[],
  htmlToken: (content: string, inline: boolean) => void,
): void {
  // Open links, innermost last: their text so far, and whether an image sits inside.
  const links: { href: string; text: string; hasImage: boolean }[] = [];
  for (const child of children) {
    switch (child.type) {
      case 'link_open': {
        const href = String(child.attrGet('href') ?? '');
        if (!ABSOLUTE_URL.test(href)) result.relativeUrls.push(shorten(`link: ${href}`));
        links.push({ href, text: '', hasImage: false });
        break;
      }
      case 'link_close': {
        const link = links.pop();
        if (link && !link.hasImage && link.text.trim() === '') {
          result.emptyLinks.push(shorten(`[${link.text}](${link.href})`));
        }
        break;
      }
      case 'image': {
        const src = String(child.attrGet('src') ?? '');
        if (!ABSOLUTE_URL.test(src)) result.relativeUrls.push(shorten(`image: ${src}`));
        for (const link of links) link.hasImage = true;
        break;
      }
      case 'text':
      case 'code_inline':
        text.push(child.content);
        for (const link of links) link.text += child.content;
        break;
      case 'softbreak':
      case 'hardbreak':
        text.push(' ');
        break;
      case 'html_inline':
        htmlToken(child.content, true);
        break;
      default:
        break;
    }
  }
}

function readWhitespace(markdown: string, result: MarkdownAnalysis): void {
  const lines = markdown.split('\n');
  let fence: string | null = null;
  let blankRun = 0;
  let inTable = false;
  for (const [index, line] of lines.entries()) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence !== null) {
      if (
        marker &&
        marker[0] === fence[0] &&
        marker.length >= fence.length &&
        !/\S/.test(line.slice(line.indexOf(marker) + marker.length))
      ) {
        fence = null;
      }
      continue;
    }
    if (marker) {
      fence = marker;
      blankRun = 0;
      continue;
    }
    if (/[ \t]+$/.test(line)) {
      result.whitespace.trailingSpaceLines.push(line.slice(-40));
    }
    const next = lines[index + 1];
    if (/(?:^|[^\\])(?:\\\\)*\\$/.test(line) && (next === undefined || !/\S/.test(next))) {
      result.whitespace.danglingBreaks.push(line.slice(-40));
    }
    if (/\S/.test(line)) {
      blankRun = 0;
    } else if (++blankRun === 2) {
      // Two blank lines in a row: three or more consecutive newlines.
      result.whitespace.blankLineRuns++;
    }
    // Entities are HTML's business inside a deliberate HTML table, and `\&` is a literal.
    if (/^\s*<table\b/i.test(line)) inTable = true;
    if (!inTable) {
      const outsideCodeSpans = line.replace(/(`+)[^`]*?\1/g, '');
      for (const match of outsideCodeSpans.matchAll(ENTITY)) {
        if (outsideCodeSpans[match.index - 1] !== '\\') result.whitespace.entities.push(match[0]);
      }
    }
    if (/<\/table\s*>/i.test(line)) inTable = false;
  }
}

/** `-` alone, or `- [ ]` alone: the item closes with no text but a task box. */
function isEmptyItem(tokens: ReturnType<typeof md.parse>, open: number): boolean {
  for (let i = open + 1; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'list_item_close') return true;
    if (token.type === 'inline' && !/^\s*(?:\[[ xX]\]\s*)?$/.test(token.content)) return false;
    if (!/^paragraph_(?:open|close)$/.test(token.type) && token.type !== 'inline') return false;
  }
  return true;
}

/** Three or more lines, at least 80% of them starting with their own line number. */
function hasLineNumbers(code: string): boolean {
  const lines = code.split('\n').filter((line) => line.trim() !== '');
  if (lines.length < 3) return false;
  let numbered = 0;
  lines.forEach((line, i) => {
    if (new RegExp(`^\\s*${i + 1}(?!\\d)`).test(line)) numbered++;
  });
  return numbered >= 0.8 * lines.length;
}

/** Text of HTML source: tags dropped, entities decoded (a deliberate table, or a whole page). */
export function htmlToText(html: string): string {
  return md.utils.unescapeAll(html.replace(/<[^>]*>/g, ' '));
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function shorten(text: string, max = 100): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}
