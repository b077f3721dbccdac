/** The background's answer to every request in `lib/messaging/requests.ts`. */
import type { OutboxEntryView } from '../outbox/entry';
import {
  clipDefaultsItem,
  pageLinkTemplateItem,
  pendingHighlightItem,
  markClippedItem,
  pinTipDismissedItem,
  popupDraftItem,
  readItem,
  serviceUrlItem,
} from '../settings';
import { addFolderToCache, getFolders, getPages, resolvePages, searchPages } from './caches';
import { currentClient } from './client';
import { submitClip } from './clips';
import {
  connectWithToken,
  disconnect,
  getConnectionState,
  setServiceUrl,
  signIn,
} from './connection';
import type { BackgroundContext } from './context';
import { extractTab } from './extraction';
import { chooseInbox, currentInbox, submitNote } from './inbox';
import { knownClipHandlers } from './known-clip-handlers';
import { dismissManyTabs, manyTabsStatus, startManyTabs } from './many-tabs';
import { highlighterHandlers } from './highlighter-handlers';
import { highlightChoiceSettled } from './menus';
import { originOf } from './permissions';
import { describeError, problem } from './problems';
import { getRecentsWithFolders } from './recents';
import { ProblemError, type Handlers } from './router';
import { cancelSignIn, confirmSignIn } from './sign-in-confirm';
import {
  exportTemplates,
  getTemplates,
  importTemplates,
  knownTags,
  selectorsToGather,
  setTemplates,
} from './templates';

export function createHandlers(ctx: BackgroundContext): Handlers {
  const entries = async (): Promise<{ entries: OutboxEntryView[] }> => ({
    entries: await ctx.outbox.list(),
  });
  const requireClient = async () => {
    const client = await currentClient(ctx);
    if (client) return client;
    const state = await getConnectionState(ctx);
    throw new ProblemError(
      state.problem ?? problem('not-configured', 'Not connected to the service.'),
    );
  };
  const fail = async (error: unknown): Promise<never> => {
    if (error instanceof ProblemError) throw error;
    throw new ProblemError(describeError(error, originOf(await readItem(serviceUrlItem)) ?? ''));
  };

  return {
    'connection.get': (data) => getConnectionState(ctx, { check: data.check }),
    'connection.setServiceUrl': (data) => setServiceUrl(ctx, data.serviceUrl),
    'connection.connectToken': (data) => connectWithToken(ctx, data.serviceUrl, data.token),
    'connection.signIn': (data) => signIn(ctx, data.serviceUrl),
    'connection.confirmSignIn': (data) => confirmSignIn(ctx, data.userId),
    'connection.cancelSignIn': () => cancelSignIn(ctx),
    'connection.disconnect': () => disconnect(ctx),

    'folders.get': (data) => getFolders(ctx, { refresh: data.refresh }),
    'folders.create': async (data) => {
      const client = await requireClient();
      try {
        const created = await client.createFolder({ name: data.name, parentId: data.parentId });
        const folder = {
          id: created.id,
          name: created.name,
          parentId: created.parentId ?? data.parentId,
          permission: created.permission ?? 'admin',
        };
        await addFolderToCache(ctx, folder);
        return folder;
      } catch (error) {
        return fail(error);
      }
    },
    'pages.list': (data) => getPages(ctx, data.parentId, { refresh: data.refresh }),
    'pages.search': (data) => searchPages(ctx, data.query, data.parentId),
    'pages.resolve': async (data) => {
      await requireClient();
      try {
        return { pages: await resolvePages(ctx, data.title, data.parentId) };
      } catch (error) {
        return fail(error);
      }
    },
    'recent.get': () => getRecentsWithFolders(ctx),

    'tab.extract': async (data) => {
      const mode = data.mode ?? (await readItem(clipDefaultsItem)).mode;
      const selectors = await selectorsToGather();
      const now = new Date(ctx.now());
      // The popup stores the page's `data:` images with Keep images, or leaves them out.
      const extraction = await extractTab({
        tabId: data.tabId,
        mode,
        now,
        selectors,
        embedImages: true,
      });
      if (!extraction.ok) return extraction;
      return {
        ok: true as const,
        tabId: extraction.tabId,
        selectionAvailable: extraction.selectionAvailable,
        result: extraction.result,
        selectionText: extraction.selectionText,
        page: extraction.page,
      };
    },

    'clip.submit': (data) => submitClip(ctx, data),
    'note.submit': (data) => submitNote(ctx, data),
    'inbox.get': () => currentInbox(),
    'inbox.set': (data) => chooseInbox(ctx, data.page),
    'highlight.pending': async () => {
      // The popup opened by "Choose…" may ask before the click's handler stored the highlight.
      await highlightChoiceSettled();
      return { pending: await readItem(pendingHighlightItem) };
    },
    'highlight.discard': async () => {
      await pendingHighlightItem.setValue(null);
      return { ok: true as const };
    },

    'outbox.list': entries,
    'outbox.retry': async (data) => {
      await ctx.outbox.retry(data.id);
      return entries();
    },
    'outbox.retryPreviousConnection': async () => {
      await ctx.outbox.retryPreviousConnection();
      return entries();
    },
    'outbox.discard': async (data) => {
      await ctx.outbox.discard(data.id);
      return entries();
    },
    'outbox.retarget': async (data) => {
      await ctx.outbox.retarget(data.id, data.write, data.label);
      return entries();
    },
    'outbox.wait': (data) => ctx.outbox.waitFor(data.id, data.timeoutMs),

    'draft.get': async () => ({ draft: await readItem(popupDraftItem) }),
    'draft.set': async (data) => {
      await popupDraftItem.setValue(data.draft);
      return { ok: true as const };
    },

    'settings.get': publicSettings,
    'settings.set': async (data) => {
      const current = await readItem(clipDefaultsItem);
      await clipDefaultsItem.setValue({ ...current, ...data.clipDefaults });
      if (data.pageLinkTemplate === '') await pageLinkTemplateItem.removeValue();
      else if (data.pageLinkTemplate !== undefined) {
        await pageLinkTemplateItem.setValue(data.pageLinkTemplate);
      }
      if (data.pinTipDismissed) await pinTipDismissedItem.setValue(true);
      if (data.markClipped !== undefined) await markClippedItem.setValue(data.markClipped);
      return publicSettings();
    },

    'templates.get': getTemplates,
    'templates.set': (data) => setTemplates(data.templates),
    'templates.import': (data) => importTemplates(data.text),
    'templates.export': exportTemplates,
    'tags.list': knownTags,

    ...knownClipHandlers(ctx, { requireClient, fail }),

    'tabs.clipMany': (data) => startManyTabs(ctx, data),
    'tabs.manyStatus': () => manyTabsStatus(),
    'tabs.manyDismiss': () => dismissManyTabs(ctx),
    ...highlighterHandlers(ctx),
  };
}

async function publicSettings() {
  const [serviceUrl, clipDefaults, pageLinkTemplate, pinTipDismissed] = await Promise.all([
    readItem(serviceUrlItem),
    readItem(clipDefaultsItem),
    readItem(pageLinkTemplateItem),
    readItem(pinTipDismissedItem),
  ]);
  return { serviceUrl, clipDefaults, pageLinkTemplate, pinTipDismissed };
}
