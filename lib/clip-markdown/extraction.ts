import type { ExtractResult } from '../extract';
import { withFrontmatter } from './frontmatter';

/** An extraction result with its markdown document: the frontmatter block, then the body. */
export type ClipExtraction = ExtractResult & { markdown: string };

/** The clip's markdown document: extraction's frontmatter data as YAML, a blank line, the body. */
export function clipMarkdown(result: Pick<ExtractResult, 'frontmatter' | 'body'>): string {
  return withFrontmatter(result.frontmatter, result.body);
}

export function withClipMarkdown(result: ExtractResult): ClipExtraction {
  return { ...result, markdown: clipMarkdown(result) };
}
