/**
 * The on-page highlighter, background side. `startHighlighter` injects `highlighter.js` into a
 * tab (the popup's button, the context menu and the shortcut each grant `activeTab`) and calls
 * it with a fresh id; on sites whose access the user granted the script also loads with the
 * page (`highlighter-autoload.ts`). Its port is accepted only from our script in the tab's top
 * frame, with an id injected into that tab, or without one on a granted site; every message is
 * parsed with zod. The page's highlights are read from the service (so another browser's
 * appear too) and each change goes through the outbox as a `highlight-page` write.
 */
import { browser, type Browser } from 'wxt/browser';
import { readHighlights } from '../clip-markdown/highlights-section';
import type { StoredHighlight } from '../clip-markdown/highlight-record';
import type { HighlightChange } from '../clip-markdown/highlight-schema';
import {
  HIGHLIGHTER_PORT,
  HighlighterMessageSchema,
  type HighlighterInit,
  type HighlighterMode,
  type HighlighterUpdate,
} from '../messaging/highlighter';
import type { OutboxEntry } from '../outbox/entry';
import { currentClient } from './client';
import type { BackgroundContext } from './context';
import { hostGranted } from './highlighter-autoload';
import { highlighterLabels } from './highlighter-labels';
import {
  clipPageFirst,
  findHighlightPage,
  type HighlightPage,
  type OpenPage,
} from './highlighter-target';
import { t } from './i18n';

type Port = Browser.runtime.Port;

interface Session {
  port: Port;
  tabId: number;
  page: OpenPage;
  target: HighlightPage | null;
  /** The first highlight's clip of the page, while it is being saved. */
  creating: Promise<HighlightPage | null> | null;
  /** Changes are sent in the order the user made them. */
  queue: Promise<unknown>;
}

/** Ids injected by this worker, by id: the tab and the mode asked for. */
const injected = new Map<string, { tabId: number; mode: HighlighterMode }>();
const sessions = new Map<number, Session>();
const FORGET_AFTER_MS = 10 * 60_000;
/** How long a change's status waits for the service before saying it is queued. */
const STATUS_WAIT_MS = 15_000;

const post = (port: Port, update: HighlighterUpdate): void => {
  try {
    port.postMessage(update);
  } catch {
    // The page went away: its disconnect cleans up.
  }
};

/** Highlighter mode on (or just drawing) in a tab; false when the page cannot be scripted. */
export async function startHighlighter(
  ctx: BackgroundContext,
  tabId: number,
  mode: HighlighterMode,
): Promise<boolean> {
  const live = sessions.get(tabId);
  if (live) {
    // Drawing is what a live highlighter does already; turning the mode on is news to it.
    if (mode === 'on') post(live.port, { type: 'mode', mode });
    return true;
  }
  const id = ctx.randomId();
  injected.set(id, { tabId, mode });
  setTimeout(() => injected.delete(id), FORGET_AFTER_MS);
  const init: HighlighterInit = { id, mode };
  try {
    await browser.scripting.executeScript({
      target: { tabId, frameIds: [0] },
      files: ['/highlighter.js'],
    });
    await browser.scripting.executeScript({
      target: { tabId, frameIds: [0] },
      func: (options: unknown) =>
        (
          globalThis as unknown as { __pageclipHighlighter: (o: unknown) => void }
        ).__pageclipHighlighter(options),
      args: [init],
    });
    return true;
  } catch {
    injected.delete(id);
    return false;
  }
}

/** The canonical address a page declares, used only when it is on the page's own origin. */
function sameOriginCanonical(url: string, canonical: string | undefined): string | undefined {
  if (!canonical) return undefined;
  try {
    return new URL(canonical).origin === new URL(url).origin ? canonical : undefined;
  } catch {
    return undefined;
  }
}

async function loadHighlights(
  ctx: BackgroundContext,
  target: HighlightPage | null,
): Promise<StoredHighlight[]> {
  if (!target) return [];
  const client = await currentClient(ctx);
  if (!client) return [];
  const { markdown } = await client.getContent(target.pageId);
  return readHighlights(markdown).highlights.map(({ id, color, selectors, note }) => ({
    id,
    color,
    selectors,
    note,
  }));
}

