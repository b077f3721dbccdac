/**
 * The on-page highlighter, background side. `startHighlighter` injects `highlighter.js` into a
 * tab (the popup's button, the context menu and the shortcut each grant `activeTab`) and calls
 * it with a fresh id; on sites whose access the user granted the script also loads with the
 * page (`highlighter-autoload.ts`). Its port is accepted only from our script in the tab's top
 * frame, with an id injected into that tab, or without one on a granted site; every message is
 * parsed with zod. The page's highlights are read from the service (so another browser's
 * appear too; on the page picked for a site, only those made on this page,
 * `highlighter-list.ts`) and each change goes through the outbox as a `highlight-page` write.
 */
import { browser, type Browser } from 'wxt/browser';
import type { HighlightChange } from '../clip-markdown/highlight-schema';
import {
  HIGHLIGHTER_PORT,
  HighlighterMessageSchema,
  type HighlighterInit,
  type HighlighterMessage,
  type HighlighterMode,
  type HighlighterUpdate,
} from '../messaging/highlighter';
import type { BackgroundContext } from './context';
import { hostGranted } from './highlighter-autoload';
import { forgetInjection, grantInjection, useInjection } from './highlighter-grants';
import { highlighterLabels } from './highlighter-labels';
import { loadHighlights } from './highlighter-list';
import { siteOf } from './highlighter-sites';
import { findHighlightPage, type OpenPage } from './highlighter-target';
import { saveHighlightChange, type ChangeSession } from './highlighter-write';

type Port = Browser.runtime.Port;

interface Session extends ChangeSession {
  port: Port;
  /** Changes are sent in the order the user made them. */
  queue: Promise<unknown>;
}

const sessions = new Map<number, Session>();

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
  await grantInjection(id, tabId, mode, ctx.now());
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
    await forgetInjection(id, ctx.now());
    return false;
  }
}

/**
 * The user chose or forgot a page for `site` in the popup: tabs already highlighting there
 * whose highlights had nowhere to go yet, or went to the site's previous choice, follow it,
 * and list and draw the highlights of their new destination, as a reload would. A page's own
 * clip, or a clip being made for it, stays where it is. The lists are reloaded after the
 * changes each tab has under way.
 */
export function retargetSite(
  ctx: BackgroundContext,
  site: string,
  chosen: { pageId: string; title: string } | null,
): Promise<void> {
  const refreshed: Promise<unknown>[] = [];
  for (const s of sessions.values()) {
    if (siteOf(s.page.url) !== site) continue;
    const free = s.target ? s.target.site === site : !s.pending;
    if (!free) continue;
    s.target = chosen ? { ...chosen, site } : null;
    s.queue = s.queue
      .then(async () => {
        const { listed, others } = await loadHighlights(ctx, s.page, s.target);
        s.others = new Set(others);
        s.post({ type: 'highlights', highlights: listed });
      })
      .catch(() => undefined); // unreachable service: the tab keeps what it shows
    refreshed.push(s.queue);
  }
  return Promise.all(refreshed).then(() => undefined);
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

type Hello = Extract<HighlighterMessage, { type: 'hello' }>;

/** The session a hello opens, or null when the port is refused (it is then disconnected). */
async function greet(
  ctx: BackgroundContext,
  port: Port,
  tabId: number,
  url: string,
  hello: Hello,
): Promise<Session | null> {
  let mode: HighlighterMode = 'draw';
  if (hello.id) {
    const asked = await useInjection(hello.id, tabId, ctx.now());
    if (!asked) return null;
    mode = asked;
  } else if (!(await hostGranted(url))) {
    return null;
  }
  const page: OpenPage = {
    url,
    title: hello.title,
    canonical: sameOriginCanonical(url, hello.canonical),
  };
  const target = await findHighlightPage(ctx, page).catch(() => null);
  const { listed: highlights, others } = await loadHighlights(ctx, page, target).catch(() => ({
    listed: [],
    others: [],
  }));
  // Loaded with the page on a site without highlights: nothing to draw, nothing to keep.
  if (!hello.id && !hello.resume && highlights.length === 0) return null;
  sessions.get(tabId)?.port.disconnect();
  const session: Session = {
    port,
    tabId,
    page,
    target,
    others: new Set(others),
    queue: Promise.resolve(),
    post: (update) => post(port, update),
  };
  sessions.set(tabId, session);
  post(port, { type: 'state', mode, highlights, labels: highlighterLabels() });
  return session;
}

function changeOf(
  message: Exclude<HighlighterMessage, Hello | { type: 'close' }>,
): HighlightChange {
  if (message.type === 'add') return { action: 'add', highlight: message.highlight };
  if (message.type === 'remove') return { action: 'remove', id: message.id };
  return { action: 'update', id: message.id, color: message.color, note: message.note };
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
  // A page connecting again sends its hello and the change at once: the change waits for it.
  let ready: Promise<Session | null> | null = null;
  const refuse = () => {
    ready = Promise.resolve(null);
    port.disconnect();
  };

  port.onMessage.addListener((raw: unknown) => {
    const parsed = HighlighterMessageSchema.safeParse(raw);
    if (!parsed.success) return refuse();
    const message = parsed.data;
    if (message.type === 'hello') {
      if (ready) return;
      ready = greet(ctx, port, tabId, url, message)
        .catch(() => null)
        .then((s) => {
          if (!s) port.disconnect();
          return s;
        });
      return;
    }
    if (!ready) return refuse();
    if (message.type === 'close') return;
    const change = changeOf(message);
    void ready.then((s) => {
      if (!s) return;
      s.queue = s.queue
        .then(() => saveHighlightChange(ctx, s, change))
        .catch((error: unknown) =>
          s.post({
            type: 'status',
            tone: 'problem',
            text: error instanceof Error ? error.message : String(error),
          }),
        );
    });
  });
  port.onDisconnect.addListener(() => {
    void ready?.then((s) => {
      if (s && sessions.get(tabId) === s) sessions.delete(tabId);
    });
  });
}
