/**
 * Demoting a clipped article's headings so they sit below the section heading it is added
 * under. ATX headings (`# Title`) gain `by` levels, capped at `######`; a setext heading
 * (`Title` over `===` or `---`) becomes the ATX heading of its level plus `by`. Fenced code
 * (``` or ~~~, closed only by a fence of the same character at least as long) and indented
 * code are left byte for byte.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX = /^( {0,3})(#{1,6})(?=[ \t]|$)/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
// A line that opens some other block, so a following `---` is not its setext underline.
const NOT_PARAGRAPH = /^(?: {4}|\t| {0,3}(?:[>#|]|[-*+][ \t]|\d{1,9}[.)][ \t]|<))/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

const MAX_LEVEL = 6;

function atx(level: number, text: string): string {
  return `${'#'.repeat(Math.min(MAX_LEVEL, level))} ${text}`;
}

export function demoteHeadings(markdown: string, by: number): string {
  const lines = markdown.split('\n');
  const out: string[] = [];
  let fence: { char: string; length: number } | null = null;
  // Lines of the paragraph being read (indices into `out`), for a setext underline.
  let paragraph: number[] = [];
  for (const raw of lines) {
    const line = raw.replace(/\r$/, '');
    if (fence) {
      const close = FENCE.exec(line);
      if (
        close &&
        close[1]![0] === fence.char &&
        close[1]!.length >= fence.length &&
        line.slice(close[0].length).trim() === ''
      ) {
        fence = null;
      }
      out.push(raw);
      continue;
    }
    const open = FENCE.exec(line);
    if (open) {
      fence = { char: open[1]![0]!, length: open[1]!.length };
      paragraph = [];
      out.push(raw);
      continue;
    }
    const underline = SETEXT.exec(line);
    if (underline && paragraph.length > 0) {
      const level = underline[1]![0] === '=' ? 1 : 2;
      const text = paragraph.map((i) => out[i]!.trim()).join(' ');
      out.splice(paragraph[0]!, paragraph.length, atx(level + by, text));
      paragraph = [];
      continue;
    }
    const heading = ATX.exec(line);
    if (heading) {
      const level = heading[2]!.length + by;
      out.push(
        `${heading[1]}${'#'.repeat(Math.min(MAX_LEVEL, level))}${raw.slice(heading[0].length)}`,
      );
      paragraph = [];
      continue;
    }
    if (
      line.trim() === '' ||
      THEMATIC_BREAK.test(line) ||
      (paragraph.length === 0 && NOT_PARAGRAPH.test(line))
    ) {
      paragraph = [];
    } else {
      paragraph.push(out.length);
    }
    out.push(raw);
  }
  return out.join('\n');
}
