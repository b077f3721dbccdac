/**
 * The ids the background injected the highlighter with, by id: the tab and the mode asked for.
 * Kept in `session:` storage (extension contexts only, gone when the browser closes), not in
 * the worker's memory: Chromium stops an idle worker after about 30 s, and the page's script
 * then connects again with the same id, to a worker that never saw it.
 */
import { storage } from 'wxt/utils/storage';
import { z } from 'zod';
import { HighlighterModeSchema, type HighlighterMode } from '../messaging/highlighter';

const GrantSchema = z.object({
  tabId: z.number().int(),
  mode: HighlighterModeSchema,
  at: z.number(),
  /** Greeted once: a later hello is the same script connecting again. */
  used: z.boolean(),
});
const GrantsSchema = z.record(z.string(), GrantSchema);
type Grants = z.infer<typeof GrantsSchema>;

/** A tab's script is trusted this long (a reader may pause that long and go on). */
const KEEP_MS = 12 * 60 * 60_000;
const MAX_GRANTS = 200;

const grantsItem = storage.defineItem<unknown>('session:highlighterGrants', { fallback: {} });

let chain: Promise<unknown> = Promise.resolve();
function edit<T>(now: number, fn: (grants: Grants) => T): Promise<T> {
  const run = async () => {
    const parsed = GrantsSchema.safeParse(await grantsItem.getValue());
    const grants = Object.fromEntries(
      Object.entries(parsed.success ? parsed.data : {})
        .filter(([, g]) => now - g.at < KEEP_MS)
        .slice(-MAX_GRANTS),
    );
    const value = fn(grants);
    await grantsItem.setValue(grants);
    return value;
  };
  const result = chain.then(run, run);
  chain = result.catch(() => undefined);
  return result;
}

export function grantInjection(
  id: string,
  tabId: number,
  mode: HighlighterMode,
  now: number,
): Promise<void> {
  return edit(now, (grants) => {
    // One script per tab: an older id of the tab is no longer its script's.
    for (const [other, g] of Object.entries(grants)) if (g.tabId === tabId) delete grants[other];
    grants[id] = { tabId, mode, at: now, used: false };
  });
}

export function forgetInjection(id: string, now: number): Promise<void> {
  return edit(now, (grants) => {
    delete grants[id];
  });
}

/**
 * The mode a hello with this id starts in: the one asked for the first time, `draw` when the
 * script connects again; null when the id was not injected into this tab.
 */
export function useInjection(
  id: string,
  tabId: number,
  now: number,
): Promise<HighlighterMode | null> {
  return edit(now, (grants) => {
    const g = grants[id];
    if (!g || g.tabId !== tabId) return null;
    const mode = g.used ? 'draw' : g.mode;
    grants[id] = { ...g, used: true };
    return mode;
  });
}
