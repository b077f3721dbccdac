/** Highlights: the selection appended to a page as a quote rendered with the user's template. */
import { renderHighlight } from '../clip-markdown';
import type { RecentPage } from '../messaging/library';
import type { OutboxEntryView } from '../outbox/entry';
import { clipDefaultsItem, pendingHighlightItem, readItem } from '../settings';
import { submitClip } from './clips';
import type { BackgroundContext } from './context';
import { inboxWrite } from './inbox';

export interface HighlightInput {
  clipId: string;
  quote: string;
  sourceTitle: string;
  sourceUrl: string;
}

export async function renderHighlightContent(
  ctx: BackgroundContext,
  input: HighlightInput,
): Promise<string> {
  const { highlightTemplate } = await readItem(clipDefaultsItem);
  return renderHighlight(highlightTemplate, {
    quote: input.quote,
    title: input.sourceTitle,
    url: input.sourceUrl,
    date: new Date(ctx.now()),
  });
}

/** Append to a known page, or (no page yet) to the Inbox (`./inbox`). */
export async function appendHighlight(
  ctx: BackgroundContext,
  input: HighlightInput,
  page: Pick<RecentPage, 'id' | 'title'> | null,
): Promise<OutboxEntryView> {
  const defaults = await readItem(clipDefaultsItem);
  const content = await renderHighlightContent(ctx, input);
  if (page) {
    return submitClip(ctx, {
      write: {
        kind: 'add-to-page',
        clipId: input.clipId,
        pageId: page.id,
        operation: defaults.operation,
        content,
        // Only appended when the page does not hold this quote yet.
        highlights: [{ quote: input.quote, content }],
      },
      label: page.title,
    });
  }
  return submitClip(ctx, await inboxWrite(input.clipId, content));
}

/** "Choose…": keep the highlight for the popup's page picker (`highlight.pending`). */
export async function stashHighlight(ctx: BackgroundContext, input: HighlightInput): Promise<void> {
  const content = await renderHighlightContent(ctx, input);
  await pendingHighlightItem.setValue({
    clipId: input.clipId,
    quote: input.quote,
    content,
    sourceTitle: input.sourceTitle,
    sourceUrl: input.sourceUrl,
    createdAt: ctx.now(),
  });
}
