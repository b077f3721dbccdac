/**
 * Where a page's highlights live: the page's clip (known to this browser, or found in the
 * service by its title and `source:`), else the page the user picked for the site, else none
 * yet: the first highlight then clips the page first, with a `## Highlights` section holding
 * it, and later highlights go to that new page (held until it is saved, never clipped twice).
 */
import { renderHighlightsSection } from '../clip-markdown/highlights-section';
import type { StoredHighlight } from '../clip-markdown/highlight-record';
import { findKnownClip } from '../known-clips';
import { lookUpInService } from '../known-clips/lookup';
import { knownClipKey } from '../known-clips/normalise-url';
import type { OutboxEntryView } from '../outbox/entry';
import { currentClient } from './client';
import { submitClip } from './clips';
import type { BackgroundContext } from './context';
import { extractTab } from './extraction';
import { rememberPendingClip } from './highlighter-pending';
import { siteDestination, siteOf } from './highlighter-sites';
import { t } from './i18n';
import { pageTitle } from './menus';
import { lastFolder } from './recents';

export interface HighlightPage {
  pageId: string;
  title: string;
  /** The site (host) whose chosen page this is; absent for the page's own clip. */
  site?: string;
}

export interface OpenPage {
  url: string;
  canonical?: string;
  title: string;
}

/** How a page's pending clip is found again: its canonical or own address, normalised. */
export function pageKey(page: OpenPage): string {
  return knownClipKey({ url: page.url, canonical: page.canonical }) ?? page.url;
}

/** The page's own clip: known to this browser, else found in the service. */
export async function findPageClip(
  ctx: BackgroundContext,
  page: OpenPage,
): Promise<HighlightPage | null> {
  const key = knownClipKey({ url: page.url, canonical: page.canonical });
  if (!key) return null;
  const known = await findKnownClip(key);
  if (known) return { pageId: known.pageId, title: known.title };
  const client = await currentClient(ctx);
  const found = client
    ? await lookUpInService(client, key, [page.title], ctx.now()).catch(() => null)
    : null;
  return found ? { pageId: found.pageId, title: found.title } : null;
}

export async function findHighlightPage(
  ctx: BackgroundContext,
  page: OpenPage,
): Promise<HighlightPage | null> {
  const clip = await findPageClip(ctx, page);
  if (clip) return clip;
  const site = siteOf(page.url);
  const chosen = site ? await siteDestination(site) : null;
  return chosen && site ? { ...chosen, site } : null;
}

export type ExtractedPage =
  { ok: true; title: string; markdown: string } | { ok: false; message: string };

/** The tab's article, as the first highlight's clip holds it. */
export async function extractForHighlight(
  ctx: BackgroundContext,
  tabId: number,
  url: string,
): Promise<ExtractedPage> {
  const extraction = await extractTab({ tabId, mode: 'article', now: new Date(ctx.now()) });
  if (!extraction.ok) return { ok: false, message: extraction.problem.message };
  const { result } = extraction;
  return { ok: true, title: pageTitle(result.title, result.url || url), markdown: result.markdown };
}

/**
 * Clips the page with the highlight already in its Highlights section, and remembers the clip
 * as the page's pending one (`highlighter-pending.ts`) so later highlights never clip it again.
 */
export async function clipPageFirst(
  ctx: BackgroundContext,
  page: OpenPage,
  extracted: { title: string; markdown: string },
  highlight: StoredHighlight,
): Promise<OutboxEntryView> {
  const folder = await lastFolder();
  const { title } = extracted;
  const markdown = `${extracted.markdown.trimEnd()}\n\n${renderHighlightsSection([highlight], page.url)}\n`;
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
  await rememberPendingClip({
    entryId: queued.id,
    key: pageKey(page),
    title,
    pageUrl: page.url,
    first: highlight,
  });
  return queued;
}
