/**
 * Golden cases for the Highlights section: what is written into a page byte for byte, that it
 * reads back as written, and that it still reads after the user edited the page around and
 * inside it. A change here changes what lands in people's pages; review every one by eye.
 */
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { describeSpan } from '../../lib/anchoring';
import {
  addHighlightChange,
  escapeInlineText,
  readHighlights,
  removeHighlightChange,
  renderHighlightsSection,
  textFragmentUrl,
  unescapeInlineText,
  updateHighlightChange,
  type PageChange,
  type StoredHighlight,
} from '../../lib/clip-markdown';

const URL = 'https://example.org/marsh?x=1#intro';
const TEXT =
  'Salt marshes are coastal wetlands that are flooded and drained by salt water brought in by the tides. ' +
  'They are marshy because the soil may be composed of deep mud and peat. ' +
  "Peat is made of *decomposing* plant matter [1] that is often several feet thick. It's O'Brien's \\ \"marsh\".";

function span(passage: string) {
  const at = TEXT.indexOf(passage);
  if (at < 0) throw new Error(`not in the text: ${passage}`);
  return describeSpan(TEXT, at, at + passage.length);
}

const A: StoredHighlight = {
  id: 'k3j9x2m1',
  color: 'yellow',
  selectors: span('flooded and drained by salt water brought in by the tides'),
  note: '',
};
const B: StoredHighlight = {
  id: 'p0q8r7s6',
  color: 'green',
  selectors: span('Peat is made of *decomposing* plant matter [1]'),
  note: 'Check the depth figures.\n\n- feet, not metres',
};
const C: StoredHighlight = {
  id: 'z1y2x3w4',
  color: 'pink',
  selectors: span("It's O'Brien's \\ \"marsh\""),
  note: '# not a heading',
};

const SECTION = `## Highlights

> flooded and drained by salt water brought in by the tides [↗](https://example.org/marsh?x=1#intro:~:text=wetlands%20that%20are-,flooded%20and%20drained%20by,in%20by%20the%20tides)

[pageclip-highlight:k3j9x2m1]: <> '{"v":1,"color":"yellow","exact":"flooded and drained by salt water brought in by the tides","prefix":"s are coastal wetlands that are ","suffix":". They are marshy because the so","start":43,"end":100}'

> Peat is made of \\*decomposing\\* plant matter \\[1\\] [↗](https://example.org/marsh?x=1#intro:~:text=mud%20and%20peat.-,Peat%20is%20made%20of%20%2Adecomposing%2A%20plant%20matter%20%5B1%5D,-that%20is%20often)

Check the depth figures.

- feet, not metres

[pageclip-highlight:p0q8r7s6]: <> '{"v":1,"color":"green","exact":"Peat is made of *decomposing* plant matter [1]","prefix":" composed of deep mud and peat. ","suffix":" that is often several feet thic","start":173,"end":219}'`;

/** A change applied as the service applies it: an edit must match exactly once; append adds one blank line. */
function apply(markdown: string, change: PageChange | null): string {
  if (!change) throw new Error('no change');
  if (change.kind === 'append') {
    const sep =
      markdown === ''
        ? ''
        : markdown.endsWith('\n\n')
          ? ''
          : markdown.endsWith('\n')
            ? '\n'
            : '\n\n';
    return `${markdown}${sep}${change.content}`;
  }
  const at = markdown.indexOf(change.oldText);
  expect(at).toBeGreaterThanOrEqual(0);
  expect(markdown.indexOf(change.oldText, at + 1)).toBe(-1);
  return markdown.slice(0, at) + change.newText + markdown.slice(at + change.oldText.length);
}

const stored = (markdown: string) =>
  readHighlights(markdown).highlights.map(({ id, color, selectors, note }) => ({
    id,
    color,
    selectors,
    note,
  }));

