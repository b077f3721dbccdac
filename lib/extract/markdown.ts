import TurndownService from 'turndown';
import { strikethrough } from '@joplin/turndown-plugin-gfm';
import { LANG_ATTR } from './code';
import { isElement, normalizedText, tagName } from './dom';
import { emphasize, mergeAdjacentEmphasis } from './emphasis';
import { FOOTNOTE_ATTR } from './footnotes';
import { DISPLAY_ATTR, TEX_ATTR } from './math';
import { TABLE_ATTR } from './tables';
import { TASK_ATTR } from './tasks';

/**
 * The one module that owns Turndown and every markdown rule. The earlier steps leave
 * markers (`data-pageclip-*`) on a cleaned DOM; the rules here only decide syntax.
 *
 * The GFM plugin is used for strikethrough only: its table rule keeps complex tables as raw
 * `outerHTML` (with page attributes and a Joplin wrapper) and writes `<br>` into cells,
 * and its task-list rule needs `<input>`s that Readability removes; our own rules below
 * cover both.
 */

type TNode = TurndownService.Node;

// A `<` ending a text node too: the next node may start with `/font>` (readability/clean-links
// has `wreck&lt;</a>/font&gt;`), and together they would render as a raw tag.
const HTML_TAGS_AFTER_LT = /<(?=[A-Za-z/!?]|\s*$)/g;
const ENTITY = /&(?=#?[A-Za-z0-9]+;)/g;
// Turndown escapes `1. ` only with a space after it, but CommonMark also starts an ordered
// list at `1.` or `1)` ending the line (spec 5.2, "List items"): a recipe's step number in a
// block of its own became an empty list item.
const BARE_MARKER = /^(\s*\d{1,9})([.)])(\s*)$/;

/** A block's markdown, its content escaped when it is only a list marker. */
function block(content: string): string {
  return `\n\n${content.replace(BARE_MARKER, '$1\\$2$3')}\n\n`;
}

function escapeText(service: TurndownService, base: (s: string) => string, text: string): string {
  void service;
  return base(text.replace(/\u00a0/g, ' '))
    .replace(HTML_TAGS_AFTER_LT, '\\<')
    .replace(ENTITY, '\\&')
    .replace(/\$/g, '\\$')
    .replace(/~~/g, '\\~\\~');
}

function escapeDestination(url: string): string {
  const escaped = url.replace(/([<>()])/g, '\\$1');
  return /\s/.test(escaped) ? `<${escaped.replace(/\s/g, '%20')}>` : escaped;
}

