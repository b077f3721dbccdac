/**
 * Type-to-search ranking for folders and pages: exact match, then prefix, then a word
 * prefix, then a substring, then the letters in order (so "wkrd" finds "Work / Reading").
 * Recently used items win ties, and the sort is stable so equal items keep their order.
 */
export interface RankOptions<T> {
  text: (item: T) => string;
  /** Most recent first; earlier ids outrank later ones when scores tie. */
  recentIds?: readonly string[];
  id?: (item: T) => string;
  limit?: number;
}

export function normalize(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLocaleLowerCase().trim();
}

/** 0 means "no match"; higher is better. */
export function matchScore(text: string, query: string): number {
  const t = normalize(text);
  const q = normalize(query);
  if (q === '') return 1;
  if (t === q) return 100;
  if (t.startsWith(q)) return 80;
  const wordIndex = t.split(/[\s/\-_.,:]+/).findIndex((word) => word.startsWith(q));
  if (wordIndex >= 0) return 60 - Math.min(wordIndex, 10);
  const at = t.indexOf(q);
  if (at >= 0) return 40 - Math.min(at, 20) / 2;
  return isSubsequence(q.replace(/\s+/g, ''), t) ? 10 : 0;
}

function isSubsequence(needle: string, haystack: string): boolean {
  let i = 0;
  for (const ch of haystack) {
    if (ch === needle[i]) i += 1;
    if (i === needle.length) return true;
  }
  return needle.length === 0;
}

export function rankByQuery<T>(items: readonly T[], query: string, options: RankOptions<T>): T[] {
  const recent = new Map((options.recentIds ?? []).map((id, index) => [id, index]));
  const scored: { item: T; score: number; recency: number; index: number }[] = [];
  items.forEach((item, index) => {
    const score = matchScore(options.text(item), query);
    if (score === 0) return;
    const id = options.id?.(item);
    const recency = id === undefined ? Infinity : (recent.get(id) ?? Infinity);
    scored.push({ item, score, recency, index });
  });
  scored.sort((a, b) => b.score - a.score || a.recency - b.recency || a.index - b.index);
  const ranked = scored.map((entry) => entry.item);
  return options.limit === undefined ? ranked : ranked.slice(0, options.limit);
}

/** Recently used items first (most recent first), then the rest in their given order. */
export function recentFirst<T>(
  items: readonly T[],
  recentIds: readonly string[],
  id: (item: T) => string,
): T[] {
  const rank = new Map(recentIds.map((value, index) => [value, index]));
  return items
    .map((item, index) => ({ item, index, recency: rank.get(id(item)) ?? Infinity }))
    .sort((a, b) => a.recency - b.recency || a.index - b.index)
    .map((entry) => entry.item);
}
