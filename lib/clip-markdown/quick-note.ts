import { localDateTime } from './dates';
import { markdownLink, safeLinkUrl } from './link';

/**
 * A quick note as it is added to the Inbox (docs/architecture.md, "The Inbox"). Each note is
 * its own small section, so a page of many notes reads as a dated list of entries:
 *
 *     ## 2026-11-24 09:41
 *
 *     From [The page the tab showed](https://site.example/a)
 *
 *     The note's text.
 *
 * The source line is left out when the user turned it off, or when the tab's address is not
 * one Pageclip links to (a browser page such as the new-tab page).
 */
export interface QuickNoteInput {
  text: string;
  date: Date;
  source: { title: string; url: string } | null;
}

export function quickNoteMarkdown(input: QuickNoteInput): string {
  const parts = [`## ${localDateTime(input.date)}`];
  const url = input.source ? safeLinkUrl(input.source.url) : null;
  if (input.source && url)
    parts.push(`From ${markdownLink(input.source.title.trim() || url, url)}`);
  const text = input.text.trim();
  if (text) parts.push(text);
  return parts.join('\n\n');
}
