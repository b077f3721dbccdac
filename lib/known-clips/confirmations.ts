/**
 * Keeps the known-clips index current from the outbox's confirmations, one rule per write kind
 * that changes what the index holds:
 * - `create-page`: a clip of a web page (its frontmatter names its `source:`) becomes known with
 *   the ETag it was created at (its title and folder are the final ones: an import renames and
 *   moves the page before it is saved);
 * - `update-page`: the new ETag;
 * - `trash-page` (Undo of a clip): the page is forgotten, under every URL it was known by.
 * Appends, exact edits and highlights leave the recorded ETag alone on purpose: what was added
 * to a clip counts as a change since the clip, so a later update offers to keep it instead of
 * replacing it unseen. Pageclip makes no other moves, renames or trashing of pages.
 */
import { readFrontmatter } from '../clip-markdown';
import type { OutboxEntry } from '../outbox/entry';
import {
  findKnownClip,
  forgetKnownPage,
  rememberClip,
  rememberClips,
  updateKnownPage,
} from './index';
import { knownClipKey, knownClipKeys } from './normalise-url';

/** The page a clip's markdown came from: its `source:` and `canonical:` (when present). */
function clipSource(markdown: string): { url: string; canonical: string | null } | null {
  const read = readFrontmatter(markdown);
  if (read.kind !== 'frontmatter') return null;
  const { source, canonical } = read.data;
  if (typeof source !== 'string') return null;
  return { url: source, canonical: typeof canonical === 'string' ? canonical : null };
}

/** The key of the page a clip's markdown came from (its canonical address when recorded). */
export function clipSourceKey(markdown: string): string | null {
  const source = clipSource(markdown);
  return source ? knownClipKey(source) : null;
}

/** Every key the page a clip came from is found by (`knownClipKeys`). */
export function clipSourceKeys(markdown: string): string[] {
  const source = clipSource(markdown);
  return source ? knownClipKeys(source) : [];
}

export async function recordConfirmation(entry: OutboxEntry, now: number): Promise<void> {
  if (entry.status !== 'saved' || !entry.result) return;
  const { write, result } = entry;
  if (write.kind === 'trash-page') {
    await forgetKnownPage(write.pageId);
  } else if (write.kind === 'create-page') {
    await rememberClips(
      clipSourceKeys(write.markdown).map((url) => ({
        url,
        pageId: result.pageId,
        title: write.title,
        folderId: write.parentId,
        clippedAt: entry.createdAt,
        at: now,
        etag: result.etag ?? null,
      })),
    );
  } else if (write.kind === 'update-page') {
    const changed = await updateKnownPage(write.pageId, { etag: result.etag ?? null, at: now });
    const url = clipSourceKey(write.markdown);
    if (changed > 0 || !url || (await findKnownClip(url))) return;
    await rememberClip({
      url,
      pageId: write.pageId,
      title: entry.label,
      folderId: null,
      clippedAt: entry.createdAt,
      at: now,
      etag: result.etag ?? null,
    });
  }
}
