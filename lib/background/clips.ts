/**
 * Submitting a clip, quick note or highlight: compose the final markdown, remember the
 * destination, and hand the write to the outbox (never straight to the client).
 */
import type { OutboxEntryView } from '../outbox/entry';
import { pendingHighlightItem, readItem, recentPagesItem } from '../settings';
import type { AddToPageWrite, WriteRequest } from '../write-request';
import {
  composeAppendContent,
  composePageMarkdown,
  withProperties,
  type FrontmatterProperty,
} from '../clip-markdown';
import type { BackgroundContext } from './context';
import { cachedPageFolder, resolveRecentFolders } from './page-folders';
import { rememberFolder, rememberPage } from './recents';
import { rememberTagsOf } from './templates';

export interface SubmitClip {
  write: WriteRequest;
  label: string;
  note?: string;
  folderName?: string;
  /** A template's typed properties and the clip's tags, for a new page's frontmatter. */
  properties?: Record<string, FrontmatterProperty | null>;
  tags?: string[];
  waitMs?: number;
}

export function composeWrite(
  write: WriteRequest,
  note?: string,
  frontmatter: Record<string, FrontmatterProperty | null> = {},
): WriteRequest {
  switch (write.kind) {
    case 'create-page': {
      const markdown = withProperties(write.markdown, frontmatter);
      return { ...write, markdown: composePageMarkdown(markdown, write.clipId, note) };
    }
    case 'add-to-page':
    case 'add-to-titled-page': {
      const content = composeAppendContent(write.content, note);
      const composed = { ...write, content: content || write.content };
      if (composed.kind !== 'add-to-page' || !composed.highlights) return composed;
      // Delivery sends only some of them: each follows the same rules as the whole.
      const highlights = composed.highlights.map((h) => ({
        ...h,
        content: composeAppendContent(h.content) || h.content,
      }));
      return { ...composed, highlights };
    }
    case 'update-page':
    case 'edit-page':
    case 'trash-page':
    case 'highlight-page':
      return write;
  }
}

/**
 * Records the page as recent with its folder: from the page lists the picker showed, else as
 * recorded before; when neither knows, the service is asked after the write is queued.
 */
async function rememberAddedPage(
  ctx: BackgroundContext,
  pageId: string,
  title: string,
  operation: AddToPageWrite['operation'],
  now: number,
): Promise<void> {
  const before = (await readItem(recentPagesItem)).find((p) => p.id === pageId);
  const known = before?.folderPath
    ? { parentId: before.parentId, folderPath: before.folderPath }
    : null;
  const folder = (await cachedPageFolder(ctx, pageId)) ?? known;
  await rememberPage({ id: pageId, title, ...(folder ?? { parentId: null }) }, operation, now);
  if (!folder) void resolveRecentFolders(ctx, { fetch: true }).catch(() => undefined);
}

export async function submitClip(
  ctx: BackgroundContext,
  input: SubmitClip,
): Promise<OutboxEntryView> {
  const frontmatter: Record<string, FrontmatterProperty | null> = { ...input.properties };
  if (input.tags?.length) frontmatter.tags = input.tags;
  const write = composeWrite(input.write, input.note, frontmatter);
  const entry = await ctx.outbox.enqueue(write, input.label);
  // Send first: the bookkeeping below reads large cached items (the page lists, the folder
  // tree) and may ask the service for a page's folder, and a write must not wait behind it.
  void ctx.outbox.flush().catch(() => undefined);
  const now = ctx.now();
  if (write.kind === 'create-page' || write.kind === 'update-page') {
    await rememberTagsOf(write.markdown, now);
  }
  if (write.kind === 'create-page') {
    await rememberFolder({ id: write.parentId, name: input.folderName ?? input.label }, now);
  } else if (write.kind === 'add-to-page') {
    await rememberAddedPage(ctx, write.pageId, input.label, write.operation, now);
  }
  const pending = await readItem(pendingHighlightItem);
  if (pending?.clipId === write.clipId) await pendingHighlightItem.setValue(null);
  // The first answer is enough: saved, failed, or a failed attempt that will be retried
  // (offline: the popup says "Queued" as soon as the first connection fails).
  if (input.waitMs) return ctx.outbox.waitFor(entry.id, input.waitMs, 'answered');
  return entry;
}
