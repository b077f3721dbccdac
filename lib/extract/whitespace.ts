/**
 * Final whitespace hygiene on the markdown: no trailing spaces, no runs of blank lines, no
 * stray indentation that would render as a code block, no non-breaking spaces or soft
 * hyphens outside code, no dangling hard breaks, no paragraph of a lone full stop or comma,
 * no thematic break at either end, one final newline. Fenced code is left as written,
 * except for trailing spaces.
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s/;
const FOOTNOTE_DEF = /^\[\^[^\]]+\]:/;
const LONE_MARK = /^[.,;·•]$/;
const THEMATIC_BREAK = /^ {0,3}(?:(?:-[ \t]*){3,}|(?:\*[ \t]*){3,}|(?:_[ \t]*){3,})$/;

export function tidyMarkdown(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const out: string[] = [];
  const prose: boolean[] = [];
  let fence: string | null = null;
  let inList = false;
  let blankRun = 0;
  for (const [index, raw] of lines.entries()) {
    let line = raw.replace(/[ \t\u00a0]+$/, '');
    if (fence !== null) {
      out.push(line);
      prose.push(false);
      const m = FENCE.exec(line);
      if (
        m &&
        m[1]!.charAt(0) === fence.charAt(0) &&
        m[1]!.length >= fence.length &&
        line.trim() === m[1]
      )
        fence = null;
      continue;
    }
    const open = FENCE.exec(line.replace(/^\s+/, (ws) => (inList ? ws : '')));
    // Soft hyphens are the page's hints for breaking words at its own width; left in, they
    // split the word for every search of the notes ("Kiess\u00adling" is not "Kiessling").
    line = line.replace(/\u00a0/g, ' ').replace(/\u00ad/g, '');
    // A line holding only a hard break (a <br> between blocks) is a blank line, and so is a
    // paragraph of one punctuation mark, a spacer some editors leave between blocks.
    const spacer =
      LONE_MARK.test(line) &&
      (!out.length || out[out.length - 1] === '') &&
      !lines[index + 1]?.trim();
    if (!line.trim() || line.trim() === '\\' || spacer) {
      blankRun++;
      if (blankRun === 1 && out.length) {
        out.push('');
        prose.push(true);
      }
      continue;
    }
    blankRun = 0;
    if (LIST_ITEM.test(line) || FOOTNOTE_DEF.test(line)) inList = true;
    else if (!/^\s/.test(line)) inList = false;
    else if (!inList) line = line.replace(/^\s+/, '');
    if (open) fence = open[1]!;
    out.push(line);
    prose.push(!open);
  }
  // A thematic break opening or closing the body separates nothing (CommonMark 4.1).
  const edge = (i: number) => out[i] === '' || (prose[i] && THEMATIC_BREAK.test(out[i]!));
  while (out.length && edge(out.length - 1)) {
    out.pop();
    prose.pop();
  }
  while (out.length && edge(0)) {
    out.shift();
    prose.shift();
  }
  // A hard break (backslash) at the end of a paragraph would print a stray backslash.
  for (let i = 0; i < out.length; i++) {
    const line = out[i]!;
    const next = out[i + 1];
    if (
      prose[i] &&
      line.endsWith('\\') &&
      !line.endsWith('\\\\') &&
      (next === undefined || next === '' || FENCE.test(next))
    ) {
      out[i] = line.slice(0, -1).replace(/\s+$/, '');
    }
  }
  return out.length ? out.join('\n') + '\n' : '';
}
