import { parse as parseYaml } from 'yaml';
import { splitFrontmatter } from './content';
import { cleanTitle, MAX_TITLE_LENGTH } from './names';

/**
 * The first ATX heading (`# text`) of a markdown body, found in one pass over the text.
 * A backtracking pattern such as `^#[ \t]+(.+?)[ \t#]*$` takes quadratic time on one long
 * line of spaces, so lines are scanned by hand: linear in the body, whatever it holds.
 */
export function firstHeading(body: string): string | undefined {
  const length = body.length;
  let start = 0;
  while (start < length) {
    let end = start;
    while (end < length && !isLineEnd(body.charCodeAt(end))) end++;
    if (body.charCodeAt(start) === HASH && isBlank(body.charCodeAt(start + 1)) && start + 1 < end) {
      const title = headingText(body, start + 1, end);
      if (title !== '') return title;
    }
    start = end + 1;
  }
  return undefined;
}

const HASH = 0x23;
const isLineEnd = (code: number) =>
  code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;
const isBlank = (code: number) => code === 0x20 || code === 0x09;

/** The heading's text without its closing hashes, whitespace runs collapsed, at most the title limit. */
function headingText(body: string, from: number, to: number): string {
  let end = to;
  while (end > from && (isBlank(body.charCodeAt(end - 1)) || body.charCodeAt(end - 1) === HASH)) {
    end--;
  }
  let text = '';
  let blank = false;
  for (let i = from; i < end && text.length < MAX_TITLE_LENGTH; i++) {
    const code = body.charCodeAt(i);
    if (isBlank(code)) {
      blank = text !== '';
      continue;
    }
    if (blank) text += ' ';
    blank = false;
    text += body[i];
  }
  return text.slice(0, MAX_TITLE_LENGTH);
}

/** The most YAML read for a frontmatter title: the library's time grows faster than its input. */
const MAX_TITLE_YAML = 4096;

/**
 * The top-level `title` of a frontmatter block. Only the `title:` line and its indented
 * continuation lines go to the YAML library, at most MAX_TITLE_YAML characters of them: a
 * whole 5 MiB block of `[[[…` kept it busy for minutes and took gigabytes.
 */
function frontmatterTitle(frontmatter: string): string | undefined {
  const lines = frontmatter.split('\n');
  const start = lines.findIndex((line) => /^title[ \t]*:/.test(line));
  if (start === -1) return undefined;
  let snippet = lines[start]!;
  for (let i = start + 1; i < lines.length && /^[ \t]/.test(lines[i]!); i++) {
    snippet += `\n${lines[i]}`;
    if (snippet.length > MAX_TITLE_YAML) break;
  }
  if (snippet.length > MAX_TITLE_YAML) return undefined;
  try {
    const data = parseYaml(snippet) as unknown;
    const title =
      data && typeof data === 'object' ? (data as { title?: unknown }).title : undefined;
    return typeof title === 'string' && cleanTitle(title) !== '' ? cleanTitle(title) : undefined;
  } catch {
    // A title that is not YAML is ignored; the title comes from elsewhere.
    return undefined;
  }
}

/** Title of an imported document: `title` in its frontmatter, else its first `# ` heading. */
export function importedTitle(text: string): string | undefined {
  const { frontmatter, body } = splitFrontmatter(text);
  const fromFrontmatter = frontmatter ? frontmatterTitle(frontmatter) : undefined;
  if (fromFrontmatter !== undefined) return fromFrontmatter.slice(0, MAX_TITLE_LENGTH);
  const heading = firstHeading(body);
  return heading === undefined ? undefined : cleanTitle(heading) || undefined;
}
