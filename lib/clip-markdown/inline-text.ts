/**
 * Text from a web page shown as itself in markdown: every character that could start
 * emphasis, a link, code, math, an entity or raw HTML is backslash-escaped, and so is a line
 * start a renderer would take for a heading, list, quote or rule. Reading it back undoes
 * exactly the escapes CommonMark defines (a backslash before ASCII punctuation).
 */

const INLINE = /[\\`*_[\]<>~$&|!]/g;
const LINE_START = /^([ \t]*)([#=+-]|\d+(?=[.)]))/;

export function escapeInlineText(text: string): string {
  return text
    .replace(INLINE, '\\$&')
    .replace(LINE_START, (_, space: string, mark: string) =>
      /^\d/.test(mark) ? `${space}${mark}\\` : `${space}\\${mark}`,
    );
}

const ESCAPED = /\\([!-/:-@[-`{-~])/g;

export function unescapeInlineText(text: string): string {
  return text.replace(ESCAPED, '$1');
}
