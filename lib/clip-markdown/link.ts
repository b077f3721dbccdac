import { escapeLinkUrl, safeLinkUrl } from '../extract/link-url';

/** Markdown links Pageclip writes: only safe schemes (the article pipeline's rules), escaped. */

export { escapeLinkUrl, safeLinkUrl };

/** Markdown link text: brackets and backslashes would end or break the link; whitespace folds to one space. */
export function escapeLinkText(text: string): string {
  return text.replace(/[\\[\]]/g, (ch) => `\\${ch}`).replace(/\s+/g, ' ');
}

/** `[text](url)`, or the escaped text alone when the URL is missing or its scheme unsafe. */
export function markdownLink(text: string, url: string): string {
  const safe = safeLinkUrl(url);
  const label = escapeLinkText(text || safe || '');
  return safe ? `[${label}](${escapeLinkUrl(safe)})` : label;
}

/** The heading of a section added to an existing page: `## [title](url)`, or `## title` without a safe URL. */
export function sectionHeading(title: string, url: string): string {
  const safe = safeLinkUrl(url);
  return safe ? `## ${markdownLink(title, safe)}` : `## ${title}`;
}
