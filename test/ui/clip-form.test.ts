import { describe, expect, it } from 'vitest';
import {
  clipDraft,
  clipFormReducer,
  clipInvalid,
  clipKey,
  clipSubmission,
  initialClipForm,
  previewHint,
  type ClipFormAction,
  type ClipFormStart,
  type ClipFormState,
  type Extraction,
} from '../../lib/ui/clip-form';

const FOLDER = '11111111-1111-4111-8111-111111111111';
const OTHER_FOLDER = '22222222-2222-4222-8222-222222222222';
const PAGE = '44444444-4444-4444-8444-444444444444';
/** Local time, as the section's date is the user's calendar day. */
const NOW = new Date(2026, 10, 24, 9, 41);
const CLIP = '99999999-9999-4999-8999-999999999999';

const start: ClipFormStart = {
  mode: 'article',
  operation: 'append',
  lastDestination: null,
  recentPages: [],
};

function article(overrides: { title?: string; url?: string; body?: string } = {}): Extraction {
  const title = overrides.title ?? 'How rivers shape valleys';
  const body = overrides.body ?? 'Rivers carve valleys over time.';
  return {
    ok: true,
    tabId: 7,
    selectionAvailable: false,
    result: {
      mode: 'article',
      title,
      byline: null,
      siteName: null,
      published: null,
      excerpt: null,
      lang: 'en',
      wordCount: 5,
      url: overrides.url ?? 'https://example.com/rivers',
      isProbablyArticle: true,
      frontmatter: { title },
      body,
      markdown: `---\ntitle: ${title}\n---\n${body}`,
    },
  } as Extraction;
}

const failed: Extraction = {
  ok: false,
  tabId: 3,
  problem: { code: 'other', message: 'cannot run here', status: null },
};

const run = (state: ClipFormState, ...actions: ClipFormAction[]) =>
  actions.reduce(clipFormReducer, state);

