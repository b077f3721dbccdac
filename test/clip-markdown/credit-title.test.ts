import { describe, expect, it } from 'vitest';
import { creditTitle } from '../../lib/clip-markdown/credit-title';

const url = 'https://news.example.com/2026/foxes';

describe('creditTitle', () => {
  it.each([
    ['Article title — Example News', 'Example News'],
    ['Article title | Example News', 'Example News'],
    ['Article title - Example News', 'Example News'],
  ])('drops the site name from %s', (tabTitle, siteName) => {
    expect(creditTitle({ tabTitle, siteName, url })).toBe('Article title');
  });

  it('prefers the title metadata, cleaned of the site name too', () => {
    expect(
      creditTitle({
        tabTitle: 'Foxes everywhere! | Breaking | Example News',
        metaTitle: 'Foxes everywhere',
        siteName: 'Example News',
        url,
      }),
    ).toBe('Foxes everywhere');
    expect(
      creditTitle({
        tabTitle: 'x',
        metaTitle: 'Foxes — Example News',
        siteName: 'Example News',
        url,
      }),
    ).toBe('Foxes');
  });

  it('matches the host when there is no site name', () => {
    expect(
      creditTitle({ tabTitle: 'Foxes explained · example', url: 'https://example.org/a' }),
    ).toBe('Foxes explained');
  });

  it('keeps a separator that is part of the title', () => {
    expect(creditTitle({ tabTitle: 'Part 1 — The beginning', siteName: 'Example News', url })).toBe(
      'Part 1 — The beginning',
    );
    expect(creditTitle({ tabTitle: 'Example News', siteName: 'Example News', url })).toBe(
      'Example News',
    );
  });
});
