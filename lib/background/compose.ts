/**
 * Composing what gets written: the clip's markdown with the user's note on top and
 * `pageclip_id` in a new page's frontmatter (so an uncertain create can be found again, see
 * lib/write-request.ts), and highlights rendered with the user's template.
 */
import { Document, parseDocument, visit } from 'yaml';

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;

/** Split a markdown document into its YAML frontmatter data and body. */
export function splitFrontmatter(markdown: string): {
  data: Record<string, unknown>;
  body: string;
} {
  const match = FRONTMATTER.exec(markdown);
  if (!match) return { data: {}, body: markdown };
  try {
    const parsed: unknown = parseDocument(match[1] ?? '').toJS();
    const data =
      parsed && typeof parsed === 'object' && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : {};
    return { data, body: markdown.slice(match[0].length) };
  } catch {
    return { data: {}, body: markdown };
  }
}

function renderFrontmatter(data: Record<string, unknown>): string {
  if (Object.keys(data).length === 0) return '';
  // Page text with `<` (a title like `<img onerror=…>`) goes double-quoted with `<` as the
  // escape `\x3C`: the same string once parsed, but never a tag for an app that renders the
  // frontmatter as markdown with raw HTML (as lib/extract/frontmatter.ts; test/security/).
  const doc = new Document(data);
  visit(doc, {
    Scalar(_key, node) {
      if (typeof node.value === 'string' && node.value.includes('<')) node.type = 'QUOTE_DOUBLE';
    },
  });
  return `---\n${doc.toString().trimEnd().replaceAll('<', '\\x3C')}\n---\n`;
}

/** The markdown of a new page: frontmatter with `pageclip_id`, then the note, then the clip. */
export function composePageMarkdown(markdown: string, clipId: string, note?: string): string {
  const { data, body } = splitFrontmatter(markdown);
  const frontmatter = renderFrontmatter({ ...data, pageclip_id: clipId });
  return `${frontmatter}\n${joinNote(note, body)}`;
}

/** Content appended to an existing page: the note, then the clip body (no frontmatter: it would land mid-page). */
export function composeAppendContent(markdown: string, note?: string): string {
  const { body } = splitFrontmatter(markdown);
  return joinNote(note, body);
}

function joinNote(note: string | undefined, body: string): string {
  const n = note?.trim();
  const b = body.replace(/^\s+/, '');
  if (!n) return b;
  return b ? `${n}\n\n${b}` : n;
}

export interface HighlightSource {
  quote: string;
  title: string;
  url: string;
  date: Date;
}

/**
 * Render the highlight template. `{{quote}}` on a line with a prefix (`> `) repeats the prefix
 * on every line of a multi-line quote, so the whole selection stays inside the blockquote.
 * The title is escaped for a markdown link's text and the URL for its destination.
 */
export function renderHighlight(template: string, source: HighlightSource): string {
  const quoteLines = source.quote.replace(/\r\n?/g, '\n').trim().split('\n');
  const values: Record<string, string> = {
    title: escapeLinkText(source.title || source.url),
    url: escapeLinkUrl(source.url),
    date: source.date.toISOString().slice(0, 10),
  };
  return template
    .split('\n')
    .map((line) => {
      const at = line.indexOf('{{quote}}');
      if (at < 0) return fill(line, values);
      const prefix = line.slice(0, at);
      const suffix = fill(line.slice(at + '{{quote}}'.length), values);
      return quoteLines
        .map((q, i) =>
          `${i === 0 ? fill(prefix, values) : prefix}${q}${i === quoteLines.length - 1 ? suffix : ''}`.trimEnd(),
        )
        .join('\n');
    })
    .join('\n');
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(title|url|date)\}\}/g, (_, key: string) => values[key] ?? '');
}

function escapeLinkText(text: string): string {
  return text.replace(/[\\[\]]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
}

function escapeLinkUrl(url: string): string {
  // encodeURIComponent leaves parentheses alone, and an unbalanced `)` ends a markdown link.
  return url.replace(
    /[ ()<>]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/** A bookmark page for "Clip link". */
export function composeLinkMarkdown(
  linkUrl: string,
  linkText: string,
  sourceUrl: string,
  date: Date,
): string {
  const title = linkText.trim() || linkUrl;
  return (
    renderFrontmatter({ source: linkUrl, clipped: date.toISOString(), via: sourceUrl }) +
    `\n[${escapeLinkText(title)}](${escapeLinkUrl(linkUrl)})\n`
  );
}
