/** The background's answers to `known.lookup` and `known.update` (lib/messaging/known-clips.ts). */
import type { ApiClient } from '../api';
import { isNotFound } from '../api';
import { findKnownClip, forgetKnownPage } from '../known-clips';
import { clipChanges } from '../known-clips/changes';
import { lookUpInService } from '../known-clips/lookup';
import { clipSourceKey } from '../known-clips/confirmations';
import { knownClipKey, knownClipKeys } from '../known-clips/normalise-url';
import { composeUpdate } from '../known-clips/update-markdown';
import type { Handlers } from './router';
import { submitClip } from './clips';
import type { BackgroundContext } from './context';
import { currentClient } from './client';
import { rememberTagsOf } from './templates';

type KnownClipHandlers = Pick<Handlers, 'known.lookup' | 'known.update'>;

export function knownClipHandlers(
  ctx: BackgroundContext,
  deps: { requireClient: () => Promise<ApiClient>; fail: (error: unknown) => Promise<never> },
): KnownClipHandlers {
  return {
    'known.lookup': async (data) => {
      // The canonical address first, then the tab's own (as the toolbar mark finds it).
      const keys = knownClipKeys(data);
      for (const key of keys) {
        const known = await findKnownClip(key);
        if (known) return { clip: known };
      }
      if (keys.length === 0 || data.localOnly) return { clip: null };
      const client = await currentClient(ctx);
      if (!client) return { clip: null };
      try {
        return { clip: await lookUpInService(client, keys, [data.title], ctx.now()) };
      } catch {
        // Offline or refused: the popup simply shows no notice.
        return { clip: null };
      }
    },

    'known.update': async (data) => {
      const client = await deps.requireClient();
      let current: { markdown: string; etag: string };
      try {
        current = await client.getContent(data.pageId);
      } catch (error) {
        if (isNotFound(error)) {
          await forgetKnownPage(data.pageId);
          return { kind: 'gone' as const };
        }
        return deps.fail(error);
      }
      await rememberTagsOf(current.markdown, ctx.now());
      // The new version's frontmatter names the page's canonical address, which the clip is
      // indexed by; the address alone is the fallback.
      const key = clipSourceKey(data.document) ?? knownClipKey({ url: data.url });
      const known = key ? await findKnownClip(key) : null;
      const recorded = known?.pageId === data.pageId ? known.etag : null;
      const decided =
        data.choice !== undefined && data.etag === current.etag
          ? data.choice
          : data.choice === undefined && recorded !== null && recorded === current.etag
            ? 'replace'
            : null;
      if (decided === null) {
        return {
          kind: 'edited' as const,
          etag: current.etag,
          changes: clipChanges(current.markdown, data.document),
        };
      }
      const markdown = composeUpdate(current.markdown, data.document, decided, new Date(ctx.now()));
      const entry = await submitClip(ctx, {
        write: {
          kind: 'update-page',
          clipId: data.clipId,
          pageId: data.pageId,
          markdown,
          ifMatch: current.etag,
        },
        label: data.title,
        waitMs: data.waitMs,
      });
      return { kind: 'queued' as const, entry };
    },
  };
}
