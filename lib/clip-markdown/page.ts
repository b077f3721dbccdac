import { readFrontmatter, renderFrontmatter } from './frontmatter';
import { joinNote } from './join';
import { escapeLinkText, escapeLinkUrl, safeLinkUrl } from './link';
import { withPageclipId } from './pageclip-id';

/**
 * The markdown of a new page: the clip's frontmatter (kept as written) with `pageclip_id`,
 * then the note, then the clip's body. Markdown without a frontmatter block gets one; a
 * leading `---` that is not frontmatter stays in the body.
 */
export function composePageMarkdown(markdown: string, clipId: string, note?: string): string {
  const read = readFrontmatter(markdown);
  if (read.kind === 'invalid') return withPageclipId(markdown, clipId); // throws, naming the YAML error
  const block = read.kind === 'frontmatter' ? read.block : `---\n---\n`;
  const body = read.kind === 'frontmatter' ? read.body : markdown;
  const head = withPageclipId(block.endsWith('\n') ? block : `${block}\n`, clipId);
  return `${head}\n${joinNote(note, body)}`;
}

/**
 * A bookmark page for "Clip link", or null when the link's scheme is not one Pageclip writes
 * (`javascript:`, `data:`, …). The page it was found on is kept as `via` when its URL is safe.
 */
export function composeLinkMarkdown(
  linkUrl: string,
  linkText: string,
  sourceUrl: string,
  date: Date,
): string | null {
  const link = safeLinkUrl(linkUrl);
  if (!link) return null;
  const title = linkText.trim() || link;
  const via = safeLinkUrl(sourceUrl);
  return (
    renderFrontmatter({ source: link, clipped: date.toISOString(), via }) +
    `\n[${escapeLinkText(title)}](${escapeLinkUrl(link)})\n`
  );
}
