/**
 * Image embeds in a clip's markdown: `![alt](destination "title")`, as Turndown writes them
 * and as a person types them. Fenced code is skipped (an embed shown as code is not an image).
 * Every attempt is bounded (alt text and addresses have a maximum length, and a `data:`
 * address stops at the first character base64 does not use), so a run of openers costs at
 * most a constant per opener.
 */
export interface ImageEmbed {
  /** Offsets of the whole `![…](…)` in the markdown. */
  start: number;
  end: number;
  alt: string;
  /** The destination as written, without `< >`. */
  url: string;
  title: string | null;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const MAX_ALT = 1000;
const MAX_URL = 2048;
/** A `data:` image can be long; it is only base64 and its header. */
const MAX_DATA_URL = 16 * 1024 * 1024;
const DATA_CHAR = /[A-Za-z0-9+/=;:,.%_-]/;

/** Line ranges outside fenced code blocks, as [start, end) offsets. */
function proseRanges(markdown: string): [number, number][] {
  const ranges: [number, number][] = [];
  let fence: string | null = null;
  let from = 0;
  let pos = 0;
  while (pos <= markdown.length) {
    const nl = markdown.indexOf('\n', pos);
    const lineEnd = nl === -1 ? markdown.length : nl;
    const match = FENCE.exec(markdown.slice(pos, Math.min(lineEnd, pos + 64)));
    if (match) {
      const marker = match[1]!;
      if (fence === null) {
        ranges.push([from, pos]);
        fence = marker;
      } else if (marker[0] === fence[0] && marker.length >= fence.length) {
        fence = null;
        from = lineEnd;
      }
    }
    if (nl === -1) break;
    pos = nl + 1;
  }
  if (fence === null) ranges.push([from, markdown.length]);
  return ranges.filter(([a, b]) => b > a);
}

/** The embed starting at `at` (which holds `![`), or null. */
function embedAt(text: string, at: number, limit: number): ImageEmbed | null {
  let i = at + 2;
  let depth = 0;
  for (; i < limit && i - at < MAX_ALT; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === '[') depth++;
    else if (ch === ']') {
      if (depth === 0) break;
      depth--;
    } else if (ch === '\n' && text[i + 1] === '\n') return null;
  }
  if (text[i] !== ']' || text[i + 1] !== '(') return null;
  const alt = text.slice(at + 2, i);
  i += 2;
  while (text[i] === ' ') i++;
  let url: string;
  if (text[i] === '<') {
    const close = text.indexOf('>', i);
    if (close === -1 || close > limit || text.slice(i, close).includes('\n')) return null;
    url = text.slice(i + 1, close);
    i = close + 1;
  } else if (text.startsWith('data:', i)) {
    const begin = i;
    while (i < limit && i - begin < MAX_DATA_URL && DATA_CHAR.test(text[i]!)) i++;
    url = text.slice(begin, i);
  } else {
    const begin = i;
    let parens = 0;
    for (; i < limit && i - begin < MAX_URL; i++) {
      const ch = text[i]!;
      if (ch === '\\') i++;
      else if (ch === '(') parens++;
      else if (ch === ')') {
        if (parens === 0) break;
        parens--;
      } else if (ch === ' ' || ch === '\n' || ch === '\t') break;
    }
    url = text.slice(begin, i);
  }
  while (text[i] === ' ' || text[i] === '\n') i++;
  let title: string | null = null;
  const quote = text[i];
  if (quote === '"' || quote === "'") {
    const close = text.indexOf(quote, i + 1);
    if (close === -1 || close > limit) return null;
    title = text.slice(i + 1, close);
    i = close + 1;
    while (text[i] === ' ') i++;
  }
  if (text[i] !== ')' || url === '') return null;
  return { start: at, end: i + 1, alt, url, title };
}

/** Every image embed outside fenced code, in order. */
export function findImageEmbeds(markdown: string): ImageEmbed[] {
  const out: ImageEmbed[] = [];
  for (const [from, to] of proseRanges(markdown)) {
    let at = markdown.indexOf('![', from);
    while (at !== -1 && at < to) {
      const embed = embedAt(markdown, at, to);
      if (embed) {
        out.push(embed);
        at = markdown.indexOf('![', embed.end);
      } else {
        at = markdown.indexOf('![', at + 2);
      }
    }
  }
  return out;
}

/** The markdown with some embeds replaced (`replace` returns null to leave one as it is). */
export function replaceEmbeds(
  markdown: string,
  embeds: readonly ImageEmbed[],
  replace: (embed: ImageEmbed, index: number) => string | null,
): string {
  let out = '';
  let last = 0;
  embeds.forEach((embed, index) => {
    const next = replace(embed, index);
    if (next === null) return;
    out += markdown.slice(last, embed.start) + next;
    last = embed.end;
  });
  return out + markdown.slice(last);
}