describe('writing the section', () => {
  it('writes each highlight as a quote with its link, its note and its record', () => {
    expect(renderHighlightsSection([A, B], URL)).toBe(SECTION);
  });

  it('reads back exactly what it wrote, quotes with quotes, apostrophes and backslashes included', () => {
    const md = `---\ntitle: "Marsh"\n---\n\n# Marsh\n\nBody.\n\n${renderHighlightsSection([A, B, C], URL)}\n`;
    expect(stored(md)).toEqual([A, B, { ...C, note: '\\# not a heading' }]);
    expect(readHighlights(md).highlights[2]!.shownQuote).toBe("It's O'Brien's \\ \"marsh\"");
  });

  it('is hidden from a CommonMark renderer but the arrow links to the passage', () => {
    const html = new MarkdownIt().render(renderHighlightsSection([A, C], URL));
    expect(html).not.toContain('pageclip-highlight');
    expect(html).not.toContain('&quot;v&quot;');
    expect(html).toContain(
      '<a href="https://example.org/marsh?x=1#intro:~:text=wetlands%20that%20are-,flooded%20and%20drained%20by,in%20by%20the%20tides">↗</a>',
    );
    expect(html).toContain("<blockquote>\n<p>It's O'Brien's \\ &quot;marsh&quot; <a href=");
    expect(html).toContain('<p># not a heading</p>');
  });

  it('writes a quote without a link when the page address is not a safe link', () => {
    const md = renderHighlightsSection([A], 'javascript:alert(1)');
    expect(md).toContain('> flooded and drained by salt water brought in by the tides\n\n');
    expect(md).not.toContain('javascript');
    expect(stored(md)).toEqual([A]);
  });

  it('refuses an id that is not a lower-case label', () => {
    expect(() => renderHighlightsSection([{ ...A, id: 'Bad]id' }], URL)).toThrow(/highlight id/);
  });
});

describe('reading what the user made of it', () => {
  const page = `# Marsh\n\nBody.\n\n${SECTION}\n`;

  it('takes an edited note as the note, and keeps the selectors', () => {
    const md = page.replace('Check the depth figures.', 'Depths are in feet.\nSee table 2.');
    const [, b] = stored(md);
    expect(b).toEqual({ ...B, note: 'Depths are in feet.\nSee table 2.\n\n- feet, not metres' });
  });

  it('leaves text the user put between entries, or after them, out of every note', () => {
    const md = page
      .replace('\n\n> Peat is made of', '\n\nMy own paragraph.\n\n> Peat is made of')
      .concat('\nA closing thought.\n');
    expect(stored(md)).toEqual([A, B]);
  });

  it('reads entries reordered, under a renamed heading, with Windows line endings', () => {
    const [first, second] = SECTION.replace('## Highlights\n\n', '').split('\n\n> Peat');
    const md = `# Marsh\r\n\r\n### What I marked\r\n\r\n> Peat${second}\r\n\r\n${first}\r\n`
      .replace(/\n/g, '\r\n')
      .replace(/\r\r/g, '\r');
    expect(stored(md)).toEqual([B, A]);
  });

  it('keeps a highlight whose record JSON was damaged, anchored by the quote it shows', () => {
    const md = page.replace('"color":"green"', '"color":green');
    const [, b] = readHighlights(md).highlights;
    expect(b).toMatchObject({ id: B.id, color: 'yellow', note: B.note });
    expect(b!.selectors).toEqual({
      quote: { type: 'TextQuoteSelector', exact: B.selectors.quote.exact, prefix: '', suffix: '' },
    });
  });

  it('lists a record with neither readable JSON nor a quote as unreadable, not dropped', () => {
    const md = `# Notes\n\n[pageclip-highlight:abcd1234]: <> 'not json'\n`;
    expect(readHighlights(md)).toEqual({
      highlights: [],
      unreadable: [{ id: 'abcd1234', reason: 'its record and quote are unreadable' }],
    });
  });

  it('reads a highlight whose quote lines the user deleted from its record', () => {
    const md = page.replace(/> flooded[^\n]*\n\n/, '');
    const [a] = readHighlights(md).highlights;
    expect(a).toMatchObject({ id: A.id, selectors: A.selectors, shownQuote: '', quote: null });
  });

  it('ignores records inside code blocks and repeats of the same record', () => {
    const record = SECTION.split('\n').find((l) => l.startsWith('[pageclip-highlight:k3j9x2m1]'))!;
    const md = `${page}\n\`\`\`\n${record.replace('k3j9x2m1', 'cccc0000')}\n\`\`\`\n\n${record}\n`;
    expect(stored(md)).toEqual([A, B]);
  });

  it('reads an unknown colour as yellow and drops a position that no longer fits the quote', () => {
    const md = page
      .replace('"color":"green"', '"color":"octarine"')
      .replace('"end":219', '"end":300');
    const [, b] = stored(md);
    expect(b).toEqual({ ...B, color: 'yellow', selectors: { quote: B.selectors.quote } });
  });
});

