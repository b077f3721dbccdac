/**
 * Runs the clip form (`clip-form.ts`) in the popup: the extraction started before the first
 * render, re-extraction on a mode change, the bookmark fallback, draft autosave and Save.
 */
import { useEffect, useReducer, useState } from 'preact/hooks';
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
import { useSave, type SubmitInput } from './use-save';
import { withKeptImages, withoutEmbedded } from './keep-images';

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
  /** What else the clip carries (a template's properties, tags), read at the click. */
  extra?: { current: (() => Partial<SubmitInput>) | null };
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
    void tabInfo(answer.tabId).then((tab) => dispatch({ type: 'fallback', tab }));
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

  // Every extraction after the first: a mode the user chose, or Selection for selected text.
  useEffect(() => {
    const mode = state.wanted;
    if (mode === null) return;
    let alive = true;
    const tabId = state.extraction?.tabId ?? undefined;
    sendToBackground('tab.extract', { mode, tabId }).then(
      (answer) => {
        if (!alive) return;
        dispatch({ type: 'mode-extracted', mode, answer });
        offerBookmark(answer);
      },
      () => alive && dispatch({ type: 'mode-failed', mode }),
    );
    return () => {
      alive = false;
    };
  }, [state.wanted]);

  const changeMode = (mode: ClipMode) => dispatch({ type: 'mode-requested', mode });

  const key = clipKey(state);
  // Once in the outbox, the same clip is not sent twice by a second Enter (a new clip id
  // would make it a second page); any edit makes it a new clip.
  const alreadySent =
    state.submittedKey === key &&
    save.state.phase === 'submitted' &&
    save.state.entry.status !== 'failed';
  // While the browser asks for image access, a second Save must not make a second clip.
  const [deciding, setDeciding] = useState(false);
  const canSave =
    save.state.phase !== 'saving' && state.extraction !== null && !alreadySent && !deciding;

  /** `keepImages`, when given, is called inside the click (it may ask for host access). */
  const submit = (keepImages?: () => Promise<boolean>) => {
    if (!canSave) return;
    const invalid = clipInvalid(state);
    if (invalid !== null) return dispatch({ type: 'refused', reason: invalid });
    const byId = new Map(data.folders.map((f) => [f.id, f]));
    const folderName =
      state.folderId === null ? t('folderRoot') : (folderPath(state.folderId, byId).at(-1) ?? '');
    const input = {
      ...clipSubmission(state, crypto.randomUUID(), folderName, new Date()),
      ...props.extra?.current?.(),
    };
    // A draft write still waiting must not bring the draft back once the outbox holds the clip.
    autosave.cancel();
    dispatch({ type: 'submitted', key });
    const decided = keepImages && input.write.kind === 'create-page' ? keepImages() : null;
    if (decided) setDeciding(true);
    const embedded = state.extraction?.ok ? (state.extraction.result.images ?? []) : [];
    const ready = decided
      ? decided
          .then((keep) => (keep ? withKeptImages(input, embedded) : withoutEmbedded(input)))
          .finally(() => setDeciding(false))
      : Promise.resolve(withoutEmbedded(input));
    void ready.then(save.submit).then((enqueued) => {
      if (enqueued) autosave.clear();
      else dispatch({ type: 'not-enqueued' });
    });
  };

  const update = (action: ClipFormAction) => dispatch(action);
  return { state, save, canSave, changeMode, submit, update };
}
