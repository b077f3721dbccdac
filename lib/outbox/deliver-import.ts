/**
 * A new page with kept images (docs/architecture.md, "Kept images"): the clip goes in through
 * the service's note-vault import (one note and its images; the spec, Import), which stores the
 * images and rewrites the note's embeds to them; the page is then named and moved into the
 * chosen folder. Exactly once, like any create: the import takes no idempotency key, so once an
 * import may have been sent the page is first looked for by the `pageclip_id` in its content,
 * and a found page is finished rather than imported again (its images are not sent twice).
 */
import { ApiError } from '../api';
import type { ImportFile, ImportResult } from '../../contract';
import type { CollectedImages } from '../images/collect';
import { resolveEmbeddedImages, withoutEmbedsOf } from '../images/embedded';
import { findImageEmbeds } from '../images/embeds';
import {
  importErrorFor,
  importNote,
  noteFileTitle,
  restoreUnstored,
  storedTitle,
} from '../images/note';
import type { ImageProgress, ImageReport } from '../images/report';
import { fetchableAddress, selectImages, type ImageCandidate } from '../images/select';
import type { CreatePageWrite } from '../write-request';
import type { OutboxApi } from './deliver';
import { settleCreated } from './own-pages';
import type { OutboxEntry, OutboxResult } from './entry';
import { read } from './read-retry';

/** What the import path needs of the API client beyond a plain create (lib/api satisfies it). */
export interface ImportApi extends OutboxApi {
  importVault(files: ImportFile[]): Promise<ImportResult>;
  updatePage(pageId: string, patch: { title?: string }): Promise<unknown>;
  movePage(pageId: string, target: { parentId: string | null }): Promise<unknown>;
}

/** Where a clip's images come from and are kept between attempts (the background: lib/images). */
export interface ImageKeeper {
  /** The images an earlier attempt fetched, else fetched now (reporting progress) and stored. */
  collect(
    clipId: string,
    candidates: readonly ImageCandidate[],
    onProgress: (done: number, total: number) => Promise<void>,
  ): Promise<CollectedImages>;
  /** The images an earlier attempt stored, if any (never fetches). */
  stored(clipId: string): Promise<CollectedImages | null>;
  forget(clipId: string): Promise<void>;
}

export interface ImportHooks {
  /** Persists the progress before the step it names, so a retry knows an import may exist. */
  progress(progress: ImageProgress): Promise<void>;
}

const isImportApi = (api: OutboxApi): api is ImportApi =>
  typeof (api as Partial<ImportApi>).importVault === 'function';

/** The service's answer left no page to finish: a retry could not change that. */
function refused(message: string): ApiError {
  return new ApiError({ kind: 'http', status: 422, code: 'import_refused', message });
}

export async function deliverWithImages(
  api: OutboxApi,
  entry: OutboxEntry,
  write: CreatePageWrite,
  keeper: ImageKeeper,
  hooks: ImportHooks,
): Promise<OutboxResult> {
  if (!isImportApi(api)) throw new Error('this client cannot import pages with images');
  const fileTitle = noteFileTitle(write.title);
  // Pages are looked up by exact title: the one the service stores, not the one sent.
  const titles = { file: fileTitle, page: storedTitle(write.title, fileTitle) };
  const maySent =
    entry.outcomeUnknown || (entry.images != null && entry.images.phase !== 'fetching');
  if (maySent) {
    const found = await findImported(api, write);
    if (found)
      return place(api, write, titles, found, await keeper.stored(write.clipId), keeper, hooks);
  }

  // The page's own `data:` images come as references with their bytes beside the markdown.
  const markdown = resolveEmbeddedImages(write.markdown, write.embeddedImages ?? []);
  const selection = selectImages(markdown);
  const total = selection.candidates.length;
  await hooks.progress({ phase: 'fetching', done: 0, total });
  const collected = await keeper.collect(write.clipId, selection.candidates, (done) =>
    hooks.progress({ phase: 'fetching', done, total }),
  );
  // An embedded image not stored is left out rather than written inline as base64.
  const note = withoutEmbedsOf(importNote(markdown, selection, collected), embeddedUrls(write));
  const files: ImportFile[] = [
    { path: `${fileTitle}.md`, content: note },
    ...collected.kept.map((k) => ({ path: k.path, data: k.data, mimeType: k.mimeType })),
  ];
  await hooks.progress({ phase: 'importing', done: total, total });
  const result = await api.importVault(files);
  const noteError = importErrorFor(result.errors, 0);
  if (result.pagesCreated < 1) {
    throw refused(`The service did not import the page: ${noteError ?? 'no page was created'}`);
  }
  const page = await settleCreated(api, fileTitle, null, write.clipId);
  // Imported but not listed yet (or moved away at once): the next attempt looks again.
  if (!page) throw new Error('the imported page was not found yet');
  const reasons = new Map(
    collected.kept.map((k, i) => [k.url, importErrorFor(result.errors, i + 1)] as const),
  );
  return place(api, write, titles, page.pageId, collected, keeper, hooks, reasons);
}

