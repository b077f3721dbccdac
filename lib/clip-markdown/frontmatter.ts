import { isMap, parseDocument, stringify, type Document } from 'yaml';

/**
 * The clip's YAML frontmatter, read and written with the `yaml` library and nowhere else.
 *
 * A block is what the service takes for one (docs/api.md, Content writes): an opening line
 * `---` and the next line that is exactly `---` or `...` (trailing blanks allowed). A line that only
 * ends in `---` (`title: Breaking news ---`) never closes it. A block counts as frontmatter
 * here only when its YAML is a mapping (or empty): `---` lines around a paragraph are two
 * thematic breaks, not metadata.
 */

export interface Frontmatter {
  /** The block as written, from the opening `---` through the closing line's line break. */
  block: string;
  data: Record<string, unknown>;
  doc: Document;
  /** Everything after the block. */
  body: string;
}

export type FrontmatterRead =
  { kind: 'none' } | { kind: 'invalid'; message: string } | ({ kind: 'frontmatter' } & Frontmatter);

const OPENING = /^---[ \t]*$/;
const CLOSING = /^(?:---|\.\.\.)[ \t]*$/;

/** The leading block's extent: [end of the opening line, start of the closing line, end of the block]. */
function locateBlock(markdown: string): [number, number, number] | null {
  let lineEnd = markdown.indexOf('\n');
  if (lineEnd < 0 || !OPENING.test(markdown.slice(0, lineEnd).replace(/\r$/, ''))) return null;
  const yamlStart = lineEnd + 1;
  for (let start = yamlStart; start <= markdown.length; start = lineEnd + 1) {
    lineEnd = markdown.indexOf('\n', start);
    const end = lineEnd < 0 ? markdown.length : lineEnd;
    if (CLOSING.test(markdown.slice(start, end).replace(/\r$/, ''))) {
      return [yamlStart, start, lineEnd < 0 ? markdown.length : lineEnd + 1];
    }
    if (lineEnd < 0) return null;
  }
  return null;
}

/** Reads a markdown document's leading frontmatter. */
export function readFrontmatter(markdown: string): FrontmatterRead {
  const at = locateBlock(markdown);
  if (!at) return { kind: 'none' };
  const [yamlStart, closeStart, blockEnd] = at;
  const doc = parseDocument(markdown.slice(yamlStart, closeStart), { uniqueKeys: true });
  if (doc.errors.length > 0) return { kind: 'invalid', message: doc.errors[0]!.message };
  if (doc.contents !== null && !isMap(doc.contents)) return { kind: 'none' };
  const data = (doc.toJS() ?? {}) as Record<string, unknown>;
  return {
    kind: 'frontmatter',
    block: markdown.slice(0, blockEnd),
    data,
    doc,
    body: markdown.slice(blockEnd),
  };
}

/** The frontmatter data and the body; a document without valid frontmatter is all body. */
export function splitFrontmatter(markdown: string): {
  data: Record<string, unknown>;
  body: string;
} {
  const read = readFrontmatter(markdown);
  return read.kind === 'frontmatter'
    ? { data: read.data, body: read.body }
    : { data: {}, body: markdown };
}

function compact(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out;
}

/**
 * The `---` fenced YAML block (with a final newline), or '' when there is nothing to write.
 * Every string is double-quoted, so a title holding `: `, `#`, quotes, newlines or `---` can
 * never break the block; empty values are left out.
 */
export function renderFrontmatter(data: Record<string, unknown>): string {
  const clean = compact(data);
  if (Object.keys(clean).length === 0) return '';
  const yaml = stringify(clean, {
    defaultStringType: 'QUOTE_DOUBLE',
    defaultKeyType: 'PLAIN',
    lineWidth: 0,
  });
  // `<` written as the YAML escape `\x3C` (the same string once parsed; every scalar here is
  // double-quoted, where escapes apply): an app that renders the frontmatter as markdown text
  // with raw HTML allowed then never meets a tag from the page (test/security/).
  return `---\n${yaml.replaceAll('<', '\\x3C')}---\n`;
}

/** Frontmatter block, a blank line, then the body. */
export function withFrontmatter(data: Record<string, unknown>, body: string): string {
  const block = renderFrontmatter(data);
  return block ? `${block}\n${body}` : body;
}
