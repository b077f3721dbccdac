import { performance } from 'node:perf_hooks';
import { parseHtml } from '../parse-html.ts';
import { baselineExtract } from './baseline.ts';
import type { BenchPage } from './corpus.ts';
import { defuddleChecks, type DefuddleChecks } from './defuddle-checks.ts';
import { analyseMarkdown, type MarkdownAnalysis } from './markdown-analysis.ts';
import {
  htmlFragmentText,
  lostCodeBlocks,
  bylineMatches,
  bylineMatchesIgnoringDate,
  pageSourceText,
  referenceCode,
  scoreSnippets,
  titleMatches,
  titleMatchesIgnoringSite,
  tokenOverlap,
  type Prf,
  type SnippetScore,
} from './metrics.ts';
import type { OursExtractor } from './ours.ts';

/** One extractor's result on one page, with every figure the tables need. */
export interface Outcome {
  error: string | null;
  ms: number;
  title: string;
  byline: string | null;
  markdown: string;
  analysis: MarkdownAnalysis;
  lostCode: string[];
  snippets?: SnippetScore;
  overlap?: Prf;
  titleMatch?: boolean;
  titleMatchIgnoringSite?: boolean;
  bylineMatch?: boolean;
  /** Null when Readability's byline holds no name. */
  bylineMatchIgnoringDate?: boolean | null;
  defuddle?: DefuddleChecks;
}

export interface PageResult {
  set: BenchPage['set'];
  id: string;
  url: string;
  referenceCodeBlocks: number;
  ours: Outcome;
  baseline: Outcome;
}

interface Extracted {
  title: string;
  byline: string | null;
  markdown: string;
}

function timed<T extends Extracted>(
  run: () => T,
): { value: T | null; error: string | null; ms: number } {
  const start = performance.now();
  try {
    const value = run();
    return { value, error: null, ms: performance.now() - start };
  } catch (error) {
    const ms = performance.now() - start;
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { value: null, error: message, ms };
  }
}

/**
 * Runs both extractors on their own parse of the page (Readability mutates the document) and
 * times only the extraction calls. `oursFirst` alternates the order so neither side always
 * pays for the other's garbage.
 */
export function runPage(page: BenchPage, ours: OursExtractor, oursFirst: boolean): PageResult {
  // The page's own text, for the stricter `without` variant.
  const pageText = page.labels.kind === 'trafilatura-eval' ? pageSourceText(page.html) : '';
  // Parse in the order the extractors run, so neither gets the fresher heap.
  const firstDoc = parseHtml(page.html, page.url);
  const secondDoc = parseHtml(page.html, page.url);
  const [oursDoc, baselineDoc] = oursFirst ? [firstDoc, secondDoc] : [secondDoc, firstDoc];
  let oursRun!: ReturnType<typeof timed<Extracted>>;
  let baseRun!: ReturnType<typeof timed<ReturnType<typeof baselineExtract>>>;
  const runOurs = () => (oursRun = timed(() => ours(oursDoc, page.url)));
  const runBase = () => (baseRun = timed(() => baselineExtract(baselineDoc)));
  if (oursFirst) {
    runOurs();
    runBase();
  } else {
    runBase();
    runOurs();
  }
  oursDoc.defaultView?.close();
  baselineDoc.defaultView?.close();

  const reference = referenceCode(baseRun.value?.contentHtml ?? null);
  const expectedText =
    page.labels.kind === 'readability' ? htmlFragmentText(page.labels.expectedHtml) : '';
  const score = (run: typeof oursRun): Outcome => {
    const value = run.value ?? { title: '', byline: null, markdown: '' };
    const analysis = analyseMarkdown(value.markdown, page.url);
    const outcome: Outcome = {
      error: run.error,
      ms: run.ms,
      title: value.title,
      byline: value.byline,
      markdown: value.markdown,
      analysis,
      lostCode: lostCodeBlocks(reference, analysis.fences),
    };
    const labels = page.labels;
    switch (labels.kind) {
      case 'trafilatura-eval':
        outcome.snippets = scoreSnippets(analysis.plainText, pageText, labels.with, labels.without);
        break;
      case 'readability':
        outcome.overlap = tokenOverlap(analysis.plainText, expectedText);
        outcome.titleMatch = titleMatches(value.title, labels.title);
        outcome.titleMatchIgnoringSite = titleMatchesIgnoringSite(value.title, labels.title);
        outcome.bylineMatch = bylineMatches(value.byline, labels.byline);
        outcome.bylineMatchIgnoringDate = bylineMatchesIgnoringDate(value.byline, labels.byline);
        break;
      case 'defuddle':
        outcome.overlap = tokenOverlap(
          analysis.plainText,
          analyseMarkdown(labels.expectedMarkdown).plainText,
        );
        outcome.defuddle = defuddleChecks(
          labels.category,
          labels.expectedMarkdown,
          value.markdown,
          analysis,
        );
        break;
    }
    return outcome;
  };
  return {
    set: page.set,
    id: page.id,
    url: page.url,
    referenceCodeBlocks: reference.length,
    ours: score(oursRun),
    baseline: score(baseRun),
  };
}
