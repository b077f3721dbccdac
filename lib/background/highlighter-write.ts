/**
 * One change the user made on the page, saved: to the page's clip through the outbox; with no
 * clip yet, the first highlight clips the page first, and every change after it (in this tab
 * or another, before or after a reload) waits for that one clip (`highlighter-pending.ts`).
 * Nothing is dropped without the page being told.
 */
import type { HighlightChange } from '../clip-markdown/highlight-schema';
import type { HighlighterUpdate } from '../messaging/highlighter';
import type { OutboxEntry } from '../outbox/entry';
import type { BackgroundContext } from './context';
import { attachPendingClip, holdChange, pendingClipFor } from './highlighter-pending';
import {
  clipPageFirst,
  extractForHighlight,
  pageKey,
  type ExtractedPage,
  type HighlightPage,
  type OpenPage,
} from './highlighter-target';
import { t } from './i18n';

export interface ChangeSession {
  tabId: number;
  page: OpenPage;
  target: HighlightPage | null;
  /** Highlights in the target made on other pages of its site: never changed from this one. */
  others?: ReadonlySet<string>;
  /** The clip this session made or waited for, found again once its record has gone. */
  pending?: { entryId: string; title: string };
  post(update: HighlighterUpdate): void;
}

/** How long a change's status waits for the service before saying it is queued. */
const STATUS_WAIT_MS = 15_000;

export function statusOf(entry: OutboxEntry, title: string): HighlighterUpdate {
  if (entry.status === 'saved')
    return { type: 'status', tone: 'done', text: t('highlighterSaved', 'Saved in “$1”', [title]) };
  if (entry.status === 'failed')
    return {
      type: 'status',
      tone: 'problem',
      text: entry.lastError?.message ?? t('highlighterFailed', 'Not saved'),
    };
  return {
    type: 'status',
    tone: 'progress',
    text: t('highlighterQueued', 'Queued: it will be saved when the service is reachable'),
  };
}

const problem = (text: string): HighlighterUpdate => ({ type: 'status', tone: 'problem', text });

/**
 * The page's clip while it is still being saved: the change is held for it. True when it was
 * held (or could not be, and the page was told): nothing more to do here.
 */
async function holdForPendingClip(
  ctx: BackgroundContext,
  s: ChangeSession,
  change: HighlightChange,
): Promise<boolean> {
  const pending = await pendingClipFor(pageKey(s.page));
  if (!pending) {
    // Attached meanwhile (by the outbox's listener): the saved clip is the page.
    const entry = s.pending && !s.target ? await ctx.outbox.get(s.pending.entryId) : null;
    if (entry?.status === 'saved' && entry.result)
      s.target = { pageId: entry.result.pageId, title: s.pending!.title };
    return false;
  }
  s.pending = { entryId: pending.entryId, title: pending.title };
  const outcome = await attachPendingClip(ctx, pending.entryId);
  if (outcome.kind === 'attached') {
    s.target = outcome.target;
    return false;
  }
  if (outcome.kind === 'gone') {
    if (outcome.dropped)
      s.post(
        problem(
          t(
            'highlighterClipGone',
            'The clip of this page was taken out of the outbox; earlier changes were not saved.',
          ),
        ),
      );
    return false;
  }
  if (await holdChange(pending.entryId, ctx.randomId(), change)) {
    const clip = await ctx.outbox.get(pending.entryId);
    s.post(
      clip?.status === 'failed'
        ? problem(
            t(
              'highlighterClipFailed',
              'This page’s clip was not saved: retry it from the popup and your highlights follow.',
            ),
          )
        : {
            type: 'status',
            tone: 'progress',
            text: t(
              'highlighterHeld',
              'Queued: it will be saved in the page as soon as the page is saved',
            ),
          },
    );
    return true;
  }
  // Saved meanwhile (the outbox's listener attached it): the change goes to the page now.
  const again = await attachPendingClip(ctx, pending.entryId);
  if (again.kind === 'attached') s.target = again.target;
  return false;
}

export async function saveHighlightChange(
  ctx: BackgroundContext,
  s: ChangeSession,
  change: HighlightChange,
  extract: () => Promise<ExtractedPage> = () => extractForHighlight(ctx, s.tabId, s.page.url),
): Promise<void> {
  if (change.action !== 'add' && s.others?.has(change.id)) {
    s.post(
      problem(t('highlighterOtherPage', 'Not saved: this highlight belongs to another page.')),
    );
    return;
  }
  // Checked even with a target: changes held for a clip go to the page before this one.
  if (await holdForPendingClip(ctx, s, change)) return;
  const target = s.target;
  if (!target) {
    if (change.action !== 'add') {
      s.post(problem(t('highlighterNoClip', 'Not saved: this page has no clip to change it in.')));
      return;
    }
    s.post({
      type: 'status',
      tone: 'progress',
      text: t('highlighterClipping', 'Clipping the page…'),
    });
    const extracted = await extract();
    if (!extracted.ok) return s.post(problem(extracted.message));
    const queued = await clipPageFirst(ctx, s.page, extracted, change.highlight);
    s.pending = { entryId: queued.id, title: extracted.title };
    const answered = await ctx.outbox.waitFor(queued.id, STATUS_WAIT_MS, 'answered');
    const outcome = await attachPendingClip(ctx, queued.id);
    if (outcome.kind === 'attached') s.target = outcome.target;
    s.post(statusOf(answered, extracted.title));
    return;
  }
  s.post({ type: 'status', tone: 'progress', text: t('highlighterSaving', 'Saving…') });
  const entry = await ctx.outbox.enqueue(
    {
      kind: 'highlight-page',
      clipId: ctx.randomId(),
      pageId: target.pageId,
      pageUrl: s.page.url,
      change,
    },
    target.title,
  );
  void ctx.outbox.flush().catch(() => undefined);
  s.post(statusOf(await ctx.outbox.waitFor(entry.id, STATUS_WAIT_MS, 'answered'), target.title));
}
