/**
 * Everything the background worker does at start-up, in one call from the entrypoint. Every
 * listener is added synchronously, before the first `await`, so the event that woke a stopped
 * service worker is not missed (MV3 rule:
 * https://developer.chrome.com/docs/extensions/develop/concepts/service-workers/events).
 */
import { browser } from 'wxt/browser';
import { ApiClient, ApiError } from '../api';
import { EVENT_CHANNEL } from '../messaging/channel';
import { EventEnvelopeSchema } from '../messaging/envelopes';
import type { BackgroundEvent } from '../messaging/events';
import {
  createOutboxBadge,
  Outbox,
  refusedCredentials,
  scheduleOutboxAlarm,
  wireOutbox,
} from '../outbox';
import { inboxItem, lastDestinationItem, recentFoldersItem, recentPagesItem } from '../settings';
import { onConfirmationConnect } from './append-confirmation';
import { currentClient } from './client';
import { onCommand } from './commands';
import { onHighlighterConnect } from './highlighter';
import { wireAutoload } from './highlighter-autoload';
import { wirePendingHighlights } from './highlighter-pending';
import { onSignInTabRemoved, onSignInTabUpdated, recordProblem } from './connection';
import type { BackgroundContext } from './context';
import { onExtractionIdleAlarm } from './extraction-document';
import { createHandlers } from './handlers';
import { rememberInboxPage } from './inbox';
import { markAllTabs, wireKnownBadge } from './known-badge';
import { resumeManyTabs } from './many-tabs';
import { wireKnownClips } from './known-clips';
import { MENU, onMenuClicked, refreshMenus } from './menus';
import { describeError } from './problems';
import { createMessageListener } from './router';
import { browserImageKeeper, sweepKeptImages } from '../images/keeper';

export function broadcast(event: BackgroundEvent): void {
  // No open extension page is not an error: nobody needs to hear the event.
  // Parsed like every answer: open pages get exactly the contract's shape (no outbox internals).
  const envelope = EventEnvelopeSchema.parse({ channel: EVENT_CHANNEL, event });
  browser.runtime.sendMessage(envelope).catch(() => undefined);
}

export function browserName(): string {
  return import.meta.env.FIREFOX ? 'Firefox' : 'Chromium';
}

/**
 * The token is in `storage.local`, which Chromium also lets content scripts read by default;
 * our extractor runs as one inside the page's renderer and needs no storage, so only our own
 * pages and the worker may read it (test/security/token-e2e.test.ts checks from a tab).
 * Firefox restricts nothing but `storage.session` this way (MDN, StorageArea.setAccessLevel).
 */
function restrictStorageToExtensionPages(): void {
  const local = browser.storage.local as Partial<
    Pick<typeof browser.storage.session, 'setAccessLevel'>
  >;
  // Absent or throwing where unsupported (Firefox, fakeBrowser): nothing to restrict there.
  void Promise.resolve()
    .then(() => local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' }))
    .catch(() => undefined);
}

export function startBackground(overrides: Partial<BackgroundContext> = {}): BackgroundContext {
  const ctx = {
    now: Date.now,
    randomId: () => crypto.randomUUID(),
    browserName: browserName(),
    broadcast,
    createClient: (opts) => new ApiClient(opts),
    ...overrides,
  } as BackgroundContext;
  ctx.outbox ??= new Outbox({
    getClient: () => currentClient(ctx),
    schedule: scheduleOutboxAlarm,
    images: browserImageKeeper(),
  });
  void sweepKeptImages(ctx.outbox).catch(() => undefined);

  browser.runtime.onMessage.addListener(createMessageListener(createHandlers(ctx)));
  browser.runtime.onConnect.addListener((port) => onConfirmationConnect(ctx, port));
  browser.runtime.onConnect.addListener((port) => onHighlighterConnect(ctx, port));
  browser.alarms.onAlarm.addListener(
    (alarm) => void onExtractionIdleAlarm(alarm).catch(() => undefined),
  );
  wireAutoload();
  wirePendingHighlights(ctx);
  // One badge for the outbox and for menu or shortcut failures that never reach it (an
  // unreadable tab, no selection): the user clicked and must see that nothing was saved.
  const badge = createOutboxBadge();
  const flashProblem = (outcome: unknown) => {
    if (outcome && typeof outcome === 'object' && 'problem' in outcome) {
      console.warn('pageclip:', (outcome as { problem: string }).problem);
      void badge.flash('failed').catch(() => undefined);
    }
  };
  browser.contextMenus.onClicked.addListener((info, tab) => {
    // Synchronously, before any await: Firefox opens the popup only inside the user action.
    const popupOpened =
      info.menuItemId === MENU.appendChoose
        ? browser.action.openPopup().then(
            () => true,
            () => false,
          )
        : undefined;
    void onMenuClicked(ctx, info, tab, { popupOpened }).then(flashProblem, (error: unknown) =>
      flashProblem({ problem: String(error) }),
    );
  });
  browser.commands.onCommand.addListener((command, tab) => {
    void onCommand(ctx, command, tab?.id).then(
      (outcome) => {
        if (outcome.kind === 'failed') flashProblem({ problem: outcome.problem.message });
      },
      (error: unknown) => flashProblem({ problem: String(error) }),
    );
  });
  browser.tabs.onUpdated.addListener(
    (tabId, change) => void onSignInTabUpdated(ctx, tabId, change.status),
  );
  browser.tabs.onRemoved.addListener((tabId) => void onSignInTabRemoved(ctx, tabId));
  browser.runtime.onInstalled.addListener((details) => {
    void refreshMenus();
    if (details.reason === 'install') void browser.runtime.openOptionsPage();
  });
  browser.runtime.onStartup.addListener(() => void refreshMenus());
  for (const item of [recentPagesItem, recentFoldersItem, lastDestinationItem, inboxItem])
    item.watch(() => void refreshMenus());

  wireOutbox(ctx.outbox, { badge });
  restrictStorageToExtensionPages();
  ctx.outbox.onChange((entries) => ctx.broadcast({ type: 'outbox-changed', entries }));
  ctx.outbox.onSettled((entry) => void rememberInboxPage(entry).catch(() => undefined));
  wireKnownBadge();
  void resumeManyTabs(ctx).catch(() => undefined);
  wireKnownClips(ctx, () => void markAllTabs().catch(() => undefined));
  // A write refused for the token (401) or a missing scope (403) is a connection problem too:
  // the options page and popup show it until the user reconnects.
  ctx.outbox.onSettled((entry) => {
    if (entry.status !== 'failed' || !refusedCredentials(entry.lastError)) return;
    const { status, code, message } = entry.lastError!;
    void recordProblem(
      ctx,
      describeError(new ApiError({ kind: 'http', status, code, message }), ''),
    );
  });
  return ctx;
}
