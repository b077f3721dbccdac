/**
 * Turns what the popup shows into the `WriteRequest` the background enqueues. Pure: the
 * clip id and the clock come in as arguments (the id is minted at the click, so a retry is
 * recognised as the same clip).
 *
 * The popup edits the markdown *body* only; the extraction's frontmatter block is kept as it
 * came and put back in front (`frontmatterBlock`). Content added to an existing page is one
 * section with the note inside it (`appendedSection`); for a new page the background adds the
 * note on top and `pageclip_id` to its frontmatter (`clip.submit` in lib/messaging/clipping.ts). The
 * markdown rules themselves are lib/clip-markdown's; its YAML-free files are imported one by one so the
 * popup's bundle stays without the YAML library.
 */
import { frontmatterBlock } from '../clip-markdown/draft';
import { appendedSection } from '../clip-markdown/section';
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
  /** Part of an appended section; a new page gets it from the background, on top of the body. */
  note: string;
}

export interface ClipDestination {
  folderId: string | null;
  target: Target;
  pageId: string | null;
  operation: Operation;
}

export function clipWrite(
  clipId: string,
  clip: ClipDraft,
  dest: ClipDestination,
  now: Date,
): WriteRequest {
  if (dest.target === 'existing' && dest.pageId !== null) {
    return {
      kind: 'add-to-page',
      clipId,
      pageId: dest.pageId,
      operation: dest.operation,
      content: appendedSection({ ...clip, date: now }),
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

/**
 * A quick note saved as a page of its own. (A note to the Inbox is not a write the popup
 * composes: it goes to the background as `note.submit`, which knows where the Inbox is.)
 */
export function notePageWrite(
  clipId: string,
  note: string,
  dest: { folderId: string | null; title: string },
): WriteRequest {
  return {
    kind: 'create-page',
    clipId,
    title: dest.title.trim(),
    markdown: note.trim(),
    parentId: dest.folderId,
  };
}

/** The destination of a write, for "edit destination": same clip id, same content, new place. */
export function retargetWrite(
  write: WriteRequest,
  dest: { folderId: string | null; pageId: string | null },
): WriteRequest {
  switch (write.kind) {
    case 'create-page':
      return { ...write, parentId: dest.folderId };
    case 'add-to-titled-page': {
      // Moved on purpose: the page it was aimed at by id is no longer where it should go.
      const { pageId: _aimed, ...rest } = write;
      return { ...rest, parentId: dest.folderId };
    }
    case 'add-to-page':
      return dest.pageId === null ? write : { ...write, pageId: dest.pageId };
    case 'update-page':
    case 'edit-page':
    case 'trash-page':
    case 'highlight-page':
      // An update, an undo or a highlight belongs to the page it changes.
      return write;
  }
}
