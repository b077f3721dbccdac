/**
 * A template whose destination is an existing page (`kind: 'page'`): the popup's template hook
 * finds the page by its folder path and exact title through the real background and the real
 * local service, the clip form points at it with the template's operation, and Save adds the
 * clip to that page instead of making a new one.
 *
 * The file runs in Node (the service helper needs real file URLs) with a happy-dom window
 * installed for the hook's rendering.
 */
import { Window } from 'happy-dom';
import { useReducer } from 'preact/hooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { ApiClient } from '../../lib/api';
import { connectWithToken } from '../../lib/background/connection';
import { createHandlers } from '../../lib/background/handlers';
import { templatesItem } from '../../lib/settings';
import type { Template } from '../../lib/templates/schema';
import { clipFormReducer, clipSubmission, initialClipForm } from '../../lib/ui/clip-form';
import { useClipTemplate } from '../../lib/ui/use-clip-template';
import type { PopupData } from '../../lib/ui/use-popup-data';
import {
  article,
  articleResult,
  installFakeBackground,
} from '../components/support/fake-background';
import { testBackground } from '../helpers/background-context';
import { startService, type RunningService } from '../helpers/service';

let service: RunningService;
let api: ApiClient;
let token: string;

let renderHook: typeof import('@testing-library/preact').renderHook;
let waitFor: typeof import('@testing-library/preact').waitFor;

beforeAll(async () => {
  const window = new Window({ url: 'https://popup.test/' });
  Object.assign(globalThis, { window, document: window.document });
  ({ renderHook, waitFor } = await import('@testing-library/preact'));
  service = await startService();
  token = await service.token();
  api = new ApiClient({ baseUrl: service.baseUrl, credential: { kind: 'token', token } });
});
afterAll(async () => {
  await service?.stop();
  const { window } = globalThis as unknown as { window?: Window };
  await window?.happyDOM.close();
  Reflect.deleteProperty(globalThis, 'window');
  Reflect.deleteProperty(globalThis, 'document');
});
beforeEach(() => {
  fakeBrowser.reset();
  // The local service's origin is granted, as on Connect.
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(async (p) =>
    (p.origins ?? []).every((o) => o.startsWith('http://127.0.0.1/')),
  );
});
afterEach(() => vi.restoreAllMocks());

