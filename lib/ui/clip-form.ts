/**
 * The clip form's state and every change to it, as pure transitions: what the extraction
 * fills in, what an edit, a mode change or a destination change does, when the form is
 * ready to save and what it sends. `use-clip-form.ts` runs it in the popup.
 */
import type { ClipMode } from '../extract/result';
import { countWords } from '../extract/word-count';
import type { PageSummary } from '../messaging/library';
import type { PopupDraft } from '../messaging/clipping';
import type { ResponseOf } from '../messaging/requests';
import { clipWrite, frontmatterBlock, type Operation, type Target } from './compose';
import type { MessageKey } from './i18n';
import { bookmarkMarkdown, type TabInfo } from './tab-bookmark';
import type { SubmitInput } from './use-save';

export type Extraction = ResponseOf<'tab.extract'>;

export interface ClipFormState {
  /** The latest extraction answer; null until the first one arrived. */
  extraction: Extraction | null;
  extracting: boolean;
  /** A mode whose extraction the form waits for: the hook asks the background for it. */
  wanted: ClipMode | null;
  /** The tab as a bookmark, when nothing could be extracted from it. */
  fallback: TabInfo | null;
  /** Nothing could be extracted and the browser did not tell the tab's address either. */
  fallbackMissing: boolean;
  mode: ClipMode;
  title: string;
  note: string;
  body: string;
  folderId: string | null;
  target: Target;
  page: PageSummary | null;
  operation: Operation;
  /** Why the last Save was refused. */
  invalid: Refusal | null;
  /** The user changed the clip (any field): the draft is kept. */
  edited: boolean;
  /**
   * The title is the user's own: a new extraction keeps it. Tracked apart from `edited`, since a
   * note typed while the extraction is still running must not freeze the empty title.
   */
  titleEdited: boolean;
  /** The clip last handed to the outbox (`clipKey`), so a second Enter does not send it again. */
  submittedKey: string | null;
}

/** A message to show with `t(key)`. */
export interface Refusal {
  key: MessageKey;
}

export type ClipFormAction =
  | { type: 'extracted'; answer: Extraction; draft: PopupDraft | null }
  | { type: 'fallback'; tab: TabInfo | null }
  | { type: 'edited'; field: 'title' | 'note' | 'body'; value: string }
  /** A template applied (docs/templates.md): its title and body layout, not the user's edit. */
  | { type: 'template-applied'; title: string; body: string }
  | { type: 'mode-requested'; mode: ClipMode }
  | { type: 'mode-extracted'; mode: ClipMode; answer: Extraction }
  | { type: 'mode-failed'; mode: ClipMode }
  | { type: 'folder-chosen'; folderId: string | null }
  | { type: 'target-chosen'; target: Target }
  | { type: 'page-chosen'; page: PageSummary | null }
  | { type: 'operation-chosen'; operation: Operation }
  | { type: 'refused'; reason: Refusal }
  | { type: 'submitted'; key: string }
  | { type: 'not-enqueued' };

/** The recent destinations and defaults a new clip starts from. */
export interface ClipFormStart {
  mode: ClipMode;
  operation: Operation;
  lastDestination:
    | { kind: 'folder'; folderId: string | null }
    | { kind: 'page'; pageId: string; operation: Operation }
    | null;
  recentPages: { id: string; title: string; parentId: string | null }[];
}

export function initialClipForm(start: ClipFormStart): ClipFormState {
  const last = start.lastDestination;
  const lastPage =
    last?.kind === 'page' ? start.recentPages.find((p) => p.id === last.pageId) : undefined;
  return {
    extraction: null,
    extracting: true,
    wanted: null,
    fallback: null,
    fallbackMissing: false,
    mode: start.mode,
    title: '',
    note: '',
    body: '',
    folderId: last?.kind === 'folder' ? last.folderId : (lastPage?.parentId ?? null),
    target: last?.kind === 'page' && lastPage ? 'existing' : 'new',
    page: lastPage
      ? { id: lastPage.id, title: lastPage.title, parentId: lastPage.parentId, updatedAt: null }
      : null,
    operation: last?.kind === 'page' ? last.operation : start.operation,
    invalid: null,
    edited: false,
    titleEdited: false,
    submittedKey: null,
  };
}

/** An extraction answer arrives: fill the form, unless a draft for the same page comes back. */
function applyExtraction(
  state: ClipFormState,
  answer: Extraction,
  draft: PopupDraft | null,
): ClipFormState {
  const next = { ...state, extraction: answer, extracting: false };
  // Nothing extracted: the tab is offered as a bookmark once its title and address are read.
  if (!answer.ok) return next;
  const { result } = answer;
  if (draft && draft.url === result.url) {
    const { title, mode, note, body } = draft;
    return { ...next, edited: true, titleEdited: title !== result.title, title, mode, note, body };
  }
  // An untitled page is named by its address, as the browser's tab strip does.
  const title = state.titleEdited ? state.title : result.title || result.url;
  return { ...next, mode: result.mode, title, body: result.body };
}

/**
 * The first extraction: text selected on the page means the user wants that text, so the
 * form switches to Selection (and waits for it) whatever the default mode is. A draft of the
 * same page keeps its own mode; the user can still choose another one.
 */