describe('the clip form', () => {
  it('starts at the last destination: a folder, or a recent page inside its folder', () => {
    expect(
      initialClipForm({ ...start, lastDestination: { kind: 'folder', folderId: FOLDER } }),
    ).toMatchObject({ folderId: FOLDER, target: 'new', page: null, operation: 'append' });
    const toPage = initialClipForm({
      ...start,
      lastDestination: { kind: 'page', pageId: PAGE, operation: 'prepend' },
      recentPages: [{ id: PAGE, title: 'Journal', parentId: FOLDER }],
    });
    expect(toPage).toMatchObject({ folderId: FOLDER, target: 'existing', operation: 'prepend' });
    expect(toPage.page).toEqual({ id: PAGE, title: 'Journal', parentId: FOLDER, updatedAt: null });
    // A last page that is no longer among the recent ones falls back to a new page.
    const gone = initialClipForm({
      ...start,
      lastDestination: { kind: 'page', pageId: PAGE, operation: 'prepend' },
    });
    expect(gone).toMatchObject({ target: 'new', page: null, folderId: null });
  });

  it('fills title, mode and body from the extraction; an untitled page is named by its address', () => {
    const state = run(initialClipForm(start), {
      type: 'extracted',
      answer: article(),
      draft: null,
    });
    expect(state).toMatchObject({
      extracting: false,
      title: 'How rivers shape valleys',
      body: 'Rivers carve valleys over time.',
      edited: false,
    });
    const untitled = run(initialClipForm(start), {
      type: 'extracted',
      answer: article({ title: '' }),
      draft: null,
    });
    expect(untitled.title).toBe('https://example.com/rivers');
  });

  it('keeps a title typed before the extraction arrived', () => {
    const state = run(
      initialClipForm(start),
      { type: 'edited', field: 'title', value: 'Mine' },
      { type: 'extracted', answer: article(), draft: null },
    );
    expect(state.title).toBe('Mine');
    expect(state.body).toBe('Rivers carve valleys over time.');
  });

  it('fills the title when only the note was typed before the extraction arrived', () => {
    const state = run(
      initialClipForm(start),
      { type: 'edited', field: 'note', value: 'Worth rereading.' },
      { type: 'extracted', answer: article(), draft: null },
    );
    expect(state).toMatchObject({
      title: 'How rivers shape valleys',
      note: 'Worth rereading.',
      edited: true,
    });
  });

  it('brings back a draft of the same page, and ignores one of another page', () => {
    const draft = {
      url: 'https://example.com/rivers',
      title: 'Draft title',
      mode: 'full' as const,
      note: 'my note',
      body: 'edited body',
      quickNote: '',
      savedAt: 1,
    };
    const restored = run(initialClipForm(start), { type: 'extracted', answer: article(), draft });
    expect(restored).toMatchObject({
      title: 'Draft title',
      mode: 'full',
      note: 'my note',
      body: 'edited body',
      edited: true,
    });
    const other = run(initialClipForm(start), {
      type: 'extracted',
      answer: article(),
      draft: { ...draft, url: 'https://example.com/other' },
    });
    expect(other).toMatchObject({ title: 'How rivers shape valleys', edited: false });
  });

  it('offers the tab as a bookmark when nothing could be extracted, keeping what the user typed', () => {
    const tab = { title: 'Settings', url: 'https://example.com/a (b)' };
    const state = run(
      initialClipForm(start),
      { type: 'extracted', answer: failed, draft: null },
      { type: 'fallback', tab },
    );
    expect(state).toMatchObject({ mode: 'bookmark', title: 'Settings', fallback: tab });
    expect(state.body).toBe('[Settings](https://example.com/a%20%28b%29)\n');
    const typed = run(
      initialClipForm(start),
      { type: 'extracted', answer: failed, draft: null },
      { type: 'edited', field: 'title', value: 'Mine' },
      { type: 'edited', field: 'body', value: 'my words' },
      { type: 'fallback', tab },
    );
    expect(typed).toMatchObject({ title: 'Mine', body: 'my words' });
  });

  it('re-extracts on a mode change; the title is the user’s own only when it differs from the extracted one', () => {
    const extracted = run(initialClipForm(start), {
      type: 'extracted',
      answer: article(),
      draft: null,
    });
    const asked = run(extracted, { type: 'mode-requested', mode: 'full' });
    expect(asked).toMatchObject({ mode: 'full', extracting: true });
    const full = article({ title: 'Full page title', body: 'Everything on the page.' });
    expect(run(asked, { type: 'mode-extracted', mode: 'full', answer: full })).toMatchObject({
      mode: 'full',
      extracting: false,
      title: 'Full page title',
      body: 'Everything on the page.',
    });
    const renamed = run(
      extracted,
      { type: 'edited', field: 'title', value: 'Mine' },
      {
        type: 'mode-requested',
        mode: 'full',
      },
    );
    expect(run(renamed, { type: 'mode-extracted', mode: 'full', answer: full }).title).toBe('Mine');
    expect(run(asked, { type: 'mode-failed', mode: 'full' })).toMatchObject({
      mode: 'full',
      extracting: false,
      wanted: null,
    });
    // The answer for a mode the user already left behind changes nothing.
    const changed = run(asked, { type: 'mode-requested', mode: 'bookmark' });
    expect(run(changed, { type: 'mode-extracted', mode: 'full', answer: full })).toBe(changed);
    expect(run(changed, { type: 'mode-failed', mode: 'full' })).toBe(changed);
  });

  it('chooses Selection when the page has selected text, and the user can still switch', () => {
    const withSelection = { ...article(), selectionAvailable: true } as Extraction;
    const opened = run(initialClipForm(start), {
      type: 'extracted',
      answer: withSelection,
      draft: null,
    });
    expect(opened).toMatchObject({
      mode: 'selection',
      wanted: 'selection',
      extracting: true,
      title: 'How rivers shape valleys',
      body: '',
    });
    const selected = article({ body: 'Only the chosen words.' });
    const chosen = { ...selected, selectionAvailable: true } as Extraction;
    if (chosen.ok) chosen.result.mode = 'selection';
    const shown = run(opened, { type: 'mode-extracted', mode: 'selection', answer: chosen });
    expect(shown).toMatchObject({
      mode: 'selection',
      wanted: null,
      extracting: false,
      body: 'Only the chosen words.',
    });
    const switched = run(shown, { type: 'mode-requested', mode: 'article' });
    expect(switched).toMatchObject({ mode: 'article', wanted: 'article' });
    expect(
      run(switched, { type: 'mode-extracted', mode: 'article', answer: withSelection }),
    ).toMatchObject({ mode: 'article', wanted: null, body: 'Rivers carve valleys over time.' });

    // Without a selection, or already in Selection, nothing more is asked for.
    expect(
      run(initialClipForm(start), { type: 'extracted', answer: article(), draft: null }),
    ).toMatchObject({ mode: 'article', wanted: null, extracting: false });
    expect(
      run(initialClipForm(start), { type: 'extracted', answer: chosen, draft: null }),
    ).toMatchObject({ mode: 'selection', wanted: null, body: 'Only the chosen words.' });
  });

  it('keeps the mode of a draft of the same page even with text selected', () => {
    const withSelection = { ...article(), selectionAvailable: true } as Extraction;
    const draft = {
      url: 'https://example.com/rivers',
      title: 'Draft title',
      mode: 'full' as const,
      note: '',
      body: 'draft body',
      quickNote: '',
      savedAt: 1,
    };
    expect(
      run(initialClipForm(start), { type: 'extracted', answer: withSelection, draft }),
    ).toMatchObject({ mode: 'full', wanted: null, body: 'draft body' });
  });

  it('drops a chosen page when another folder is chosen', () => {
    const page = { id: PAGE, title: 'Journal', parentId: FOLDER, updatedAt: null };
    const chosen = run(initialClipForm(start), { type: 'page-chosen', page });
    expect(run(chosen, { type: 'folder-chosen', folderId: FOLDER }).page).toEqual(page);
    expect(run(chosen, { type: 'folder-chosen', folderId: OTHER_FOLDER })).toMatchObject({
      folderId: OTHER_FOLDER,
      page: null,
    });
  });

  it('refuses to save without a title, a page to add to, or anything to add', () => {
    const empty = initialClipForm(start);
    expect(clipInvalid(empty)).toEqual({ key: 'titleRequired' });
    expect(clipInvalid(run(empty, { type: 'target-chosen', target: 'existing' }))).toEqual({
      key: 'pageChoose',
    });
    const toPage = run(
      empty,
      { type: 'target-chosen', target: 'existing' },
      { type: 'page-chosen', page: { id: PAGE, title: 'J', parentId: null, updatedAt: null } },
    );
    expect(clipInvalid(toPage)).toEqual({ key: 'contentRequired' });
    expect(clipInvalid(run(toPage, { type: 'edited', field: 'note', value: 'a thought' }))).toBe(
      null,
    );
    const refused = run(empty, { type: 'refused', reason: { key: 'titleRequired' } });
    expect(refused.invalid).toEqual({ key: 'titleRequired' });
  });

  it('sends a new page with the extraction’s frontmatter kept, or an addition headed by the source link', () => {
    const state = run(
      initialClipForm(start),
      { type: 'extracted', answer: article(), draft: null },
      { type: 'edited', field: 'note', value: '  why I kept this  ' },
      { type: 'folder-chosen', folderId: FOLDER },
    );
    expect(clipSubmission(state, CLIP, 'Work', NOW)).toEqual({
      write: {
        kind: 'create-page',
        clipId: CLIP,
        title: 'How rivers shape valleys',
        markdown: '---\ntitle: How rivers shape valleys\n---\nRivers carve valleys over time.',
        parentId: FOLDER,
      },
      label: 'How rivers shape valleys',
      note: 'why I kept this',
      folderName: 'Work',
    });
    const addition = run(
      state,
      { type: 'target-chosen', target: 'existing' },
      {
        type: 'page-chosen',
        page: { id: PAGE, title: 'Journal', parentId: FOLDER, updatedAt: null },
      },
      { type: 'operation-chosen', operation: 'prepend' },
    );
    // The note belongs to the appended section, under its heading and source line.
    expect(clipSubmission(addition, CLIP, 'Work', NOW)).toEqual({
      write: {
        kind: 'add-to-page',
        clipId: CLIP,
        pageId: PAGE,
        operation: 'prepend',
        content:
          '## [How rivers shape valleys](https://example.com/rivers)\n\n*example.com · 2026-11-24*\n\nwhy I kept this\n\nRivers carve valleys over time.',
      },
      label: 'Journal',
      note: undefined,
      folderName: 'Work',
    });
  });

  it('knows a clip already handed over: the same content has the same key, any edit a new one', () => {
    const state = run(initialClipForm(start), {
      type: 'extracted',
      answer: article(),
      draft: null,
    });
    const sent = run(
      { ...state, edited: true, invalid: { key: 'titleRequired' } },
      { type: 'submitted', key: clipKey(state) },
    );
    expect(sent).toMatchObject({ submittedKey: clipKey(state), edited: false, invalid: null });
    expect(clipKey(sent)).toBe(sent.submittedKey);
    expect(clipKey(run(sent, { type: 'edited', field: 'body', value: 'x' }))).not.toBe(
      sent.submittedKey,
    );
    // Not taken by the outbox: the draft is kept again.
    expect(run(sent, { type: 'not-enqueued' }).edited).toBe(true);
  });

  it('keeps a draft only for an extracted page, and counts words', () => {
    expect(clipDraft(initialClipForm(start), 'q')).toBeNull();
    const state = run(initialClipForm(start), {
      type: 'extracted',
      answer: article(),
      draft: null,
    });
    expect(clipDraft(state, 'quick')).toEqual({
      url: 'https://example.com/rivers',
      title: 'How rivers shape valleys',
      mode: 'article',
      note: '',
      body: 'Rivers carve valleys over time.',
      quickNote: 'quick',
    });
  });

  it('says when the article came out empty, until another mode is chosen', () => {
    const extracting = initialClipForm(start);
    expect(previewHint(extracting)).toEqual({ key: 'extracting' });
    const found = run(extracting, { type: 'extracted', answer: article(), draft: null });
    expect(previewHint(found)).toEqual({ key: 'wordCount', count: 5 });
    const empty = run(extracting, {
      type: 'extracted',
      answer: article({ body: ' \n' }),
      draft: null,
    });
    expect(previewHint(empty)).toEqual({ key: 'articleNotFound' });
    // Typing a body of one's own does not make the page's article found.
    expect(previewHint(run(empty, { type: 'edited', field: 'body', value: 'Mine' }))).toEqual({
      key: 'articleNotFound',
    });
    const full = run(empty, { type: 'mode-requested', mode: 'full' });
    expect(previewHint(full)).toEqual({ key: 'extracting' });
    const fullAnswer = article({ body: 'The whole page.' });
    if (fullAnswer.ok) fullAnswer.result = { ...fullAnswer.result, mode: 'full' };
    const shown = run(full, { type: 'mode-extracted', mode: 'full', answer: fullAnswer });
    expect(previewHint(shown)).toEqual({ key: 'wordCount', count: 3 });
  });

  it('counts the words of the clip as edited as the extraction counts them', () => {
    const found = run(initialClipForm(start), {
      type: 'extracted',
      answer: article(),
      draft: null,
    });
    const count = (body: string) =>
      previewHint(run(found, { type: 'edited', field: 'body', value: body }));
    expect(count('  ')).toEqual({ key: 'wordCount', count: 0 });
    expect(count(' one  two\nthree ')).toEqual({ key: 'wordCount', count: 3 });
    // Chinese and Japanese: a word per character, not per space-separated run.
    expect(count('武汉的声音：有英勇的你')).toEqual({ key: 'wordCount', count: 10 });
    // A link's address is not words; its text is.
    expect(count('- See [the map](https://example.com/maps/valley_(north) "Map").')).toEqual({
      key: 'wordCount',
      count: 3,
    });
  });
});
