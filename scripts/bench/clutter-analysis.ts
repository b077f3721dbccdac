import type { Token } from 'markdown-it';

/**
 * Clutter a reader notices at once, read from the markdown-it tokens of an extraction:
 * - heading permalinks: a heading holding a link whose text is only an anchor sign (`#`, `¶`,
 *   `§`, `🔗`, "permalink", "link", "anchor") or ending in such a bare sign;
 * - photo-credit and "continue reading" lines: a paragraph that is only "Photo", a labelled
 *   credit ("Photo: Jane Doe", "Credit…"), or a "Continue reading…" prompt;
 * - tables of contents: a list of three or more items, at least 80% of them nothing but a link
 *   to a fragment of the page itself;
 * - breadcrumbs: one line of two or more links joined by `›`, `>`, `»`, ` / ` or `→` (a trailing
 *   unlinked crumb allowed), or a line starting "You are here";
 * - PHP error messages a broken site printed into the page ("Warning: … in /path/file.php on
 *   line 12"), each message counted.
 */

export interface Clutter {
  headingPermalinks: string[];
  creditLines: string[];
  tablesOfContents: string[];
  breadcrumbs: string[];
  phpErrors: string[];
}

const ANCHOR_TEXT = /^(?:#|¶|§|🔗|⚓|link|permalink|anchor|direct link(?: to .*)?)$/i;
const BARE_ANCHOR_END = /(?:^|\s)[#¶§🔗]$/u;
const CREDIT = new RegExp(
  '^(?:(?:photo|image|video|picture)' +
    '|(?:photo(?:graph)?|image|picture|video)s?\\s*(?:by|credits?)?\\s*[:©]\\s*\\S.{0,100}' +
    '|(?:photo |image )?credits?\\s*:\\s*\\S.{0,100}' +
    '|(?:photo|image)s? (?:by|courtesy of) .{1,80})$',
  'i',
);
const CONTINUE_READING = /^continue reading\b.{0,120}$/i;
const PHP_ERROR =
  /(?:^|\s)(?:warning|notice|deprecated|strict standards|(?:catchable |recoverable )?fatal error|parse error):\s.{1,600}?\sin\s\S+\son line\s\d+/gi;
const CRUMB_SEPARATOR = /^[\s›>»/→|•·]*$/;
const CRUMB_JOIN = /[›>»→]|\s\/\s/;

function shorten(text: string, max = 100): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

/** Text of an inline token, and its links with their own text and target. */
function readInline(token: Token): {
  text: string;
  links: { href: string; text: string }[];
  outside: string[];
} {
  const links: { href: string; text: string }[] = [];
  const outside: string[] = [];
  let text = '';
  let open: { href: string; text: string } | null = null;
  for (const child of token.children ?? []) {
    if (child.type === 'link_open') {
      open = { href: String(child.attrGet('href') ?? ''), text: '' };
    } else if (child.type === 'link_close') {
      if (open) links.push(open);
      open = null;
    } else if (child.type === 'text' || child.type === 'code_inline') {
      text += child.content;
      if (open) open.text += child.content;
      else outside.push(child.content);
    } else if (child.type === 'softbreak' || child.type === 'hardbreak') {
      text += ' ';
      if (!open) outside.push(' ');
    }
  }
  return { text: text.replace(/\s+/g, ' ').trim(), links, outside };
}

function samePage(href: string, pageUrl: string | null): boolean {
  if (href.startsWith('#')) return href.length > 1;
  const hash = href.indexOf('#');
  if (hash < 0 || hash === href.length - 1 || !pageUrl) return false;
  return href.slice(0, hash) === pageUrl.replace(/#.*$/, '');
}

function isHeadingPermalink(inline: Token): string | null {
  const { text, links } = readInline(inline);
  if (links.some((l) => ANCHOR_TEXT.test(l.text.trim()) && l.href.includes('#'))) return text;
  if (BARE_ANCHOR_END.test(text)) return text;
  return null;
}

function isBreadcrumb(inline: Token): boolean {
  const { text, links, outside } = readInline(inline);
  if (/^you are here\b/i.test(text) && links.length > 0) return true;
  if (links.length < 2 || text.length > 160) return false;
  // Separators between the crumbs; the last, unlinked crumb is the page itself.
  const between = outside.join('');
  const lastLinkEnd = text.lastIndexOf(links[links.length - 1]!.text.trim());
  const tail =
    lastLinkEnd >= 0 ? text.slice(lastLinkEnd + links[links.length - 1]!.text.length) : '';
  const tailText = tail.replace(/^[\s›>»/→|•·]+/, '');
  const joins = between.slice(0, between.length - tail.length);
  return (
    CRUMB_SEPARATOR.test(joins) && CRUMB_JOIN.test(between) && tailText.split(/\s+/).length <= 12
  );
}

export function analyseClutter(tokens: Token[], pageUrl: string | null): Clutter {
  const result: Clutter = {
    headingPermalinks: [],
    creditLines: [],
    tablesOfContents: [],
    breadcrumbs: [],
    phpErrors: [],
  };
  // Open lists (outermost first) with their item counts.
  const lists: { items: number; fragmentItems: number; sample: string }[] = [];
  let inHeading = false;
  let inTable = false;
  let itemInlineSeen = false;
  for (const token of tokens) {
    switch (token.type) {
      case 'heading_open':
        inHeading = true;
        break;
      case 'heading_close':
        inHeading = false;
        break;
      case 'table_open':
        inTable = true;
        break;
      case 'table_close':
        inTable = false;
        break;
      case 'bullet_list_open':
      case 'ordered_list_open':
        lists.push({ items: 0, fragmentItems: 0, sample: '' });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close': {
        const list = lists.pop();
        if (!list) break;
        if (lists.length > 0) {
          // A nested list's items belong to the outer table of contents.
          const outer = lists[lists.length - 1]!;
          outer.items += list.items;
          outer.fragmentItems += list.fragmentItems;
        } else if (list.items >= 3 && list.fragmentItems >= 0.8 * list.items) {
          result.tablesOfContents.push(shorten(list.sample));
        }
        break;
      }
      case 'list_item_open':
        itemInlineSeen = false;
        break;
      case 'inline': {
        if (inTable) break;
        const { text, links, outside } = readInline(token);
        if (inHeading) {
          const permalink = isHeadingPermalink(token);
          if (permalink !== null) result.headingPermalinks.push(shorten(permalink));
          // A trail marked up as a heading (`<h5>Home » News</h5>`) is still a trail.
          if (isBreadcrumb(token)) result.breadcrumbs.push(shorten(text));
          break;
        }
        const list = lists[lists.length - 1];
        if (list && !itemInlineSeen) {
          itemInlineSeen = true;
          list.items++;
          const onlyLink =
            links.length === 1 &&
            !outside
              .join('')
              .replace(/[\d.\s]+/g, '')
              .trim();
          if (onlyLink && samePage(links[0]!.href, pageUrl)) list.fragmentItems++;
          if (!list.sample) list.sample = text;
        }
        if (text.length <= 200 && (CREDIT.test(text) || CONTINUE_READING.test(text))) {
          result.creditLines.push(shorten(text));
        }
        if (isBreadcrumb(token)) result.breadcrumbs.push(shorten(text));
        for (const m of text.matchAll(PHP_ERROR)) result.phpErrors.push(shorten(m[0]));
        break;
      }
      default:
        break;
    }
  }
  return result;
}
