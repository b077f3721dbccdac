/**
 * Keeps the known-clips index current from the outbox's confirmations: a saved clip of a web
 * page (a new page whose frontmatter names its `source:`) becomes known with the ETag it was
 * created at; a saved update records its new ETag. Appends leave the recorded ETag alone on
 * purpose: what was added to a clip counts as a change since the clip, so a later update
 * offers to keep it instead of replacing it unseen.
 */
import { readFrontmatter } from '../clip-markdown';
import type { OutboxEntry } from '../outbox/entry';
import { findKnownClip, rememberClip, updateKnownPage } from './index';
import { knownClipKey } from './normalise-url';

/** The page a clip's markdown came from: its `source:` (and `canonical:` when present). */
export function clipSourceKey(markdown: string): string | null {
  const read = readFrontmatter(markdown);
  if (read.kind !== 'frontmatter') return null;
  const { source, canonical } = read.data;
  if (typeof source !== 'string') return null;
  return knownClipKey({ url: source, canonical: typeof canonical === 'string' ? canonical : null });
}

export async function recordConfirmation(entry: OutboxEntry, now: number): Promise<void> {
  if (entry.status !== 'saved' || !entry.result) return;
  const { write, result } = entry;
  if (write.kind === 'create-page') {
    const url = clipSourceKey(write.markdown);
    if (!url) return;
    await rememberClip({
      url,
      pageId: result.pageId,
      title: write.title,
      folderId: write.parentId,
      clippedAt: entry.createdAt,
      at: now,
      etag: result.etag ?? null,
    });
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
