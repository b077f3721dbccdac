import type { ClipChanges } from '../messaging/known-clips';
import { splitFrontmatter } from '../clip-markdown';

const SHOWN = 5;
const LINE_MAX = 200;

function lines(markdown: string): string[] {
  return splitFrontmatter(markdown)
    .body.split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');
}

/**
 * What the user would lose or gain: the body lines (frontmatter aside) only in the page as it
 * is now, and those only in the new version, counted, with the first few of each to show.
 */
export function clipChanges(currentMarkdown: string, newDocument: string): ClipChanges {
  const current = lines(currentMarkdown);
  const next = lines(newDocument);
  const inNext = new Set(next);
  const inCurrent = new Set(current);
  const onlyInPage = [...new Set(current.filter((l) => !inNext.has(l)))];
  const onlyInNew = [...new Set(next.filter((l) => !inCurrent.has(l)))];
  const clip = (l: string) => (l.length > LINE_MAX ? `${l.slice(0, LINE_MAX - 1)}…` : l);
  return {
    onlyInPage: onlyInPage.slice(0, SHOWN).map(clip),
    onlyInPageCount: onlyInPage.length,
    onlyInNew: onlyInNew.slice(0, SHOWN).map(clip),
    onlyInNewCount: onlyInNew.length,
  };
}
