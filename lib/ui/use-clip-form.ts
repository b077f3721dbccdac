/**
 * Runs the clip form (`clip-form.ts`) in the popup: the extraction started before the first
 * render, re-extraction on a mode change, the bookmark fallback, draft autosave and Save.
 */
import { useEffect, useReducer } from 'preact/hooks';
import { sendToBackground } from '../messaging/channel';
import type { ClipMode } from '../extract/result';
import type { PopupDraft } from '../messaging/clipping';
import {
  clipDraft,
  clipFormReducer,
  clipInvalid,
  clipKey,
  clipSubmission,
  initialClipForm,
  type ClipFormAction,
  type Extraction,
} from './clip-form';
import { useDraftAutosave } from './draft-autosave';
import { folderPath } from './folder-tree';
import { t } from './i18n';
import { tabInfo } from './tab-bookmark';
import type { PopupData } from './use-popup-data';
import { useSave } from './use-save';

function failedExtraction(error: unknown): Extraction {
  return {
    ok: false,
    tabId: null,
    problem: {
      code: 'other',
      message: error instanceof Error ? error.message : String(error),
      status: null,
    },
  };
}

export function useClipForm(props: {
  extraction: Promise<Extraction>;
  data: PopupData;
  draft: PopupDraft | null;
  quickNote: string;
}) {
  const { data } = props;
  const [state, dispatch] = useReducer(clipFormReducer, undefined, () =>
    initialClipForm({
      mode: data.settings.clipDefaults.mode,
      operation: data.settings.clipDefaults.operation,
      lastDestination: data.recent.lastDestination,
      recentPages: data.recent.pages,
    }),
  );
  const save = useSave(data.outbox);
  const autosave = useDraftAutosave(clipDraft(state, props.quickNote), state.edited);

  /** Nothing to extract here: offer the tab as a bookmark so the click still saves something. */
  const offerBookmark = (answer: Extraction) => {
    if (answer.ok) return;
    void tabInfo(answer.tabId).then((tab) => tab && dispatch({ type: 'fallback', tab }));
  };

  useEffect(() => {
    let alive = true;
    const arrived = (answer: Extraction, draft: PopupDraft | null) => {
      if (!alive) return;
      dispatch({ type: 'extracted', answer, draft });
      offerBookmark(answer);
    };
    props.extraction.then(
      (answer) => arrived(answer, props.draft),
      (error: unknown) => arrived(failedExtraction(error), null),
    );
    return () => {
      alive = false;
    };
    // The extraction was started once, before the first render (entrypoints/popup/main.tsx).
  }, []);

  const changeMode = (mode: ClipMode) => {
    dispatch({ type: 'mode-requested', mode });
    const tabId = state.extraction?.tabId ?? undefined;
    sendToBackground('tab.extract', { mode, tabId }).then(
      (answer) => {
        dispatch({ type: 'mode-extracted', mode, answer });
        offerBookmark(answer);
      },
      () => dispatch({ type: 'mode-failed' }),
    );
  };

  const key = clipKey(state);
  // Once in the outbox, the same clip is not sent twice by a second Enter (a new clip id
  // would make it a second page); any edit makes it a new clip.
  const alreadySent =
    state.submittedKey === key &&
    save.state.phase === 'submitted' &&
    save.state.entry.status !== 'failed';
  const canSave = save.state.phase !== 'saving' && state.extraction !== null && !alreadySent;

  const submit = () => {
    if (!canSave) return;
    const invalid = clipInvalid(state);
    if (invalid !== null) return dispatch({ type: 'refused', reason: invalid });
    const byId = new Map(data.folders.map((f) => [f.id, f]));
    const folderName =
      state.folderId === null ? t('folderRoot') : (folderPath(state.folderId, byId).at(-1) ?? '');
    const input = clipSubmission(state, crypto.randomUUID(), folderName);
    // A draft write still waiting must not bring the draft back once the outbox holds the clip.
    autosave.cancel();
    dispatch({ type: 'submitted', key });
    void save.submit(input).then((enqueued) => {
      if (enqueued) autosave.clear();
      else dispatch({ type: 'not-enqueued' });
    });
  };

  const update = (action: ClipFormAction) => dispatch(action);
  return { state, save, canSave, changeMode, submit, update };
}