describe('changes as exact edits', () => {
  const page = `# Marsh\n\nBody.\n\n${SECTION}\n`;

  it('starts the section at the end of a page that has none', () => {
    const change = addHighlightChange('# Marsh\n\nBody.\n', A, URL);
    expect(change).toEqual({ kind: 'append', content: renderHighlightsSection([A], URL) });
    expect(stored(apply('# Marsh\n\nBody.\n', change))).toEqual([A]);
  });

  it('adds after the last entry, by an edit that names its record', () => {
    const change = addHighlightChange(`${page}\nMy closing thought.\n`, C, URL);
    expect(change.kind).toBe('edit');
    const after = apply(`${page}\nMy closing thought.\n`, change);
    expect(stored(after)).toEqual([A, B, { ...C, note: '\\# not a heading' }]);
    expect(after.endsWith('\n\nMy closing thought.\n')).toBe(true);
  });

  it('adds under a Highlights heading that has no entries yet', () => {
    const md = '# Marsh\n\n## Highlights\n\n## Later\n';
    const after = apply(md, addHighlightChange(md, A, URL));
    expect(after.startsWith('# Marsh\n\n## Highlights\n\n> flooded')).toBe(true);
    expect(after.endsWith('\n\n## Later\n')).toBe(true);
    expect(stored(after)).toEqual([A]);
  });

  it('removes an entry and its blank lines, leaving the rest byte for byte', () => {
    const withC = apply(page, addHighlightChange(page, C, URL));
    const noB = apply(withC, removeHighlightChange(withC, B.id));
    expect(noB).toBe(`# Marsh\n\nBody.\n\n${renderHighlightsSection([A, C], URL)}\n`);
    const noA = apply(withC, removeHighlightChange(withC, A.id));
    expect(noA).toBe(`# Marsh\n\nBody.\n\n${renderHighlightsSection([B, C], URL)}\n`);
    const noC = apply(withC, removeHighlightChange(withC, C.id));
    expect(noC).toBe(page);
    expect(removeHighlightChange(noC, C.id)).toBeNull();
  });

  it('removes an entry at the very start of a page with what follows it', () => {
    const md = `${renderHighlightsSection([A], URL).replace('## Highlights\n\n', '')}\n\nAfter.\n`;
    expect(apply(md, removeHighlightChange(md, A.id))).toBe('After.\n');
  });

  it('changes a colour in the record alone, so the user’s quote and note stay as they are', () => {
    const md = page.replace('Check the depth figures.', 'My *own* words.');
    const change = updateHighlightChange(md, B.id, { color: 'blue' })!;
    expect(
      change.kind === 'edit' && change.oldText.startsWith('[pageclip-highlight:p0q8r7s6]'),
    ).toBe(true);
    const after = apply(md, change);
    expect(stored(after)[1]).toEqual({
      ...B,
      color: 'blue',
      note: 'My *own* words.\n\n- feet, not metres',
    });
  });

  it('rewrites a note between the quote (kept as the user left it) and the record', () => {
    const md = page.replace('> Peat is made of', '> PEAT is made of');
    const after = apply(md, updateHighlightChange(md, B.id, { note: 'Shorter.' }));
    const b = readHighlights(after).highlights[1]!;
    expect(b.note).toBe('Shorter.');
    expect(b.shownQuote.startsWith('PEAT is made of')).toBe(true);
    expect(stored(after)[0]).toEqual(A);
  });
});

describe('text fragment links', () => {
  const quote = (exact: string, prefix = '', suffix = '') => ({
    type: 'TextQuoteSelector' as const,
    exact,
    prefix,
    suffix,
  });

  it('encodes the directive characters and what would break a markdown link', () => {
    expect(textFragmentUrl('https://e.x/a', quote("well-known, rock & roll (live) 'x'!"))).toBe(
      'https://e.x/a#:~:text=well%2Dknown%2C%20rock%20%26%20roll%20%28live%29%20%27x%27%21',
    );
  });

  it('gives a long quote by its first and last words and drops words cut by the selection', () => {
    const exact =
      'rshes are coastal wetlands that are flooded and drained by salt water brought in by the ti';
    expect(textFragmentUrl('https://e.x/a', quote(exact, 'Salt ma', 'des.'))).toBe(
      'https://e.x/a#:~:text=are%20coastal%20wetlands%20that,brought%20in%20by%20the',
    );
  });

  it('replaces a directive the address already had, and gives the bare address without words', () => {
    expect(textFragmentUrl('https://e.x/a#:~:text=old', quote('new'))).toBe(
      'https://e.x/a#:~:text=new',
    );
    expect(textFragmentUrl('https://e.x/a', quote('   '))).toBe('https://e.x/a');
  });
});

describe('page text shown as itself', () => {
  it.each([
    '*bold* _it_ `code` [link](x) <b> ~~s~~ $x$ &amp; a|b ![img](y) \\ back',
    '# heading',
    '- item',
    '+ item',
    '1. item',
    '2) item',
    '=== rule',
  ])('escapes and reads back %j', (text) => {
    const html = new MarkdownIt().renderInline(escapeInlineText(text));
    expect(html).toBe(new MarkdownIt().utils.escapeHtml(text));
    expect(unescapeInlineText(escapeInlineText(text))).toBe(text);
  });
});
