/**
 * Where a page's highlights live: the page's clip (known to this browser, or found in the
 * service by its title and `source:`), else the page the user picked for the site, else none
 * yet: the first highlight then clips the page first, with a `## Highlights` section holding
 * it, and later highlights go to that new page.
 */
import { renderHighlightsSection } from '../clip-markdown/highlights-section';
import type { StoredHighlight } from '../clip-markdown/highlight-record';
import { findKnownClip } from '../known-clips';
import { lookUpInService } from '../known-clips/lookup';
import { knownClipKey } from '../known-clips/normalise-url';
import type { OutboxEntry } from '../outbox/entry';
import { highlightSitesItem, readItem } from '../settings';
import { currentClient } from './client';
import { submitClip } from './clips';
import type { BackgroundContext } from './context';
import { extractTab } from './extraction';
import { t } from './i18n';
import { pageTitle } from './menus';
import { lastFolder } from './recents';

export interface HighlightPage {
  pageId: string;
  title: string;
}

export interface OpenPage {
  url: string;
  canonical?: string;
  title: string;
}

/** The site a page belongs to, as the per-site choice is keyed. */
export function siteOf(url: string): string | null {
  try {
    const u = new URL(url);
    return /^https?:$/.test(u.protocol) ? u.host : null;
  } catch {
    return null;
  }
}

export async function findHighlightPage(
  ctx: BackgroundContext,
  page: OpenPage,
): Promise<HighlightPage | null> {
  const key = knownClipKey({ url: page.url, canonical: page.canonical });
  if (key) {
    const known = await findKnownClip(key);
    if (known) return { pageId: known.pageId, title: known.title };
    const client = await currentClient(ctx);
    const found = client
      ? await lookUpInService(client, key, [page.title], ctx.now()).catch(() => null)
      : null;
    if (found) return { pageId: found.pageId, title: found.title };
  }
  const site = siteOf(page.url);
  const chosen = site ? (await readItem(highlightSitesItem))[site] : undefined;
  return chosen ?? null;
}

/** How long the first highlight waits for its new page before later ones are held back. */
const CREATE_WAIT_MS = 60_000;

export type ClipFirst =
  { ok: true; entry: OutboxEntry; title: string } | { ok: false; message: string };

/** Clips the page with the highlight already in its Highlights section; resolves once it is saved (or still queued). */
export async function clipPageFirst(
  ctx: BackgroundContext,
  tabId: number,
  url: string,
  highlight: StoredHighlight,
): Promise<ClipFirst> {
  const extraction = await extractTab({ tabId, mode: 'article', now: new Date(ctx.now()) });
  if (!extraction.ok) return { ok: false, message: extraction.problem.message };
  const { result } = extraction;
  const folder = await lastFolder();
  const title = pageTitle(result.title, result.url || url);
  const markdown = `${result.markdown.trimEnd()}\n\n${renderHighlightsSection([highlight], url)}\n`;
  const queued = await submitClip(ctx, {
    write: {
      kind: 'create-page',
      clipId: ctx.randomId(),
      title,
      markdown,
      parentId: folder?.id ?? null,
    },
    label: folder?.name ?? t('folderRoot', 'Top level'),
    folderName: folder?.name ?? t('folderRoot', 'Top level'),
  });
  const entry = await ctx.outbox.waitFor(queued.id, CREATE_WAIT_MS);
  return { ok: true, entry, title };
}
