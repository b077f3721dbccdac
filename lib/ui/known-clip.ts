/**
 * The popup's "You clipped this before" notice: its state as a pure reducer, and the hook that
 * asks the background whether the tab's page is a known clip and runs Update.
 */
import { useEffect, useReducer } from 'preact/hooks';
import type { KnownClip } from '../known-clips/known-clip';
import { sendToBackground } from '../messaging/channel';
import type { ClipChanges, UpdateChoice } from '../messaging/known-clips';
import type { OutboxEntryView } from '../outbox/entry';
import type { Extraction } from './clip-form';
import { tabFromQuery } from './start-extraction';
import { tabInfo } from './tab-bookmark';

export type UpdateStep =
  | { kind: 'idle' }
  | { kind: 'asking' }
  | { kind: 'edited'; etag: string; changes: ClipChanges }
  | { kind: 'sent'; entry: OutboxEntryView }
  | { kind: 'gone' }
  | { kind: 'error'; message: string };

export type KnownClipState =
  | { phase: 'looking' }
  | { phase: 'none' }
  | { phase: 'dismissed' }
  | { phase: 'known'; clip: KnownClip; document: string; url: string; step: UpdateStep };

export type KnownClipAction =
  | { type: 'found'; clip: KnownClip | null; document: string; url: string }
  | { type: 'dismissed' }
  | { type: 'step'; step: UpdateStep };

export function knownClipReducer(state: KnownClipState, action: KnownClipAction): KnownClipState {
  switch (action.type) {
    case 'found':
      if (state.phase === 'dismissed') return state;
      return action.clip
        ? {
            phase: 'known',
            clip: action.clip,
            document: action.document,
            url: action.url,
            step: { kind: 'idle' },
          }
        : { phase: 'none' };
    case 'dismissed':
      return { phase: 'dismissed' };
    case 'step':
      return state.phase === 'known' ? { ...state, step: action.step } : state;
  }
}

/** "12 Nov" this year, "12 Nov 2025" before. */
export function clipDate(at: number, now: number, lang: string): string {
  const date = new Date(at);
  const sameYear = date.getFullYear() === new Date(now).getFullYear();
  // "12 Nov", as in British English, rather than the US "Nov 12".
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang, {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  }).format(date);
}

/** The outbox entry an update was handed to, as the outbox now has it. */
export function sentEntry(
  state: KnownClipState,
  outbox: readonly OutboxEntryView[],
): OutboxEntryView | null {
  if (state.phase !== 'known' || state.step.kind !== 'sent') return null;
  const sent = state.step.entry;
  const now = outbox.find((e) => e.id === sent.id);
  // The answer may be newer than the list (it waited for delivery); a settled one wins.
  return now && now.status !== 'queued' && now.status !== 'sending'
    ? now
    : sent.status === 'saved' || sent.status === 'failed'
      ? sent
      : (now ?? sent);
}

/** The tab's own address and what the index knows of it; null when the tab cannot tell. */
async function earlyLookup(): Promise<{ url: string; clip: KnownClip | null } | null> {
  try {
    const tab = await tabInfo(tabFromQuery(document).tabId ?? null);
    if (!tab) return null;
    const { clip } = await sendToBackground('known.lookup', {
      url: tab.url,
      title: tab.title,
      localOnly: true,
    });
    return { url: tab.url, clip };
  } catch {
    return null;
  }
}

export function useKnownClip(extraction: Promise<Extraction>) {
  const [state, dispatch] = useReducer(knownClipReducer, { phase: 'looking' });

  useEffect(() => {
    let alive = true;
    // The tab's address is looked up in this browser's index while the page is extracted, so
    // a known clip is not one lookup behind the extraction; the full lookup (the service
    // too) waits for the extraction's address, and runs only when the index did not know it.
    const early = earlyLookup();
    Promise.all([extraction, early])
      .then(async ([answer, first]) => {
        if (!answer.ok) return dispatch({ type: 'found', clip: null, document: '', url: '' });
        const { url, title, markdown, canonical } = answer.result;
        const clip =
          first?.url === url && first.clip
            ? first.clip
            : (
                await sendToBackground('known.lookup', {
                  url,
                  title,
                  ...(canonical ? { canonical } : {}),
                })
              ).clip;
        if (alive) dispatch({ type: 'found', clip, document: markdown, url });
      })
      .catch(() => alive && dispatch({ type: 'found', clip: null, document: '', url: '' }));
    return () => {
      alive = false;
    };
  }, []);

  const update = (choice?: UpdateChoice, etag?: string) => {
    if (state.phase !== 'known') return;
    const { clip, document, url } = state;
    dispatch({ type: 'step', step: { kind: 'asking' } });
    sendToBackground('known.update', {
      clipId: crypto.randomUUID(),
      pageId: clip.pageId,
      url,
      title: clip.title,
      document,
      choice,
      etag,
      waitMs: 10_000,
    }).then(
      (answer) => {
        const step: UpdateStep =
          answer.kind === 'queued'
            ? { kind: 'sent', entry: answer.entry }
            : answer.kind === 'edited'
              ? { kind: 'edited', etag: answer.etag, changes: answer.changes }
              : { kind: 'gone' };
        dispatch({ type: 'step', step });
      },
      (error: unknown) =>
        dispatch({
          type: 'step',
          step: { kind: 'error', message: error instanceof Error ? error.message : String(error) },
        }),
    );
  };

  return {
    state,
    update,
    cancel: () => dispatch({ type: 'step', step: { kind: 'idle' } }),
    dismiss: () => dispatch({ type: 'dismissed' }),
  };
}
