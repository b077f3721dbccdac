import { localDate } from './dates';
import { demoteHeadings } from './demote';
import { safeLinkUrl, sectionHeading } from './link';

/**
 * A clip added to an existing page, as one section (docs/architecture.md, "Appended sections"):
 *
 *     ## [Title](https://site.example/article)
 *
 *     *site.example · 2026-11-24*
 *
 *     The user's note.
 *
 *     ### The article's own first-level heading
 *
 * The article's headings are demoted two levels (h1 → `###`, h2 → `####`, capped at `######`)
 * so they stay inside the section; code blocks are left as they are.
 */
export interface SectionInput {
  title: string;
  url: string;
  body: string;
  note?: string;
  date: Date;
}

/** Levels between the section's `##` heading and the article's own headings. */
const DEMOTE_BY = 2;

/** The site a URL belongs to, as a reader names it: its host without `www.`; '' for an unsafe URL. */
export function siteName(url: string): string {
  const safe = safeLinkUrl(url);
  if (!safe) return '';
  try {
    return new URL(safe).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** `*site.example · 2026-11-24*`, or the date alone when the URL names no site. */
export function sourceLine(url: string, date: Date): string {
  const site = siteName(url);
  return `*${site ? `${site} · ` : ''}${localDate(date)}*`;
}

export function appendedSection(input: SectionInput): string {
  const note = input.note?.trim() ?? '';
  const body = demoteHeadings(input.body, DEMOTE_BY).trim();
  return [
    sectionHeading(input.title.trim() || siteName(input.url) || input.url, input.url),
    sourceLine(input.url, input.date),
    note,
    body,
  ]
    .filter((part) => part !== '')
    .join('\n\n');
}
