import { describe, expect, it } from 'vitest';
import { undoAddedContent, type AddedContent } from '../../lib/clip-markdown/undo-append';
import { applyContentOperation, applyEdits } from '../../server/domain/content';

/** Adds `added` the way the local service does, then undoes it the way the outbox sends it. */
function roundTrip(before: string, added: AddedContent, later: (md: string) => string = (m) => m) {
  const markdown = later(applyContentOperation(before, added.operation, added.content));
  const edit = undoAddedContent(markdown, added, later(markdown) === markdown);
  if (!edit) return null;
  return applyEdits(markdown, [{ id: 'undo', ...edit }]);
}

const quote = '> Foxes are quick.\n>\n> — [Fox article](https://example.com/fox), 2026-11-24';

describe('undoAddedContent', () => {
  it.each([
    ['a page ending with a line break', '# Reading\n\nFirst note.\n'],
    ['a page ending with a blank line and more', '# Reading\n\n\n'],
    ['an empty page', ''],
    ['a page whose last line is an earlier quote', `# Reading\n\n${quote.replace('24', '23')}`],
  ])('takes an append back out of %s', (_, before) => {
    const after = roundTrip(before, { operation: 'append', content: quote });
    const expected = before === '' || before.endsWith('\n') ? before : `${before}\n`;
    expect(after).toBe(expected);
  });

  it('leaves a page that ended with a blank line (the separator is ambiguous) with one line break', () => {
    expect(roundTrip('# Reading\n\n', { operation: 'append', content: quote })).toBe('# Reading\n');
  });

  it('takes a prepend back out, after the frontmatter', () => {
    const before = '---\ntitle: "Log"\n---\n# Log\n\nOld entry.\n';
    expect(roundTrip(before, { operation: 'prepend', content: quote })).toBe(before);
    expect(roundTrip('---\na: 1\n---\n', { operation: 'prepend', content: quote })).toBe(
      '---\na: 1\n---\n',
    );
  });

  it('still finds it after later appends, leaving them as if it had never been there', () => {
    const added: AddedContent = { operation: 'append', content: quote };
    const later = (md: string) => applyContentOperation(md, 'append', 'Later note.');
    expect(roundTrip('# Reading\n', added, later)).toBe(
      applyContentOperation('# Reading\n', 'append', 'Later note.'),
    );
  });

  it('anchors a quote that is on the page twice at the place the append put it', () => {
    const before = `# Reading\n\n${quote}\n`;
    const markdown = applyContentOperation(before, 'append', quote);
    const edit = undoAddedContent(markdown, { operation: 'append', content: quote }, true);
    expect(edit).not.toBeNull();
    expect(markdown.split(edit!.oldText)).toHaveLength(2);
    expect(applyEdits(markdown, [{ id: 'undo', ...edit! }])).toBe(before);
  });

  it('gives up when the page changed so the text is gone or is there twice', () => {
    const added: AddedContent = { operation: 'append', content: quote };
    const markdown = applyContentOperation('# Reading\n', 'append', quote);
    const edited = markdown.replace('quick', 'slow');
    expect(undoAddedContent(edited, added, false)).toBeNull();
    expect(undoAddedContent(`${markdown}\n\n${quote}`, added, false)).toBeNull();
    // The ETag alone does not vouch for a text that is not where the write put it.
    expect(undoAddedContent(edited, added, true)).toBeNull();
  });
});