const sender = { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/popup.html') };

async function background() {
  const ctx = testBackground();
  await connectWithToken(ctx, service.baseUrl, token);
  return { ctx, handlers: createHandlers(ctx) };
}

/** The popup's template requests, answered by the real background's handlers. */
function answerTemplateRequests(handlers: ReturnType<typeof createHandlers>): void {
  installFakeBackground({
    'templates.get': (d) => handlers['templates.get'](d, sender),
    'tags.list': (d) => handlers['tags.list'](d, sender),
    'pages.resolve': (d) => handlers['pages.resolve'](d, sender),
  });
}

describe('a template that adds to an existing page', () => {
  it('finds the page by folder and title, and Save appends the clip to it', async () => {
    const folder = await api.createFolder({ name: 'Journal', parentId: null });
    const log = await api.createPage({
      title: 'Reading log',
      markdown: '# Reading log\n\nEarlier entries.\n',
      parentId: folder.id,
    });
    // A page of the same title elsewhere must not be the one chosen.
    await api.createPage({ title: 'Reading log', markdown: 'elsewhere', parentId: null });
    const template: Template = {
      id: 'log',
      name: 'Reading log',
      destination: { kind: 'page', folder: 'Journal', page: 'Reading log', operation: 'append' },
      title: '{{title}}',
      properties: [],
      body: 'Read: {{title}}\n\n{{content}}',
      rules: [{ kind: 'url', pattern: 'example.com/rivers*' }],
    };
    // Connected after the folders exist: the folder tree it reads holds them.
    const { ctx, handlers } = await background();
    await templatesItem.setValue([template]);

    // The popup's requests go to the real handlers, held to the message contract.
    answerTemplateRequests(handlers);
    const { folders } = await handlers['folders.get']({ refresh: true }, sender);
    const data = { folders, foldersRefreshing: false } as PopupData;
    const start = initialClipForm({
      mode: 'article',
      operation: 'prepend',
      lastDestination: null,
      recentPages: [],
    });
    const { result } = renderHook(() => {
      const [form, update] = useReducer(clipFormReducer, start);
      const applied = useClipTemplate(form, update, data);
      return { form, update, applied };
    });
    result.current.update({ type: 'extracted', answer: article(), draft: null });

    await waitFor(() => expect(result.current.form.page?.id).toBe(log.id));
    const { form, applied } = result.current;
    expect(applied.template?.id).toBe('log');
    expect(applied.problem).toBeNull();
    expect(form).toMatchObject({ folderId: folder.id, target: 'existing', operation: 'append' });

    const submission = clipSubmission(form, crypto.randomUUID(), 'Journal', new Date(ctx.now()));
    expect(submission.write).toMatchObject({
      kind: 'add-to-page',
      pageId: log.id,
      operation: 'append',
    });
    const entry = await handlers['clip.submit']({ ...submission, ...applied.extra() }, sender);
    await ctx.outbox.waitFor(entry.id, 10_000);

    const stored = await api.getContent(log.id);
    expect(stored.markdown).toContain('Earlier entries.');
    expect(stored.markdown).toContain(`Read: ${articleResult().title}`);
    expect(stored.markdown.indexOf('Earlier entries.')).toBeLessThan(
      stored.markdown.indexOf('Read:'),
    );
    const pages = (await api.listPagesPage({ parentId: folder.id, limit: 100 })).data.filter(
      (p) => p.parentId === folder.id,
    );
    expect(pages.map((p) => p.title)).toEqual(['Reading log']);
  });

  it('names the page it could not find instead of choosing another', async () => {
    await api.createFolder({ name: 'Diary', parentId: null });
    const { handlers } = await background();
    await templatesItem.setValue([
      {
        id: 'missing',
        name: 'Missing page',
        destination: { kind: 'page', folder: 'Diary', page: 'No such page', operation: 'append' },
        title: '{{title}}',
        properties: [],
        body: '{{content}}',
        rules: [{ kind: 'url', pattern: 'example.com/rivers*' }],
      },
    ]);
    answerTemplateRequests(handlers);
    const { folders } = await handlers['folders.get']({ refresh: true }, sender);
    const data = { folders, foldersRefreshing: false } as PopupData;
    const start = initialClipForm({
      mode: 'article',
      operation: 'append',
      lastDestination: null,
      recentPages: [],
    });
    const { result } = renderHook(() => {
      const [form, update] = useReducer(clipFormReducer, start);
      return { form, update, applied: useClipTemplate(form, update, data) };
    });
    result.current.update({ type: 'extracted', answer: article(), draft: null });
    await waitFor(() =>
      expect(result.current.applied.problem).toEqual({ kind: 'page', page: 'No such page' }),
    );
    expect(result.current.form.target).toBe('new');
    expect(result.current.form.page).toBeNull();
  });

  it('waits for the folder refresh when the cached tree predates the folder', async () => {
    const { handlers } = await background();
    // The tree the popup has cached, read before the folder was made.
    const { folders: stale } = await handlers['folders.get']({ refresh: true }, sender);
    const pantry = await api.createFolder({ name: 'Pantry', parentId: null });
    const stews = await api.createFolder({ name: 'Stews', parentId: pantry.id });
    await templatesItem.setValue([
      {
        id: 'stews',
        name: 'Stews',
        destination: { kind: 'folder', folder: 'Pantry/Stews' },
        title: '{{title}}',
        properties: [],
        body: '{{content}}',
        rules: [{ kind: 'url', pattern: 'example.com/rivers*' }],
      },
    ]);
    answerTemplateRequests(handlers);
    let data = { folders: stale, foldersRefreshing: true } as PopupData;
    const start = initialClipForm({
      mode: 'article',
      operation: 'append',
      lastDestination: null,
      recentPages: [],
    });
    const { result, rerender } = renderHook(() => {
      const [form, update] = useReducer(clipFormReducer, start);
      return { form, update, applied: useClipTemplate(form, update, data) };
    });
    result.current.update({ type: 'extracted', answer: article(), draft: null });
    await waitFor(() => expect(result.current.applied.template?.id).toBe('stews'));
    expect(result.current.applied.problem).toBeNull();

    const { folders } = await handlers['folders.get']({ refresh: true }, sender);
    data = { folders, foldersRefreshing: false } as PopupData;
    rerender();
    await waitFor(() => expect(result.current.form.folderId).toBe(stews.id));
    expect(result.current.applied.problem).toBeNull();
  });
});
