import type { MarkdownAnalysis } from './markdown-analysis.ts';

/**
 * Targeted checks against Defuddle's expected markdown (corpus README, "How to use it"): its
 * markdown is a style reference, so exact matching is meaningless, but whether code keeps its
 * language, math comes through as TeX, footnotes stay paired and tables stay tables can be
 * read off both sides. Each check only applies where the expected output has the feature.
 */

export interface DefuddleChecks {
  /** Expected fences with a language, and how many of those languages our fences carry. */
  codeLanguages: { expected: number; kept: number };
  /** Expected TeX spans, and how many appear (whitespace-insensitive) in our markdown. */
  math: { expected: number; kept: number };
  /** Whether the expected output has footnotes, and whether ours has them all, paired. */
  footnotes: { expected: boolean; paired: boolean };
  /** Whether the expected output has tables, and whether ours has at least as many. */
  tables: { expected: boolean; kept: boolean };
}

const FENCE_OPEN = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)/;

function fenceLanguages(markdown: string): string[] {
  const languages: string[] = [];
  let open: string | null = null;
  for (const line of markdown.split('\n')) {
    const match = FENCE_OPEN.exec(line);
    if (!match?.[1]) continue;
    if (open === null) {
      open = match[1];
      if (match[2]) languages.push(match[2].toLowerCase());
    } else if (match[1][0] === open[0] && match[1].length >= open.length && !match[2]) {
      open = null;
    }
  }
  return languages;
}

function mathSpans(markdown: string): string[] {
  const spans: string[] = [];
  for (const match of markdown.matchAll(/\$\$([^]+?)\$\$|(?<![\\$])\$([^$\n]+?)\$(?!\d)/g)) {
    const tex = (match[1] ?? match[2] ?? '').replace(/\s+/g, '');
    if (tex) spans.push(tex);
  }
  return spans;
}

function footnoteIds(markdown: string): { refs: Set<string>; defs: Set<string> } {
  const defs = new Set<string>();
  for (const match of markdown.matchAll(/^\[\^([^\]\s]+)\]:/gm)) defs.add(match[1] ?? '');
  const refs = new Set<string>();
  for (const match of markdown.matchAll(/\[\^([^\]\s]+)\](?!:)/g)) refs.add(match[1] ?? '');
  return { refs, defs };
}

function tableCount(markdown: string): number {
  const gfm = markdown.match(/^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)+\|?\s*$/gm)?.length ?? 0;
  const html = markdown.match(/<table\b/gi)?.length ?? 0;
  return gfm + html;
}

export function defuddleChecks(
  category: string,
  expectedMarkdown: string,
  markdown: string,
  analysis: MarkdownAnalysis,
): DefuddleChecks {
  const ours = new Set(analysis.fences.map((fence) => fence.info.split(/\s/)[0]?.toLowerCase()));
  const expectedLanguages = fenceLanguages(expectedMarkdown);
  const oursMath = markdown.replace(/\s+/g, '');
  // Dollar signs elsewhere are mostly prices: only math fixtures and display math count.
  const hasMath = category === 'math' || expectedMarkdown.includes('$$');
  const expectedMath = hasMath ? mathSpans(expectedMarkdown) : [];
  const expectedNotes = footnoteIds(expectedMarkdown);
  const oursNotes = footnoteIds(markdown);
  const expectedTables = tableCount(expectedMarkdown);
  return {
    codeLanguages: {
      expected: expectedLanguages.length,
      kept: expectedLanguages.filter((language) => ours.has(language)).length,
    },
    math: {
      expected: expectedMath.length,
      kept: expectedMath.filter((tex) => oursMath.includes(tex)).length,
    },
    footnotes: {
      expected: expectedNotes.defs.size > 0,
      paired:
        oursNotes.defs.size >= expectedNotes.defs.size &&
        [...oursNotes.refs].every((id) => oursNotes.defs.has(id)),
    },
    tables: { expected: expectedTables > 0, kept: tableCount(markdown) >= expectedTables },
  };
}
