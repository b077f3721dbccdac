/**
 * Where highlights go, chosen from the popup's "Where highlights go" popover beside the
 * Highlight button: on a page without a clip, "Clip this page first" (the default) or a page the
 * user picks, remembered for the site by the background; on a page with a clip, its clip. The
 * state as a pure reducer, and the hook that asks the background and records the choice.
 */
import { useEffect, useReducer } from 'preact/hooks';
import { sendToBackground } from '../messaging/channel';
import type { HighlightSitePage } from '../messaging/highlighter-requests';
import type { PageSummary } from '../messaging/library';
import type { ResponseOf } from '../messaging/requests';
import type { Extraction } from './clip-form';

export type DestinationMode = 'clip' | 'page';

export interface ReadyDestination {
  phase: 'ready';
  url: string;
  site: string;
  /** The page has a clip (or one is being saved): its highlights go there, nothing to choose. */
  clipped: boolean;
  chosen: HighlightSitePage | null;
  /** The popover is open. */
  open: boolean;
  /** The folder and page pickers are shown. */
  picking: boolean;
  folderId: string | null;
  busy: boolean;
  error: string | null;
}

export type DestinationState =
  | { phase: 'loading' }
  /** The page is on no website, or nobody could tell: no choice is offered. */
  | { phase: 'hidden' }
  | ReadyDestination;

export type DestinationAction =
  | { type: 'loaded'; url: string; answer: ResponseOf<'highlighter.destination'> | null }
  | { type: 'toggle' }
  | { type: 'close' }
  | { type: 'mode'; mode: DestinationMode }
  | { type: 'folder'; id: string | null }
  | { type: 'sending' }
  | { type: 'chosen'; chosen: HighlightSitePage | null }
  | { type: 'failed'; message: string };

export function destinationReducer(
  state: DestinationState,
  action: DestinationAction,
): DestinationState {
  if (action.type === 'loaded') {
    const { answer } = action;
    if (!answer || answer.site === null) return { phase: 'hidden' };
    return {
      phase: 'ready',
      url: action.url,
      site: answer.site,
      clipped: answer.clipped,
      chosen: answer.chosen,
      open: false,
      picking: false,
      folderId: null,
      busy: false,
      error: null,
    };
  }
  if (state.phase !== 'ready') return state;
  switch (action.type) {
    case 'toggle':
      return { ...state, open: !state.open, picking: false, error: null };
    case 'close':
      return { ...state, open: false, picking: false, error: null };
    case 'mode':
      if (state.clipped) return state;
      return action.mode === 'page'
        ? { ...state, picking: true, error: null }
        : { ...state, picking: false, error: null };
    case 'folder':
      return { ...state, folderId: action.id };
    case 'sending':
      return { ...state, busy: true, error: null };
    case 'chosen':
      return { ...state, chosen: action.chosen, picking: false, busy: false, error: null };
    case 'failed':
      return { ...state, busy: false, error: action.message };
  }
}

/** The option shown as selected: a page once one is chosen or being picked. */
export function destinationMode(state: ReadyDestination): DestinationMode {
  return state.chosen !== null || state.picking ? 'page' : 'clip';
}

/** The page the tab's highlights go to instead of a clip made first, if any. */
export function rememberedPage(state: DestinationState): HighlightSitePage | null {
  return state.phase === 'ready' && !state.clipped ? state.chosen : null;
}

/** What a pick sends: the page's id and its title as the service gave it. */
export function sitePageOf(page: Pick<PageSummary, 'id' | 'title'>): HighlightSitePage {
  return { pageId: page.id, title: page.title.slice(0, 500) || page.id };
}

export function useHighlightDestination(extraction: Promise<Extraction>) {
  const [state, dispatch] = useReducer(destinationReducer, { phase: 'loading' });

  useEffect(() => {
    let alive = true;
    extraction
      .then(async (answer) => {
        if (!answer.ok) return alive && dispatch({ type: 'loaded', url: '', answer: null });
        const { url, title, canonical } = answer.result;
        const found = await sendToBackground('highlighter.destination', {
          url,
          title,
          ...(canonical ? { canonical } : {}),
        });
        if (alive) dispatch({ type: 'loaded', url, answer: found });
      })
      .catch(() => alive && dispatch({ type: 'loaded', url: '', answer: null }));
    return () => {
      alive = false;
    };
  }, [extraction]);

  const choose = (page: HighlightSitePage | null): void => {
    if (state.phase !== 'ready') return;
    dispatch({ type: 'sending' });
    sendToBackground('highlighter.chooseDestination', { url: state.url, page })
      .then((answer) => dispatch({ type: 'chosen', chosen: answer.chosen }))
      .catch((error: unknown) =>
        dispatch({
          type: 'failed',
          message: error instanceof Error ? error.message : String(error),
        }),
      );
  };

  const setMode = (mode: DestinationMode): void => {
    dispatch({ type: 'mode', mode });
    // Back to the default: the site's page is forgotten, as "Forget for <site>" does.
    if (mode === 'clip' && state.phase === 'ready' && state.chosen) choose(null);
  };

  return {
    state,
    toggle: () => dispatch({ type: 'toggle' }),
    close: () => dispatch({ type: 'close' }),
    setMode,
    setFolder: (id: string | null) => dispatch({ type: 'folder', id }),
    pick: (page: PageSummary) => choose(sitePageOf(page)),
    forget: () => choose(null),
  };
}
