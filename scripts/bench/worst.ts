import type { SetName } from './corpus.ts';
import type { Outcome, PageResult } from './run-page.ts';

/**
 * `--worst N`: for QA, the N pages where ours does worst on each figure, with a short quote of
 * what went wrong and the baseline's figure beside it.
 */

interface Measure {
  name: string;
  /** Badness: higher is worse; 0 means nothing to report. */
  badness: (o: Outcome) => number;
  show: (o: Outcome) => string;
  /** Show the baseline's value too (quality figures, not hygiene). */
  compare?: boolean;
}

const quote = (items: string[], max = 3) =>
  items
    .slice(0, max)
    .map((item) => JSON.stringify(item.length > 90 ? `${item.slice(0, 89)}…` : item))
    .join(', ');

const fmt = (value: number) => value.toFixed(2);

const COMMON: Measure[] = [
  {
    name: 'failed',
    badness: (o) => (o.error ? 1 : 0),
    show: (o) => o.error ?? '',
  },
  {
    name: 'relative URLs',
    badness: (o) => o.analysis.relativeUrls.length,
    show: (o) => quote(o.analysis.relativeUrls),
  },
  {
    name: 'empty links',
    badness: (o) => o.analysis.emptyLinks.length,
    show: (o) => quote(o.analysis.emptyLinks),
  },
  {
    name: 'raw HTML',
    badness: (o) => o.analysis.rawHtml.length,
    show: (o) => quote(o.analysis.rawHtml),
  },
  {
    name: 'lost code blocks',
    badness: (o) => o.lostCode.length,
    show: (o) => quote(o.lostCode),
  },
  {
    name: 'fences with line numbers',
    badness: (o) => o.analysis.numberedFences.length,
    show: (o) => quote(o.analysis.numberedFences),
  },
  {
    name: 'trailing-space lines',
    badness: (o) => o.analysis.whitespace.trailingSpaceLines.length,
    show: (o) => quote(o.analysis.whitespace.trailingSpaceLines),
  },
  {
    name: '3+ newline runs',
    badness: (o) => o.analysis.whitespace.blankLineRuns,
    show: () => '',
  },
  {
    name: 'indented text as code',
    badness: (o) => o.analysis.whitespace.indentedCode.length,
    show: (o) => quote(o.analysis.whitespace.indentedCode),
  },
  {
    name: 'empty list items',
    badness: (o) => o.analysis.emptyListItems,
    show: () => '',
  },
  {
    name: 'hard break ending a block',
    badness: (o) => o.analysis.whitespace.danglingBreaks.length,
    show: (o) => quote(o.analysis.whitespace.danglingBreaks),
  },
  ...(
    ['headingPermalinks', 'creditLines', 'tablesOfContents', 'breadcrumbs', 'phpErrors'] as const
  ).map((kind): Measure => ({
    name: kind,
    badness: (o) => o.analysis.clutter[kind].length,
    show: (o) => quote(o.analysis.clutter[kind]),
  })),
  {
    name: 'emphasis markers shown as text',
    badness: (o) => o.analysis.literalEmphasis.length,
    show: (o) => quote(o.analysis.literalEmphasis),
  },
  {
    name: 'leftover entities',
    badness: (o) => o.analysis.whitespace.entities.length,
    show: (o) => quote(o.analysis.whitespace.entities, 5),
  },
];

const BY_SET: Record<SetName, Measure[]> = {
  'trafilatura-eval': [
    {
      name: 'with snippets missing',
      badness: (o) => o.snippets?.missing.length ?? 0,
      show: (o) => quote(o.snippets?.missing ?? []),
      compare: true,
    },
    {
      name: 'without snippets leaked',
      badness: (o) => o.snippets?.leaked.length ?? 0,
      show: (o) => quote(o.snippets?.leaked ?? []),
      compare: true,
    },
  ],
  readability: [
    {
      name: 'lowest text F1',
      badness: (o) => 1 - (o.overlap?.f1 ?? 0),
      show: (o) =>
        `F1 ${fmt(o.overlap?.f1 ?? 0)} P ${fmt(o.overlap?.precision ?? 0)} R ${fmt(o.overlap?.recall ?? 0)}`,
      compare: true,
    },
    {
      name: 'title mismatch',
      badness: (o) => (o.titleMatch ? 0 : 1),
      show: (o) => JSON.stringify(o.title),
    },
    {
      name: 'byline mismatch',
      badness: (o) => (o.bylineMatch ? 0 : 1),
      show: (o) => JSON.stringify(o.byline),
    },
  ],
  defuddle: [
    {
      name: 'lowest text F1',
      badness: (o) => 1 - (o.overlap?.f1 ?? 0),
      show: (o) =>
        `F1 ${fmt(o.overlap?.f1 ?? 0)} P ${fmt(o.overlap?.precision ?? 0)} R ${fmt(o.overlap?.recall ?? 0)}`,
      compare: true,
    },
    {
      name: 'code language lost',
      badness: (o) =>
        (o.defuddle?.codeLanguages.expected ?? 0) - (o.defuddle?.codeLanguages.kept ?? 0),
      show: (o) =>
        `fences: ${quote(
          o.analysis.fences.map((f) => f.info || '(none)'),
          5,
        )}`,
    },
    {
      name: 'math not TeX',
      badness: (o) => (o.defuddle?.math.expected ?? 0) - (o.defuddle?.math.kept ?? 0),
      show: (o) => `${o.defuddle?.math.kept}/${o.defuddle?.math.expected} spans kept`,
    },
    {
      name: 'footnotes unpaired',
      badness: (o) => (o.defuddle?.footnotes.expected && !o.defuddle.footnotes.paired ? 1 : 0),
      show: () => '',
    },
    {
      name: 'tables lost',
      badness: (o) => (o.defuddle?.tables.expected && !o.defuddle.tables.kept ? 1 : 0),
      show: () => '',
    },
  ],
};

export function printWorst(
  set: SetName,
  pages: PageResult[],
  n: number,
  out: (line: string) => void,
): void {
  out(`\n### ${set}: worst ${n} pages per figure (ours)\n`);
  for (const measure of [...BY_SET[set], ...COMMON]) {
    const ranked = pages
      .map((page) => ({ page, bad: measure.badness(page.ours) }))
      .filter((entry) => entry.bad > 1e-3)
      .sort((a, b) => b.bad - a.bad || a.page.id.localeCompare(b.page.id))
      .slice(0, n);
    if (ranked.length === 0) continue;
    out(`- ${measure.name}:`);
    for (const { page, bad } of ranked) {
      const base = measure.compare ? ` [baseline ${fmt(measure.badness(page.baseline))}]` : '';
      out(`  - ${page.id} (${fmt(bad)})${base}: ${measure.show(page.ours)}`);
    }
  }
}