/** The `data:` addresses of the page's embedded images: never written into the page. */
const embeddedUrls = (write: CreatePageWrite): Set<string> =>
  new Set((write.embeddedImages ?? []).map((image) => image.dataUrl));

/** The imported note's file name, and the title the page has once renamed. */
interface Titles {
  file: string;
  page: string;
}

/**
 * Where a sent import's page can be, wherever the steps after it got to: renamed and moved,
 * renamed only, or as imported (at the top level, under the note's file name). Each place once.
 */
export function importedPlaces(write: CreatePageWrite): [string, string | null][] {
  const fileTitle = noteFileTitle(write.title);
  const titles = { file: fileTitle, page: storedTitle(write.title, fileTitle) };
  const places: [string, string | null][] = [
    [titles.page, write.parentId],
    [titles.page, null],
    [titles.file, null],
  ];
  const seen = new Set<string>();
  return places.filter(([title, parentId]) => {
    const key = `${title}\n${parentId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The page a sent import made, or null. */
async function findImported(api: ImportApi, write: CreatePageWrite): Promise<string | null> {
  for (const [title, parentId] of importedPlaces(write)) {
    const found = await settleCreated(api, title, parentId, write.clipId);
    if (found) return found.pageId;
  }
  return null;
}

/**
 * Finishes an imported page; every step is safe to repeat: embeds the service did not rewrite
 * get their remote address back (one `PUT` with `If-Match`), the page gets the clip's title,
 * and it is moved into the chosen folder.
 */
async function place(
  api: ImportApi,
  write: CreatePageWrite,
  titles: Titles,
  pageId: string,
  collected: CollectedImages | null,
  keeper: ImageKeeper,
  hooks: ImportHooks,
  reasons: Map<string, string | null> = new Map(),
): Promise<OutboxResult> {
  const kept = collected?.kept.length ?? 0;
  await hooks.progress({ phase: 'placing', done: kept, total: kept });
  const content = await read(() => api.getContent(pageId));
  let etag = content.etag;
  let unstored: string[] = [];
  if (collected) {
    const repaired = restoreUnstored(content.markdown, collected, embeddedUrls(write));
    unstored = repaired.unstored;
    if (unstored.length > 0) {
      const res = await api.replaceContent(pageId, repaired.markdown, {
        ifMatch: content.etag ?? null,
      });
      etag = res.etag;
    }
  }
  if (titles.file !== titles.page) await api.updatePage(pageId, { title: titles.page });
  if (write.parentId !== null) await api.movePage(pageId, { parentId: write.parentId });
  await keeper.forget(write.clipId);
  const report = collected
    ? reportOf(collected, unstored, reasons)
    : reportFromPage(content.markdown);
  return etag === undefined ? { pageId, images: report } : { pageId, etag, images: report };
}

function reportOf(
  collected: CollectedImages,
  unstored: string[],
  reasons: Map<string, string | null>,
): ImageReport {
  const failed = unstored.map((url) => ({
    url,
    reason: reasons.get(url) ?? 'not stored by the service',
  }));
  return {
    stored: collected.kept.length - unstored.length,
    skipped: collected.skipped.length,
    links: [...collected.links, ...failed].slice(0, 500),
  };
}

/** An earlier attempt finished and forgot its images: count what the page shows. */
function reportFromPage(markdown: string): ImageReport {
  const embeds = findImageEmbeds(markdown);
  const stored = embeds.filter((e) => fetchableAddress(e.url) === null).length;
  return { stored, skipped: 0, links: [] };
}
