import { describe, expect, it } from 'vitest';
import { analyseMarkdown } from '../../scripts/bench/markdown-analysis';

// The benchmark's breadcrumb count (a hygiene target of zero), on markdown written for the test.
describe('the benchmark counts breadcrumb trails', () => {
  it('in a paragraph and in a heading, not in a heading that only holds links', () => {
    const { clutter } = analyseMarkdown(
      '[Home](https://park.example/) » [News](https://park.example/news)\n\n' +
        '##### [Home](https://park.example/) » [Park](https://park.example/park) » [News](https://park.example/news)\n\n' +
        '## [Cats](https://park.example/cats) and [dogs](https://park.example/dogs)\n\n' +
        'The bears had a record year.\n',
      'https://park.example/news/bears',
    );
    expect(clutter.breadcrumbs).toHaveLength(2);
  });
});
