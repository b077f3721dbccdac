import { escapeLinkText, markdownLink, safeLinkUrl } from './link';

/** A tab as a bookmark or a list line knows it: its title and address. */
export interface TabLink {
  title: string;
  url: string;
}

/**
 * A tab as one line of markdown: a link, its text safe inside `[ ]`. An address Pageclip does
 * not link (`chrome:`, `file:`) is kept as code after the title, so the line still says where.
 * YAML-free: the popup imports it.
 */
export function tabLinkLine(tab: TabLink): string {
  if (safeLinkUrl(tab.url)) return markdownLink(tab.title, tab.url);
  // Backticks inside would end the code span; the address is not a link, so encoding them is harmless.
  const address = tab.url.replace(/`/g, '%60').replace(/\s+/g, '%20');
  return `${escapeLinkText(tab.title)}: \`${address}\``;
}
