/**
 * A background worker for component tests: a real `runtime.onMessage` listener on fakeBrowser
 * that validates every request against `lib/messaging/requests.ts` (so the UI is held to the
 * contract) and answers from a scripted state the test can change, like the real one would.
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { EVENT_CHANNEL, MESSAGE_CHANNEL } from '../../../lib/messaging/channel';
import type { ConnectionState } from '../../../lib/messaging/connection';
import type { BackgroundEvent } from '../../../lib/messaging/events';
import type { PageSummary } from '../../../lib/messaging/library';
import type { Problem } from '../../../lib/messaging/problem';
import {
  type MessageType,
  type ParsedRequestOf,
  RequestSchemas,
  type ResponseOf,
} from '../../../lib/messaging/requests';
import type { OutboxEntryView } from '../../../lib/outbox/entry';

export const FOLDER_WORK = '11111111-1111-4111-8111-111111111111';
export const FOLDER_READING = '22222222-2222-4222-8222-222222222222';
export const FOLDER_RECIPES = '33333333-3333-4333-8333-333333333333';
export const PAGE_JOURNAL = '44444444-4444-4444-8444-444444444444';

type Handler<T extends MessageType> = (
  data: ParsedRequestOf<T>,
) => ResponseOf<T> | Promise<ResponseOf<T>>;
export type Handlers = { [T in MessageType]?: Handler<T> };

export class BackgroundProblem extends Error {
  constructor(readonly problem: Problem) {
    super(problem.message);
  }
}

export function connectedState(overrides: Partial<ConnectionState> = {}): ConnectionState {
  return {
    serviceUrl: 'http://127.0.0.1:8787/api/v1',
    originPattern: 'http://127.0.0.1:8787/*',
    permissionGranted: true,
    hasToken: true,
    user: { id: 'u1', email: 'demo@pageclip.local', name: 'Demo' },
    writeAccess: 'write',
    problem: null,
    signInPending: false,
    signInAccount: null,
    ...overrides,
  };
}

/** The extraction of the test article, as the extractor returns it. */
export function articleResult(): Extract<ResponseOf<'tab.extract'>, { ok: true }>['result'] {
  return {
    mode: 'article',
    title: 'How rivers shape valleys',
    byline: 'A. Writer',
    siteName: 'Example',
    published: null,
    excerpt: null,
    lang: 'en',
    wordCount: 6,
    url: 'https://example.com/rivers',
    isProbablyArticle: true,
    frontmatter: { title: 'How rivers shape valleys' },
    body: 'Rivers carve valleys over time.',
    markdown: '---\ntitle: How rivers shape valleys\n---\nRivers carve valleys over time.',
  } as Extract<ResponseOf<'tab.extract'>, { ok: true }>['result'];
}

export function article(
  overrides: Partial<ResponseOf<'tab.extract'> & { ok: true }> = {},
): ResponseOf<'tab.extract'> {
  return {
    ok: true,
    tabId: 7,
    selectionAvailable: false,
    result: articleResult(),
    ...overrides,
  } as ResponseOf<'tab.extract'>;
}

export function entry(overrides: Partial<OutboxEntryView> = {}): OutboxEntryView {
  const clipId = overrides.id ?? crypto.randomUUID();
  return {
    id: clipId,
    write: { kind: 'create-page', clipId, title: 'Queued page', markdown: 'x', parentId: null },
    status: 'queued',
    attempts: 0,
    createdAt: 0,
    nextAttemptAt: null,
    lastError: null,
    result: null,
    label: 'Queued page',
    replayWindowWarning: false,
    previousConnection: false,
    ...overrides,
  };
}

export interface FakeBackground {
  calls: { type: MessageType; data: unknown }[];
  handlers: Handlers;
  state: {
    connection: ConnectionState;
    folders: { id: string; name: string; parentId: string | null; permission: string | null }[];
    pages: Record<string, PageSummary[]>;
    outbox: OutboxEntryView[];
    recent: ResponseOf<'recent.get'>;
  };
  emit(event: BackgroundEvent): Promise<void>;
  callsOf<T extends MessageType>(type: T): ParsedRequestOf<T>[];
}