function statusOf(entry: OutboxEntry, title: string): HighlighterUpdate {
  if (entry.status === 'saved')
    return { type: 'status', tone: 'done', text: t('highlighterSaved', 'Saved in “$1”', [title]) };
  if (entry.status === 'failed')
    return {
      type: 'status',
      tone: 'problem',
      text: entry.lastError?.message ?? t('highlighterFailed', 'Not saved'),
    };
  return {
    type: 'status',
    tone: 'progress',
    text: t('highlighterQueued', 'Queued: it will be saved when the service is reachable'),
  };
}

async function write(ctx: BackgroundContext, s: Session, change: HighlightChange): Promise<void> {
  let target = s.target ?? (s.creating ? await s.creating : null);
  if (!target) {
    if (change.action !== 'add') return;
    post(s.port, {
      type: 'status',
      tone: 'progress',
      text: t('highlighterClipping', 'Clipping the page…'),
    });
    s.creating = clipPageFirst(ctx, s.tabId, s.page.url, change.highlight).then((first) => {
      if (!first.ok) {
        post(s.port, { type: 'status', tone: 'problem', text: first.message });
        return null;
      }
      post(s.port, statusOf(first.entry, first.title));
      return first.entry.result ? { pageId: first.entry.result.pageId, title: first.title } : null;
    });
    s.target = await s.creating;
    s.creating = null;
    return;
  }
  target = s.target ?? target;
  s.target = target;
  post(s.port, { type: 'status', tone: 'progress', text: t('highlighterSaving', 'Saving…') });
  const entry = await ctx.outbox.enqueue(
    {
      kind: 'highlight-page',
      clipId: ctx.randomId(),
      pageId: target.pageId,
      pageUrl: s.page.url,
      change,
    },
    target.title,
  );
  void ctx.outbox.flush().catch(() => undefined);
  post(
    s.port,
    statusOf(await ctx.outbox.waitFor(entry.id, STATUS_WAIT_MS, 'answered'), target.title),
  );
}

/** `runtime.onConnect`: the highlighter's port, checked before anything is read from it. */
export function onHighlighterConnect(ctx: BackgroundContext, port: Port): void {
  if (port.name !== HIGHLIGHTER_PORT) return;
  const sender = port.sender;
  if (
    sender?.id !== browser.runtime.id ||
    sender.tab?.id === undefined ||
    sender.frameId !== 0 ||
    !sender.url
  ) {
    port.disconnect();
    return;
  }
  const tabId = sender.tab.id;
  const url = sender.url;
  let session: Session | null = null;
  let greeted = false;

  port.onMessage.addListener((raw: unknown) => {
    const parsed = HighlighterMessageSchema.safeParse(raw);
    if (!parsed.success) {
      port.disconnect();
      return;
    }
    const message = parsed.data;
    if (message.type === 'hello') {
      if (greeted) return;
      greeted = true;
      void (async () => {
        let mode: HighlighterMode = 'draw';
        if (message.id) {
          const asked = injected.get(message.id);
          if (!asked || asked.tabId !== tabId) return port.disconnect();
          injected.delete(message.id);
          mode = asked.mode;
        } else if (!(await hostGranted(url))) {
          return port.disconnect();
        }
        const page: OpenPage = {
          url,
          title: message.title,
          canonical: sameOriginCanonical(url, message.canonical),
        };
        const target = await findHighlightPage(ctx, page).catch(() => null);
        const highlights = await loadHighlights(ctx, target).catch(() => []);
        // Loaded with the page on a site without highlights: nothing to draw, nothing to keep.
        if (!message.id && highlights.length === 0) return port.disconnect();
        sessions.get(tabId)?.port.disconnect();
        session = { port, tabId, page, target, creating: null, queue: Promise.resolve() };
        sessions.set(tabId, session);
        post(port, { type: 'state', mode, highlights, labels: highlighterLabels() });
      })();
      return;
    }
    const s = session;
    if (!s) return port.disconnect();
    if (message.type === 'close') return;
    const change: HighlightChange =
      message.type === 'add'
        ? { action: 'add', highlight: message.highlight }
        : message.type === 'remove'
          ? { action: 'remove', id: message.id }
          : { action: 'update', id: message.id, color: message.color, note: message.note };
    s.queue = s.queue
      .then(() => write(ctx, s, change))
      .catch((error: unknown) =>
        post(s.port, {
          type: 'status',
          tone: 'problem',
          text: error instanceof Error ? error.message : String(error),
        }),
      );
  });
  port.onDisconnect.addListener(() => {
    if (session && sessions.get(tabId) === session) sessions.delete(tabId);
  });
}
