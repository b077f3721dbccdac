import { describe, expect, it } from 'vitest';
import { matchScore, normalize, rankByQuery, recentFirst } from '../../lib/ui/search-rank';

type Item = { id: string; name: string };
const items: Item[] = [
  { id: '1', name: 'Reading list' },
  { id: '2', name: 'Work / Reading' },
  { id: '3', name: 'Read' },
  { id: '4', name: 'Spreadsheets' },
  { id: '5', name: 'Recipes' },
  { id: '6', name: 'Café notes' },
];
const rank = (query: string, recentIds: string[] = []) =>
  rankByQuery(items, query, { text: (i) => i.name, id: (i) => i.id, recentIds }).map((i) => i.name);

describe('rankByQuery', () => {
  it('orders exact, prefix, word prefix, substring, then letters in order', () => {
    expect(rank('read')).toEqual(['Read', 'Reading list', 'Work / Reading', 'Spreadsheets']);
    expect(rank('wkrd')).toEqual(['Work / Reading']);
  });

  it('ignores case and accents', () => {
    expect(normalize('  Café ')).toBe('cafe');
    expect(rank('CAFE')).toEqual(['Café notes']);
  });

  it('puts recently used items first among equals', () => {
    expect(rank('re', [])).toEqual([
      'Reading list',
      'Read',
      'Recipes',
      'Work / Reading',
      'Spreadsheets',
    ]);
    expect(rank('re', ['5', '3'])).toEqual([
      'Recipes',
      'Read',
      'Reading list',
      'Work / Reading',
      'Spreadsheets',
    ]);
  });

  it('returns nothing for no match and honours the limit', () => {
    expect(rank('zzz')).toEqual([]);
    expect(matchScore('Recipes', 'xyz')).toBe(0);
    expect(rankByQuery(items, 'e', { text: (i) => i.name, limit: 2 })).toHaveLength(2);
  });
});

describe('recentFirst', () => {
  it('moves recent items to the front in recency order and keeps the rest stable', () => {
    expect(recentFirst(items, ['4', '1'], (i) => i.id).map((i) => i.id)).toEqual([
      '4',
      '1',
      '2',
      '3',
      '5',
      '6',
    ]);
  });
});
