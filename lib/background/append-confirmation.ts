/**
 * The confirmation shown on the page itself after a context-menu append or a shortcut's clip
 * (the toolbar badge alone is invisible unless the button is pinned). The user's click or
 * shortcut granted `activeTab`, so `confirmation.js` is injected into that tab on demand, like
 * the extractor; it renders in a closed shadow root and talks back over one port
 * (`lib/messaging/confirmation.ts`), accepted only from the tab and top frame it was injected
 * into, with the id it was given. It follows the outbox entry ("Saving…", "Added", "Queued")
 * and offers Undo (`undo-write.ts`). The page never sees the token or anything but the text.
 */
import { browser, type Browser } from 'wxt/browser';
import {
  CONFIRMATION_PORT,
  ConfirmationMessageSchema,
  type ConfirmationInit,
  type ConfirmationUpdate,
} from '../messaging/confirmation';
import type { OutboxEntry } from '../outbox/entry';
import type { BackgroundContext } from './context';
import { getFolders } from './caches';
import { confirmationView, type UndoState } from './confirmation-view';
import { undoWrite } from './undo-write';

/** Long enough to read and reach Undo; it stays while hovered or focused. */
export const DISMISS_AFTER_MS = 8_000;

interface Shown {
  tabId: number;
  entryId: string;
  destination: string;
  undo: UndoState;
}

/** Confirmations injected by this worker, by id; a port is accepted only for one of these. */
const shown = new Map<string, Shown>();
/** Forget a confirmation nobody connected to (the page closed, or was not scriptable). */
const FORGET_AFTER_MS = 10 * 60_000;

let dismissAfterMs = DISMISS_AFTER_MS;
/** The end-to-end tests hold the confirmation longer on a loaded machine. */
export function setDismissAfter(ms: number): void {
  dismissAfterMs = ms;
}

export interface ConfirmTarget {
  tabId: number | undefined;
  entry: Pick<OutboxEntry, 'id' | 'status' | 'lastError'> &
    Partial<Pick<OutboxEntry, 'write' | 'result'>>;
  destination: string;
}

/**
 * Injects the confirmation into the tab. A page that cannot be scripted (a browser page, the
 * web store) simply gets none: the write itself is already in the outbox.
 */
export async function showConfirmation(
  ctx: BackgroundContext,
  target: ConfirmTarget,
): Promise<boolean> {
  const { tabId, entry, destination } = target;
  if (tabId === undefined) return false;
  const id = ctx.randomId();
  const record: Shown = { tabId, entryId: entry.id, destination, undo: { kind: 'idle' } };
  shown.set(id, record);
  setTimeout(() => shown.delete(id), FORGET_AFTER_MS);
  const current = (await ctx.outbox.get(entry.id)) ?? entry;
  const init: ConfirmationInit = {
    id,
    view: confirmationView(current, record.undo, destination),
    dismissAfterMs,
  };
  try {
    await browser.scripting.executeScript({
      target: { tabId, frameIds: [0] },
      files: ['/confirmation.js'],
    });
    await browser.scripting.executeScript({
      target: { tabId, frameIds: [0] },
      func: (options: unknown) =>
        (globalThis as unknown as { __pageclipConfirm: (o: unknown) => void }).__pageclipConfirm(
          options,
        ),
      args: [init],
    });
    return true;
  } catch {
    shown.delete(id);
    return false;
  }
}

type Port = Browser.runtime.Port;

/** `runtime.onConnect`: the confirmation's port, checked before anything is read from it. */
export function onConfirmationConnect(ctx: BackgroundContext, port: Port): void {
  if (port.name !== CONFIRMATION_PORT) return;
  const sender = port.sender;
  // Only a script of ours, in the top frame of a tab (never an extension page or a frame).
  if (sender?.id !== browser.runtime.id || sender.tab?.id === undefined || sender.frameId !== 0) {
    port.disconnect();
    return;
  }
  const tabId = sender.tab.id;
  let record: Shown | null = null;
  let off: (() => void) | null = null;
  let lastSent = '';

  const post = (entry: OutboxEntry | null): void => {
    if (!record) return;
    const update: ConfirmationUpdate = {
      type: 'view',
      view: confirmationView(entry, record.undo, record.destination),
    };
    const text = JSON.stringify(update);
    if (text === lastSent) return;
    lastSent = text;
    try {
      port.postMessage(update);
    } catch {
      // The page went away: the disconnect listener cleans up.
    }
  };
  const refresh = async (): Promise<void> => {
    if (record) post(await ctx.outbox.get(record.entryId));
  };

  port.onMessage.addListener((raw: unknown) => {
    const parsed = ConfirmationMessageSchema.safeParse(raw);
    if (!parsed.success) {
      port.disconnect();
      return;
    }
    const message = parsed.data;
    if (message.type === 'hello') {
      const candidate = record ? undefined : shown.get(message.id);
      if (!candidate || candidate.tabId !== tabId) {
        port.disconnect();
        return;
      }
      record = candidate;
      shown.delete(message.id);
      const entryId = candidate.entryId;
      off = ctx.outbox.onChange((entries) => post(entries.find((e) => e.id === entryId) ?? null));
      void refresh();
      return;
    }
    if (!record) {
      port.disconnect();
      return;
    }
    if (message.type === 'close') {
      port.disconnect();
      off?.();
      return;
    }
    if (record.undo.kind === 'busy' || record.undo.kind === 'undone') return;
    const active = record;
    active.undo = { kind: 'busy' };
    void refresh();
    void undoWrite(ctx, active.entryId)
      .catch((error: unknown) => ({
        kind: 'failed' as const,
        message: error instanceof Error ? error.message : String(error),
      }))
      .then((outcome) => {
        active.undo = outcome;
        return refresh();
      });
  });
  port.onDisconnect.addListener(() => off?.());
}

/** "Reading / Foxes": the page, after its folder when that is known without asking the service. */
export async function describeDestination(
  ctx: BackgroundContext,
  place: { page: string; folderName?: string | null; parentId?: string | null },
): Promise<string> {
  let folder = place.folderName ?? null;
  if (folder === null && place.parentId) {
    const { folders } = await getFolders(ctx).catch(() => ({ folders: [] as FolderLike[] }));
    folder = folders.find((f) => f.id === place.parentId)?.name ?? null;
  }
  return folder ? `${folder} / ${place.page}` : place.page;
}
type FolderLike = { id: string; name: string };
