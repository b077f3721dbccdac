/**
 * Turns what the popup shows into the `WriteRequest` the background enqueues. Pure: the
 * clip id and the clock come in as arguments (the id is minted at the click, so a retry is
 * recognised as the same clip).
 *
 * The popup edits the markdown *body* only; the extraction's frontmatter block is kept as it
 * came and put back in front (`frontmatterBlock`). The background adds the note on top and
 * `pageclip_id` to a new page's frontmatter (`clip.submit` in lib/messaging/clipping.ts). The
 * markdown rules themselves are lib/clip-markdown's; its YAML-free files are imported one by one so the
 * popup's bundle stays without the YAML library.
 */
import { frontmatterBlock } from '../clip-markdown/draft';
import { sectionContent } from '../clip-markdown/link';
import type { WriteRequest } from '../write-request';
import type { ContentPosition } from '../../contract/primitives';

export { frontmatterBlock };

export type Target = 'new' | 'existing';
export type Operation = ContentPosition;

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
      content: sectionContent(clip.title.trim(), clip.url, clip.body),
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
