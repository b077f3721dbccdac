/**
 * The clip form's state and every change to it, as pure transitions: what the extraction
 * fills in, what an edit, a mode change or a destination change does, when the form is
 * ready to save and what it sends. `use-clip-form.ts` runs it in the popup.
 */
import type { ClipMode } from '../extract/result';
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
  /** The tab as a bookmark, when nothing could be extracted from it. */
  fallback: TabInfo | null;
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
  /** The user changed the clip: a new extraction keeps their title, and the draft is kept. */
  edited: boolean;
  /** The clip last handed to the outbox (`clipKey`), so a second Enter does not send it again. */
  submittedKey: string | null;
}

/** A message to show with `t(key)`. */
export interface Refusal {
  key: MessageKey;
}

export type ClipFormAction =
  | { type: 'extracted'; answer: Extraction; draft: PopupDraft | null }
  | { type: 'fallback'; tab: TabInfo }
  | { type: 'edited'; field: 'title' | 'note' | 'body'; value: string }
  | { type: 'mode-requested'; mode: ClipMode }
  | { type: 'mode-extracted'; mode: ClipMode; answer: Extraction }
  | { type: 'mode-failed' }
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
    fallback: null,
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
    return { ...next, edited: true, title, mode, note, body };
  }
  return {
    ...next,
    mode: result.mode,
    // An untitled page is named by its address, as the browser's tab strip does.
    title: state.edited ? state.title : result.title || result.url,
    body: result.body,
  };
}

export function clipFormReducer(state: ClipFormState, action: ClipFormAction): ClipFormState {
  switch (action.type) {
    case 'extracted':
      return applyExtraction(state, action.answer, action.draft);
    case 'fallback':
      return {
        ...state,
        fallback: action.tab,
        mode: 'bookmark',
        title: state.edited ? state.title : action.tab.title,
        body: state.body.trim() === '' ? bookmarkMarkdown(action.tab) : state.body,
      };
    case 'edited':
      return { ...state, edited: true, [action.field]: action.value };
    case 'mode-requested':
      return { ...state, mode: action.mode, extracting: true };
    case 'mode-extracted': {
      // The title counts as the user's own only when it differs from the extracted one.
      const extracted = state.extraction?.ok ? state.extraction.result.title : '';
      const edited = state.title !== extracted;
      return { ...applyExtraction({ ...state, edited }, action.answer, null), mode: action.mode };
    }
    case 'mode-failed':
      return { ...state, extracting: false };
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
    },
    { folderId, target, pageId: page?.id ?? null, operation },
  );
  const label = target === 'existing' && page ? page.title : title.trim();
  return { write, label, note: note.trim() === '' ? undefined : note.trim(), folderName };
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

export function wordCount(body: string): number {
  return body.trim() === '' ? 0 : body.trim().split(/\s+/).length;
}
