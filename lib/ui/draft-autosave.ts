/**
 * Keeps the popup's draft in session storage through the background, so closing the popup
 * loses nothing: each change is written once the user paused typing for `delayMs`.
 */
import { useEffect, useMemo } from 'preact/hooks';
import { sendToBackground } from '../messaging/channel';
import type { PopupDraft } from '../messaging/clipping';

export const DRAFT_DELAY_MS = 400;

export type DraftFields = Omit<PopupDraft, 'savedAt'>;

export interface DraftAutosave {
  /** Write this draft after the pause, replacing any write still waiting. */
  schedule(draft: DraftFields): void;
  /** Drop the write still waiting, if any. */
  cancel(): void;
  /** Forget the stored draft (the clip is in the outbox now). */
  clear(): void;
}

export function draftAutosave(
  delayMs = DRAFT_DELAY_MS,
  now: () => number = Date.now,
): DraftAutosave {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const send = (draft: PopupDraft | null) =>
    void sendToBackground('draft.set', { draft }).catch(() => undefined);
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    schedule(draft) {
      cancel();
      timer = setTimeout(() => {
        timer = undefined;
        send({ ...draft, savedAt: now() });
      }, delayMs);
    },
    cancel,
    clear() {
      cancel();
      send(null);
    },
  };
}

/**
 * Schedules a write whenever the draft's fields change while `keep` is true (the user edited
 * the clip); `keep` alone changing writes nothing. Closing the popup cancels a waiting write.
 */
export function useDraftAutosave(draft: DraftFields | null, keep: boolean): DraftAutosave {
  const saver = useMemo(() => draftAutosave(), []);
  const key = draft === null ? null : JSON.stringify(draft);
  useEffect(() => {
    if (draft === null || !keep) return;
    saver.schedule(draft);
    return () => saver.cancel();
  }, [key]);
  return saver;
}