export function installFakeBackground(handlers: Handlers = {}): FakeBackground {
  const state: FakeBackground['state'] = {
    connection: connectedState(),
    folders: [
      { id: FOLDER_WORK, name: 'Work', parentId: null, permission: 'admin' },
      { id: FOLDER_READING, name: 'Reading', parentId: FOLDER_WORK, permission: 'admin' },
      { id: FOLDER_RECIPES, name: 'Recipes', parentId: null, permission: 'admin' },
    ],
    pages: {
      [FOLDER_READING]: [
        { id: PAGE_JOURNAL, title: 'Reading journal', parentId: FOLDER_READING, updatedAt: null },
      ],
    },
    outbox: [],
    recent: { folders: [], pages: [], lastDestination: null },
  };
  const defaults: Handlers = {
    'connection.get': () => state.connection,
    'folders.get': () => ({
      folders: [...state.folders],
      fetchedAt: 1,
      refreshing: false,
      problem: null,
    }),
    'folders.create': (data) => {
      const folder = {
        id: crypto.randomUUID(),
        name: data.name,
        parentId: data.parentId,
        permission: 'admin',
      };
      state.folders.push(folder);
      return folder;
    },
    'pages.list': (data) => ({
      pages: state.pages[data.parentId ?? 'root'] ?? [],
      fetchedAt: 1,
      complete: true,
      problem: null,
    }),
    'pages.search': (data) => ({
      pages: Object.values(state.pages)
        .flat()
        .filter((p) => p.title.toLowerCase().includes(data.query.toLowerCase())),
      problem: null,
    }),
    'recent.get': () => state.recent,
    'settings.get': () => ({
      serviceUrl: state.connection.serviceUrl,
      clipDefaults: {
        mode: 'article',
        operation: 'append',
        highlightTemplate: '> {{quote}}',
        inboxTitle: 'Inbox',
        noteSource: true,
      },
      pageLinkTemplate: '{origin}/view/pages/{id}',
    }),
    'inbox.get': () => ({
      pageId: null,
      title: 'Inbox',
      parentId: null,
      folderPath: [],
      chosen: false,
    }),
    'outbox.list': () => ({ entries: state.outbox }),
    'highlight.pending': () => ({ pending: null }),
    'draft.get': () => ({ draft: null }),
    'draft.set': () => ({ ok: true as const }),
    'tab.extract': () => article(),
    'known.lookup': () => ({ clip: null }),
    // Not on a website: the highlighter's destination choice stays hidden unless a test asks.
    'highlighter.destination': () => ({ site: null, clipped: false, chosen: null }),
  };
  const all: Handlers = { ...defaults, ...handlers };
  const calls: FakeBackground['calls'] = [];

  fakeBrowser.runtime.onMessage.addListener(((
    message: unknown,
    _sender: unknown,
    sendResponse: (r: unknown) => void,
  ) => {
    const envelope = message as { channel?: string; type?: MessageType; data?: unknown };
    if (envelope.channel !== MESSAGE_CHANNEL || !envelope.type) return undefined;
    const type = envelope.type;
    const schema = RequestSchemas[type];
    const parsed = schema.request.safeParse(envelope.data);
    calls.push({ type, data: envelope.data });
    void (async () => {
      if (!parsed.success)
        throw new BackgroundProblem({
          code: 'other',
          message: `invalid ${type}: ${parsed.error.message}`,
          status: null,
        });
      const handler = all[type] as Handler<typeof type> | undefined;
      if (!handler)
        throw new BackgroundProblem({
          code: 'other',
          message: `no handler for ${type}`,
          status: null,
        });
      return handler(parsed.data as never);
    })().then(
      (data) => sendResponse({ ok: true, data }),
      (error: unknown) =>
        sendResponse({
          ok: false,
          error:
            error instanceof BackgroundProblem
              ? error.problem
              : { code: 'other', message: String(error), status: null },
        }),
    );
    return true;
  }) as never);

  return {
    calls,
    handlers: all,
    state,
    async emit(event) {
      await fakeBrowser.runtime.onMessage.trigger(
        { channel: EVENT_CHANNEL, event },
        // Events count only from our own extension's pages (lib/messaging/channel.ts).
        { id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/background.js') },
        () => undefined,
      );
    },
    callsOf(type) {
      return calls.filter((c) => c.type === type).map((c) => schemaParse(type, c.data));
    },
  };
}

function schemaParse<T extends MessageType>(type: T, data: unknown): ParsedRequestOf<T> {
  return RequestSchemas[type].request.parse(data) as ParsedRequestOf<T>;
}
