import { createRequire } from 'node:module';
import { Readability } from '@mozilla/readability';
import TurndownService from 'turndown';

/**
 * The baseline the issue compares against: "plain Readability + Turndown", nothing more.
 *
 *   new Readability(doc).parse()           default options, no pre-cleaning
 *   new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' }).use(gfm)
 *   turndown(article.content)              title and byline from Readability
 *
 * It runs in the same process as ours, on its own parse of the page (Readability mutates the
 * document). When Readability finds no article the markdown is empty.
 */

// The GFM plugin ships no type declarations; load it through require with the one type we use.
const require = createRequire(import.meta.url);
const { gfm } = require('@joplin/turndown-plugin-gfm') as { gfm: TurndownService.Plugin };

export interface BaselineResult {
  title: string;
  byline: string | null;
  markdown: string;
  /** Readability's article HTML: the reference for the "lost code blocks" check. */
  contentHtml: string | null;
}

let turndown: TurndownService | undefined;

function turndownService(): TurndownService {
  turndown ??= new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' }).use(gfm);
  return turndown;
}

export function baselineExtract(doc: Document): BaselineResult {
  const article = new Readability(doc).parse();
  const content = article?.content ?? null;
  return {
    title: article?.title ?? '',
    byline: article?.byline ?? null,
    markdown: content ? turndownService().turndown(content) : '',
    contentHtml: content,
  };
}
