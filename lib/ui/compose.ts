/**
 * Turns what the popup shows into the `WriteRequest` the background enqueues. Pure: the
 * clip id and the clock come in as arguments (the id is minted at the click, issue 6).
 *
 * The popup edits the markdown *body* only; the extraction's frontmatter block is kept as it
 * came and put back in front, so an edit can never break the YAML. The background adds the
 * note on top and `pageclip_id` to a new page's frontmatter (`clip.submit` in lib/messaging.ts).
 */
import type { WriteRequest } from '../write-request';

export type Target = 'new' | 'existing';
export type Operation = 'append' | 'prepend';

/** The frontmatter block (`---\n…\n---\n`) of an extraction result, or '' when it has none. */
export function frontmatterBlock(result: { markdown: string; body: string }): string {
  const { markdown, body } = result;
  if (!markdown.startsWith('---')) return '';
  if (body !== '' && markdown.endsWith(body))
    return markdown.slice(0, markdown.length - body.length);
  const end = markdown.indexOf('\n---', 3);
  if (end < 0) return '';
  const close = markdown.indexOf('\n', end + 4);
  return close < 0 ? `${markdown}\n` : markdown.slice(0, close + 1);
}

/** Markdown link text: brackets and backslashes would end or break the link. */
export function escapeLinkText(text: string): string {
  return text.replace(/[\\[\]]/g, (ch) => `\\${ch}`).replace(/\s+/g, ' ');
}

/** A URL inside `( )`: spaces and parentheses are percent-encoded so the link stays one token. */
export function escapeLinkUrl(url: string): string {
  return url.replace(
    /[\s()<>]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

/** What goes into an existing page: a heading linking the source, then the clipped body. */
export function additionContent(title: string, url: string, body: string): string {
  const heading = url ? `## [${escapeLinkText(title)}](${escapeLinkUrl(url)})` : `## ${title}`;
  return body.trim() === '' ? heading : `${heading}\n\n${body.trim()}`;
}

export interface ClipDraft {
  title: string;
  url: string;
  frontmatter: string;
  body: string;
}

export interface ClipDestination {
  folderId: string | null;
  target: Target;
  pageId: string | null;
  operation: Operation;
}

export function clipWrite(clipId: string, clip: ClipDraft, dest: ClipDestination): WriteRequest {
  if (dest.target === 'existing' && dest.pageId !== null) {
    return {
      kind: 'add-to-page',
      clipId,
      pageId: dest.pageId,
      operation: dest.operation,
      content: additionContent(clip.title.trim(), clip.url, clip.body),
    };
  }
  return {
    kind: 'create-page',
    clipId,
    title: clip.title.trim(),
    markdown: `${clip.frontmatter}${clip.body}`,
    parentId: dest.folderId,
  };
}

export interface QuickNoteDestination {
  folderId: string | null;
  asNewPage: boolean;
  /** The page title: the Inbox page to add to, or the new page's title. */
  title: string;
  operation: Operation;
}

export function quickNoteWrite(
  clipId: string,
  note: string,
  dest: QuickNoteDestination,
): WriteRequest {
  if (dest.asNewPage) {
    return {
      kind: 'create-page',
      clipId,
      title: dest.title.trim(),
      markdown: note.trim(),
      parentId: dest.folderId,
    };
  }
  return {
    kind: 'add-to-titled-page',
    clipId,
    title: dest.title.trim(),
    parentId: dest.folderId,
    operation: dest.operation,
    content: note.trim(),
  };
}

/** The destination of a write, for "edit destination": same clip id, same content, new place. */
export function retargetWrite(
  write: WriteRequest,
  dest: { folderId: string | null; pageId: string | null },
): WriteRequest {
  switch (write.kind) {
    case 'create-page':
    case 'add-to-titled-page':
      return { ...write, parentId: dest.folderId };
    case 'add-to-page':
      return dest.pageId === null ? write : { ...write, pageId: dest.pageId };
  }
}
