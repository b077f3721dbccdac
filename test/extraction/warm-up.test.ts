import { describe, expect, it } from 'vitest';
import { warmUpExtraction } from '../../lib/extraction/warm-up';
import { parseHtml } from '../../scripts/parse-html';

/**
 * The warm-up is only worth its time if it runs what a clip runs: the whole pipeline and the
 * clip's markdown, through most of the rules (title, author, date, figure, footnote, table,
 * code, lists, quote), not a failure or an empty page.
 */
describe('the extraction document warm-up', () => {
  it('extracts its own page as a clip, through the rules most pages meet', () => {
    const answer = warmUpExtraction((html) => parseHtml(html, 'https://coast-notes.example/'));
    if (!answer.ok) throw new Error(answer.message);
    const { result } = answer;
    expect(result.title).toBe('How tides work');
    expect(result.byline).toBe('Ada Shore');
    expect(result.published).toMatch(/^2024-03-01/);
    expect(result.markdown).toMatch(/^---\ntitle: "How tides work"\n/);
    for (const part of [
      '## Spring and neap tides\n',
      '![High tide at the harbour](https://coast-notes.example/tide.png)',
      '- Spring tides follow the new and the full Moon.',
      '> Time and tide wait for no one.',
      '```python\ndef height(t):',
      '[^1]: The range also depends on the shape of the coast.',
    ])
      expect(result.markdown).toContain(part);
    expect(result.markdown).not.toContain('How waves break');
  });
});
