/**
 * The save button's life: submit a write to the background (which records it in the outbox
 * before anything is sent), then follow that outbox entry until the service confirmed it or
 * it failed. "Saved" is shown only for a `saved` entry; while it is not, "Queued".
 */
import { useCallback, useContext, useEffect, useRef, useState } from 'preact/hooks';
import { MessageError, sendToBackground } from '../messaging/channel';
import type { Problem } from '../messaging/problem';
import type { RequestOf } from '../messaging/requests';
import type { OutboxEntryView } from '../outbox/entry';
import type { WriteRequest } from '../write-request';
import { ShownEntriesContext } from './shown-entries';

export type SaveState =
  | { phase: 'idle' }
  /** `id`: the clip id minted at the click, so its outbox entry is known before the answer. */
  | { phase: 'saving'; id: string }
  | { phase: 'submitted'; entry: OutboxEntryView }
  | { phase: 'error'; problem: Problem };

/**
 * The longest the first answer waits for the first attempt's outcome. The background answers as
 * soon as there is one (saved, failed, or waiting after a connection failure), so this bounds
 * only a slow service's answer; then the popup says "Queued" and keeps following.
 */
const FIRST_WAIT_MS = 2_500;
/** Afterwards, keep asking while the popup is open. */
const FOLLOW_WAIT_MS = 10_000;

export interface SubmitInput {
  write: WriteRequest;
  label: string;
  note?: string;
  folderName?: string;
  /** A template's typed properties and the clip's tags (docs/templates.md). */
  properties?: RequestOf<'clip.submit'>['properties'];
  tags?: string[];
}

function toProblem(error: unknown): Problem {
  if (error instanceof MessageError)
    return { code: error.code, message: error.message, status: error.status };
  return {
    code: 'other',
    message: error instanceof Error ? error.message : String(error),
    status: null,
  };
}

const final = (entry: OutboxEntryView) => entry.status === 'saved' || entry.status === 'failed';

/** The outbox entry this save's feedback shows (the outbox list leaves it out), or null. */
export function shownEntryId(state: SaveState): string | null {
  if (state.phase === 'saving') return state.id;
  return state.phase === 'submitted' ? state.entry.id : null;
}

export function useSave(outbox: OutboxEntryView[]) {
  const [state, setState] = useState<SaveState>({ phase: 'idle' });
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const follow = useCallback(async (id: string) => {
    while (alive.current) {
      let entry: OutboxEntryView;
      try {
        entry = await sendToBackground('outbox.wait', { id, timeoutMs: FOLLOW_WAIT_MS });
      } catch {
        return; // the entry is still in the outbox; the list below the form shows it
      }
      if (!alive.current) return;
      setState((current) =>
        current.phase === 'submitted' && current.entry.id === id
          ? { phase: 'submitted', entry }
          : current,
      );
      if (final(entry)) return;
    }
  }, []);

  const send = useCallback(
    /** Resolves true once the outbox holds the write (whatever its delivery), false if it does not. */
    async (id: string, enqueue: () => Promise<OutboxEntryView>): Promise<boolean> => {
      setState({ phase: 'saving', id });
      try {
        const entry = await enqueue();
        if (!alive.current) return true;
        setState({ phase: 'submitted', entry });
        if (!final(entry)) void follow(entry.id);
        return true;
      } catch (error) {
        if (alive.current) setState({ phase: 'error', problem: toProblem(error) });
        return false;
      }
    },
    [follow],
  );
  const submit = useCallback(
    (input: SubmitInput) =>
      send(input.write.clipId, () =>
        sendToBackground('clip.submit', { ...input, waitMs: FIRST_WAIT_MS }),
      ),
    [send],
  );
  /** A quick note for the Inbox: the background writes its markdown and picks the page. */
  const submitNote = useCallback(
    (input: RequestOf<'note.submit'>) =>
      send(input.clipId, () =>
        sendToBackground('note.submit', { ...input, waitMs: FIRST_WAIT_MS }),
      ),
    [send],
  );

  const retry = useCallback(async () => {
    if (state.phase !== 'submitted') return;
    const id = state.entry.id;
    setState({ phase: 'submitted', entry: { ...state.entry, status: 'sending', lastError: null } });
    try {
      await sendToBackground('outbox.retry', { id });
      await follow(id);
    } catch (error) {
      if (alive.current) setState({ phase: 'error', problem: toProblem(error) });
    }
  }, [state, follow]);

  // Outbox pushes from the background update the entry too (e.g. a queued clip delivered later).
  const pushed =
    state.phase === 'submitted' ? outbox.find((e) => e.id === state.entry.id) : undefined;
  const current: SaveState =
    state.phase === 'submitted' && pushed && !final(state.entry)
      ? { phase: 'submitted', entry: pushed }
      : state;

  // From the click on, the feedback shows this clip: the outbox list must not show it again.
  const report = useContext(ShownEntriesContext);
  const owner = useRef({}).current;
  const shownId = shownEntryId(current);
  useEffect(() => {
    report(owner, shownId);
  }, [report, owner, shownId]);
  useEffect(() => () => report(owner, null), [report, owner]);

  const reset = useCallback(() => setState({ phase: 'idle' }), []);
  return { state: current, submit, submitNote, retry, reset };
}