function applyFirstExtraction(
  state: ClipFormState,
  answer: Extraction,
  draft: PopupDraft | null,
): ClipFormState {
  const next = applyExtraction(state, answer, draft);
  const restored = answer.ok && draft !== null && draft.url === answer.result.url;
  if (!answer.ok || restored || !answer.selectionAvailable || answer.result.mode === 'selection')
    return next;
  // The body of another mode is not shown: it would flash before the selection replaces it.
  return { ...next, mode: 'selection', body: '', extracting: true, wanted: 'selection' };
}

export function clipFormReducer(state: ClipFormState, action: ClipFormAction): ClipFormState {
  switch (action.type) {
    case 'extracted':
      return applyFirstExtraction(state, action.answer, action.draft);
    case 'fallback':
      if (action.tab === null) return { ...state, fallbackMissing: true };
      return {
        ...state,
        fallback: action.tab,
        mode: 'bookmark',
        title: state.titleEdited ? state.title : action.tab.title,
        body: state.body.trim() === '' ? bookmarkMarkdown(action.tab) : state.body,
      };
    case 'edited':
      return {
        ...state,
        edited: true,
        titleEdited: state.titleEdited || action.field === 'title',
        [action.field]: action.value,
      };
    case 'template-applied':
      return { ...state, title: action.title, body: action.body };
    case 'mode-requested':
      return { ...state, mode: action.mode, extracting: true, wanted: action.mode };
    case 'mode-extracted': {
      // An answer for a mode the user has since left is not shown.
      if (action.mode !== state.wanted) return state;
      // The title counts as the user's own only when it differs from the extracted one.
      const extracted = state.extraction?.ok ? state.extraction.result.title : '';
      const titleEdited = state.title !== extracted;
      const next = applyExtraction({ ...state, titleEdited }, action.answer, null);
      return { ...next, mode: action.mode, wanted: null };
    }
    case 'mode-failed':
      return action.mode !== state.wanted ? state : { ...state, extracting: false, wanted: null };
    case 'folder-chosen':
      return {
        ...state,
        folderId: action.folderId,
        // A page chosen in another folder is no longer where the clip goes.
        page: state.page && state.page.parentId !== action.folderId ? null : state.page,
      };
    case 'target-chosen':
      return { ...state, target: action.target };
    case 'page-chosen':
      return { ...state, page: action.page };
    case 'operation-chosen':
      return { ...state, operation: action.operation };
    case 'refused':
      return { ...state, invalid: action.reason };
    case 'submitted':
      return { ...state, invalid: null, edited: false, submittedKey: action.key };
    case 'not-enqueued':
      // Not in the outbox: the draft stays the only copy, so it is kept again.
      return { ...state, edited: true };
  }
}

/** The clip as it would be sent: any edit makes it a different clip (a new clip id). */
export function clipKey(state: ClipFormState): string {
  const { title, note, body, folderId, target, page, operation } = state;
  return JSON.stringify([title, note, body, folderId, target, page?.id, operation]);
}

/** Why the form cannot be saved as it is, or null. */
export function clipInvalid(state: ClipFormState): Refusal | null {
  if (state.target === 'new' && state.title.trim() === '') return { key: 'titleRequired' };
  if (state.target === 'existing' && state.page === null) return { key: 'pageChoose' };
  if (state.body.trim() === '' && state.note.trim() === '' && state.target === 'existing')
    return { key: 'contentRequired' };
  return null;
}

/** What the background receives for this clip, with the id minted at the click. */
export function clipSubmission(
  state: ClipFormState,
  clipId: string,
  folderName: string,
  now: Date,
): SubmitInput {
  const result = state.extraction?.ok ? state.extraction.result : null;
  const { title, note, body, folderId, target, page, operation } = state;
  const write = clipWrite(
    clipId,
    {
      title,
      url: result?.url ?? state.fallback?.url ?? '',
      frontmatter: result ? frontmatterBlock(result) : '',
      body,
      note,
    },
    { folderId, target, pageId: page?.id ?? null, operation },
    now,
  );
  const label = target === 'existing' && page ? page.title : title.trim();
  // An appended section carries the note itself; a new page gets it on top from the background.
  const topNote = write.kind === 'create-page' && note.trim() !== '' ? note.trim() : undefined;
  return { write, label, note: topNote, folderName };
}

/** The draft kept in session storage while the user edits, or null when there is nothing to keep. */
export function clipDraft(
  state: ClipFormState,
  quickNote: string,
): Omit<PopupDraft, 'savedAt'> | null {
  const url = state.extraction?.ok ? state.extraction.result.url : null;
  if (url === null) return null;
  const { title, mode, note, body } = state;
  return { url, title, mode, note, body, quickNote };
}

/**
 * The preview's footer: progress, the clip's words, or that the article came out empty (a
 * page of forms, a post too short for the reader's heuristics), so an empty clip is not saved
 * unawares and the user knows Full page or a selection is the way to clip this page.
 */
export type PreviewHint =
  { key: 'extracting' } | { key: 'wordCount'; count: number } | { key: 'articleNotFound' };

export function previewHint(state: ClipFormState): PreviewHint {
  if (state.extracting) return { key: 'extracting' };
  const extracted = state.extraction?.ok ? state.extraction.result : null;
  if (state.mode === 'article' && extracted?.mode === 'article' && extracted.body.trim() === '')
    return { key: 'articleNotFound' };
  // The clip as edited, counted as the extraction counts its words.
  return { key: 'wordCount', count: countWords(state.body) };
}