/** What an autolink may hold: http(s), no space, angle bracket, quote or backslash. */
const AUTOLINK_URL = /^https?:\/\/[^\s<>"'\\|`]+$/i;

/**
 * A link whose plain text is its own (http) URL, written as an autolink `<url>`. Besides
 * being shorter, `[^1]: [https://x](https://x)` (a footnote that is only a bare URL) reads as
 * a link reference definition to renderers without footnotes, with the whole
 * `[https://x](https://x)` as its (relative) destination; `[^1]: <https://x>` stays absolute.
 */
function isBareUrlLink(a: Element, href: string): boolean {
  // An entity-like `&amp;` would be decoded by some renderers and not by others.
  if (a.children.length > 0 || !AUTOLINK_URL.test(href) || /&#?\w+;/.test(href)) return false;
  const text = (a.textContent ?? '').trim();
  // URL() adds the root path: `https://example.com` links to `https://example.com/`.
  return text === href || `${text}/` === href;
}

// Nothing, or only a task marker with nothing to do.
const EMPTY_ITEM = /^\s*(?:\[[ x]\]\s*)?$/;

/** An item whose markdown will be empty: no text and nothing that renders without text. */
function isBlankItem(el: Element): boolean {
  return (
    !normalizedText(el) &&
    !el.querySelector(`img, picture, video, iframe, pre, [${TEX_ATTR}], [${FOOTNOTE_ATTR}]`)
  );
}

// Each ordered list's item numbers, blank items skipped: worked out once a list, as a
// count of the blank items before each item would make a long list quadratic.
const itemNumbers = new WeakMap<Element, Map<Element, number>>();

function itemNumber(list: Element, item: Element): number {
  let numbers = itemNumbers.get(list);
  if (!numbers) {
    numbers = new Map();
    const start = Number.parseInt(list.getAttribute('start') ?? '1', 10);
    let next = Number.isFinite(start) ? start : 1;
    for (let child = list.firstElementChild; child; child = child.nextElementSibling)
      if (tagName(child) === 'li' && !isBlankItem(child)) numbers.set(child, next++);
    itemNumbers.set(list, numbers);
  }
  return numbers.get(item) ?? 1;
}

function fenceFor(code: string): string {
  let longest = 0;
  for (const m of code.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  return '`'.repeat(Math.max(3, longest + 1));
}

function attr(node: TNode, name: string): string | null {
  return (node as unknown as Element).getAttribute(name);
}

function ownRows(table: Element): Element[] {
  return Array.from(table.querySelectorAll('tr')).filter((tr) => tr.closest('table') === table);
}

function tableMode(node: Node): string | null {
  const table = isElement(node) ? node.closest('table') : null;
  return table ? table.getAttribute(TABLE_ATTR) : null;
}

const VOID_HTML = new Set(['br', 'img']);
const INLINE_HTML = new Set([
  'a',
  'strong',
  'b',
  'em',
  'i',
  'code',
  'sup',
  'sub',
  'br',
  'img',
  'ul',
  'ol',
  'li',
  'p',
  's',
  'del',
]);
const TABLE_HTML = new Set(['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td']);

function escapeHtml(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A spanning table as clean HTML: only table structure, rowspan/colspan and safe inline markup. */
export function cleanTableHtml(table: Element): string {
  const out: string[] = [];
  const stack: { node: Node; close: string | null }[] = [{ node: table, close: null }];
  while (stack.length) {
    const { node, close } = stack.pop()!;
    if (close !== null) {
      out.push(close);
      continue;
    }
    if (node.nodeType === 3) {
      out.push(escapeHtml((node.nodeValue ?? '').replace(/\s+/g, ' ')));
      continue;
    }
    if (!isElement(node)) continue;
    const tag = tagName(node);
    if (node.hasAttribute(TEX_ATTR)) {
      const tex = node.getAttribute(TEX_ATTR) ?? '';
      out.push(escapeHtml(node.hasAttribute(DISPLAY_ATTR) ? `$$${tex}$$` : `$${tex}$`));
      continue;
    }
    if (node.hasAttribute(FOOTNOTE_ATTR)) {
      out.push(`[^${escapeHtml(node.getAttribute(FOOTNOTE_ATTR) ?? '')}]`);
      continue;
    }
    if (tag === 'table' && node !== table) {
      out.push(escapeHtml(normalizedText(node)));
      continue;
    }
    let open = '';
    let closeTag: string | null = null;
    if (TABLE_HTML.has(tag) || INLINE_HTML.has(tag)) {
      let attrs = '';
      if (tag === 'td' || tag === 'th') {
        for (const name of ['rowspan', 'colspan']) {
          const v = Number.parseInt(node.getAttribute(name) ?? '', 10);
          if (v > 1 && v < 1000) attrs += ` ${name}="${v}"`;
        }
      } else if (tag === 'a') {
        const href = node.getAttribute('href');
        if (href && /^(?:https?|mailto|tel|ftp):/i.test(href))
          attrs += ` href="${escapeHtml(href)}"`;
      } else if (tag === 'img') {
        const src = node.getAttribute('src');
        if (!src || !/^https?:/i.test(src)) continue;
        attrs += ` src="${escapeHtml(src)}" alt="${escapeHtml(node.getAttribute('alt') ?? '')}"`;
      }
      open = `<${tag}${attrs}>`;
      closeTag = VOID_HTML.has(tag) ? null : `</${tag}>`;
      if (TABLE_HTML.has(tag) && tag !== 'td' && tag !== 'th' && tag !== 'caption')
        open = `\n${open}`;
    }
    out.push(open);
    if (closeTag) stack.push({ node, close: closeTag });
    for (let c = node.lastChild; c; c = c.previousSibling) stack.push({ node: c, close: null });
  }
  // No blank line may appear inside an HTML block, or markdown would end it early.
  return (
    out
      .join('')
      .replace(/[ \t]*\n[ \t\n]*/g, '\n')
      .replace(/> +</g, '><')
      .trim() + '\n'
  );
}

function createService(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    hr: '---',
    bulletListMarker: '-',
    codeBlockStyle: 'fenced',
    emDelimiter: '_',
    strongDelimiter: '**',
    br: '\\',
    defaultReplacement: (content, node) =>
      (node as TNode & { isBlock?: boolean }).isBlock ? block(content) : content,
    // Turndown hands an empty element to this, not to its rule: an empty list item given a
    // paragraph break would split its list in two, or make it a loose list.
    blankReplacement: (_, node) =>
      node.nodeName === 'LI' || !(node as TNode & { isBlock?: boolean }).isBlock ? '' : '\n\n',
  });
  service.addRule('paragraph', { filter: 'p', replacement: (content) => block(content) });
  const baseEscape = service.escape.bind(service);
  service.escape = (text: string) => escapeText(service, baseEscape, text);
  service.use(strikethrough);
  service.remove((node) =>
    [
      'SCRIPT',
      'STYLE',
      'NOSCRIPT',
      'TEMPLATE',
      'BUTTON',
      'SVG',
      'SELECT',
      'TEXTAREA',
      'INPUT',
      'HEAD',
    ].includes(node.nodeName.toUpperCase()),
  );

  service.addRule('listItem', {
    filter: 'li',
    replacement(content, node) {
      // An item left empty (its share icons, checkboxes or ad removed) would be a bare bullet;
      // the items after it are numbered as if it had never been there.
      if (EMPTY_ITEM.test(content)) return '';
      const parent = node.parentNode as Element | null;
      let prefix = '- ';
      let text = content.replace(/^\s+/, '');
      if (parent && parent.nodeName === 'OL') {
        const number = itemNumber(parent, node as unknown as Element);
        prefix = `${number}. `;
        // The page's own number label ("1." in a span, a reference list's "[1]") repeats the
        // list's: `1. 1. Shear NH …`, the second one an empty list item of its own.
        const unlabelled = text.replace(
          new RegExp(`^(?:${number}\\\\?[.)]|\\\\?\\[${number}\\\\?\\])\\s*`),
          '',
        );
        if (unlabelled.trim()) text = unlabelled;
      }
      const isParagraph = /\n$/.test(content);
      // Leading spaces (often `&nbsp;` from an empty amount span) would make the item's
      // text an indented code block: `-     Salz`.
      const body = text.replace(/\n+$/, '') + (isParagraph ? '\n' : '');
      const indented = body.replace(/\n/g, '\n' + ' '.repeat(prefix.length));
      return prefix + indented + (node.nextSibling && !/\n$/.test(indented) ? '\n' : '');
    },
  });

  // Bold and italic only where CommonMark can read them (emphasis.ts).
  service.addRule('strong', {
    filter: ['strong', 'b'],
    replacement: (content, node, options) =>
      emphasize(content, node, options.strongDelimiter ?? '**', '**'),
  });
  service.addRule('emphasis', {
    filter: ['em', 'i'],
    replacement: (content, node, options) =>
      emphasize(content, node, options.emDelimiter ?? '_', '*'),
  });

  service.addRule('heading', {
    filter: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
    replacement(content, node) {
      const text = content
        .replace(/\\\n/g, ' ')
        .replace(/\s*\n\s*/g, ' ')
        .trim();
      if (!text) return '';
      const level = Number(node.nodeName.charAt(1));
      return `\n\n${'#'.repeat(level)} ${text}\n\n`;
    },
  });

  service.addRule('link', {
    filter: (node) => node.nodeName === 'A' && !!node.getAttribute('href'),
    replacement(content, node) {
      const text = content
        .replace(/\\\n/g, ' ')
        .replace(/\s*\n\s*/g, ' ')
        .trim();
      if (!text) return '';
      const href = attr(node, 'href') ?? '';
      if (isBareUrlLink(node as unknown as Element, href)) return `<${href}>`;
      return `[${text}](${escapeDestination(href)})`;
    },
  });

  service.addRule('image', {
    filter: 'img',
    replacement(_content, node) {
      const src = attr(node, 'src');
      if (!src) return '';
      // An image without alt text keeps none: its figure's caption, if any, follows it as a
      // line of its own, and copying it into the alt would write it twice in the note.
      const alt = normalizedText({ textContent: attr(node, 'alt') ?? '' } as Node);
      return `![${service.escape(alt).replace(/\n/g, ' ')}](${escapeDestination(src)})`;
    },
  });

  service.addRule('figcaption', {
    filter: (node) => node.nodeName === 'FIGCAPTION',
    replacement(content) {
      const text = content
        .replace(/\\\n/g, ' ')
        .replace(/\s*\n\s*/g, ' ')
        .trim();
      return text ? `\n\n*${text}*\n\n` : '';
    },
  });

  service.addRule('codeBlock', {
    filter: 'pre',
    replacement(_content, node) {
      const el = node as unknown as Element;
      const code = el.hasAttribute(LANG_ATTR)
        ? (el.textContent ?? '')
        : (el.textContent ?? '').replace(/\s+$/, '');
      const lang = (el.getAttribute(LANG_ATTR) ?? '').replace(/[^\w+#.-]/g, '');
      const fence = fenceFor(code);
      return `\n\n${fence}${lang}\n${code.replace(/\n+$/, '')}\n${fence}\n\n`;
    },
  });

  service.addRule('math', {
    filter: (node) => node.hasAttribute(TEX_ATTR),
    replacement(_content, node) {
      const tex = (attr(node, TEX_ATTR) ?? '').trim();
      if (!tex) return '';
      if (node.hasAttribute(DISPLAY_ATTR)) return `\n\n$$\n${tex}\n$$\n\n`;
      return `$${tex.replace(/\n+/g, ' ')}$`;
    },
  });

  service.addRule('footnoteRef', {
    filter: (node) => node.hasAttribute(FOOTNOTE_ATTR),
    replacement: (_content, node) => `[^${attr(node, FOOTNOTE_ATTR)}]`,
  });

  service.addRule('taskMarker', {
    filter: (node) => node.hasAttribute(TASK_ATTR),
    replacement: (_content, node) => `[${attr(node, TASK_ATTR) === 'x' ? 'x' : ' '}] `,
  });

  service.addRule('videoEmbed', {
    filter: (node) =>
      node.nodeName === 'IFRAME' && /^https:\/\//.test(node.getAttribute('src') ?? ''),
    replacement: (_content, node) => {
      const title =
        normalizedText({ textContent: attr(node, 'title') ?? '' } as Node) || 'Embedded video';
      return `\n\n[${service.escape(title)}](${escapeDestination(attr(node, 'src') ?? '')})\n\n`;
    },
  });

  service.addRule('htmlTable', {
    filter: (node) => node.nodeName === 'TABLE' && node.getAttribute(TABLE_ATTR) === 'html',
    replacement: (_content, node) => `\n\n${cleanTableHtml(node as unknown as Element)}\n`,
  });

  service.addRule('gfmCell', {
    filter: (node) =>
      (node.nodeName === 'TD' || node.nodeName === 'TH') && tableMode(node) === 'gfm',
    replacement(content) {
      const text = content
        .replace(/\\\n/g, ' ')
        .replace(/\s*\n\s*/g, ' ')
        .trim()
        .replace(/\|/g, '\\|');
      return ` ${text} |`;
    },
  });

  service.addRule('gfmRow', {
    filter: (node) => node.nodeName === 'TR' && tableMode(node) === 'gfm',
    replacement: (content) => `\n|${content.replace(/\n/g, ' ')}\n`,
  });

  service.addRule('gfmSection', {
    filter: (node) =>
      ['THEAD', 'TBODY', 'TFOOT'].includes(node.nodeName) && tableMode(node) === 'gfm',
    replacement: (content) => content,
  });

  service.addRule('gfmCaption', {
    filter: (node) =>
      node.nodeName === 'CAPTION' || node.nodeName === 'COLGROUP' || node.nodeName === 'COL',
    replacement: () => '',
  });

  service.addRule('gfmTable', {
    filter: (node) => node.nodeName === 'TABLE' && node.getAttribute(TABLE_ATTR) === 'gfm',
    replacement(content, node) {
      const table = node as unknown as Element;
      const rows = content.split('\n').filter((l) => l.startsWith('|'));
      if (rows.length === 0) return '';
      let cols = 0;
      for (const tr of ownRows(table)) {
        let n = 0;
        for (const c of Array.from(tr.children))
          if (c.localName === 'td' || c.localName === 'th') n++;
        cols = Math.max(cols, n);
      }
      const padded = rows.map((r) => {
        const have = (r.replace(/\\\|/g, '').match(/\|/g)?.length ?? 1) - 1;
        return r + ' |'.repeat(Math.max(0, cols - have));
      });
      const caption = table.querySelector('caption');
      const captionText =
        caption && caption.closest('table') === table ? normalizedText(caption) : '';
      const lines = [padded[0]!, `|${' --- |'.repeat(cols)}`, ...padded.slice(1)];
      return `\n\n${captionText ? `${service.escape(captionText)}\n\n` : ''}${lines.join('\n')}\n\n`;
    },
  });

  return service;
}

let shared: TurndownService | null = null;

/**
 * Converts a cleaned DOM subtree (marked by the earlier steps) to markdown. Its one change to
 * the DOM: bold or italic elements side by side are merged first (emphasis.ts), which keeps
 * every character of the text.
 */
export function toMarkdown(root: Node): string {
  shared ??= createService();
  mergeAdjacentEmphasis(root);
  return shared.turndown(root as HTMLElement);
}

/** Escapes plain text for use in markdown (bookmark titles and excerpts). */
export function escapeMarkdownText(text: string): string {
  shared ??= createService();
  return shared.escape(text.replace(/\s+/g, ' ').trim());
}
