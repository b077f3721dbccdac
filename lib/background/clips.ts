/**
 * Submitting a clip, quick note or highlight: compose the final markdown, remember the
 * destination, and hand the write to the outbox (never straight to the client).
 */
import type { OutboxEntryView } from '../outbox/entry';
import { pendingHighlightItem, readItem } from '../settings';
import type { WriteRequest } from '../write-request';
import { composeAppendContent, composePageMarkdown } from '../clip-markdown';
import type { BackgroundContext } from './context';
import { rememberFolder, rememberPage } from './recents';

export interface SubmitClip {
  write: WriteRequest;
  label: string;
  note?: string;
  folderName?: string;
  waitMs?: number;
}

export function composeWrite(write: WriteRequest, note?: string): WriteRequest {
  switch (write.kind) {
    case 'create-page':
      return { ...write, markdown: composePageMarkdown(write.markdown, write.clipId, note) };
    case 'add-to-page':
    case 'add-to-titled-page': {
      const content = composeAppendContent(write.content, note);
      return { ...write, content: content || write.content };
    }
  }
}

export async function submitClip(
  ctx: BackgroundContext,
  input: SubmitClip,
): Promise<OutboxEntryView> {
  const write = composeWrite(input.write, input.note);
  const entry = await ctx.outbox.enqueue(write, input.label);
  const now = ctx.now();
  if (write.kind === 'create-page') {
    await rememberFolder({ id: write.parentId, name: input.folderName ?? input.label }, now);
  } else if (write.kind === 'add-to-page') {
    await rememberPage(
      { id: write.pageId, title: input.label, parentId: null },
      write.operation,
      now,
    );
  }
  const pending = await readItem(pendingHighlightItem);
  if (pending?.clipId === write.clipId) await pendingHighlightItem.setValue(null);
  void ctx.outbox.flush().catch(() => undefined);
  if (input.waitMs) return ctx.outbox.waitFor(entry.id, input.waitMs);
  return entry;
}
