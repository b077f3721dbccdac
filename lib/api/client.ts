/**
 * `ApiClient`: one typed method per operation of the Page and Folder Service
 * (`/work/shared/spec/page-folder-service.md`), for the extension's background worker and for
 * Node. Every answer is parsed with the schemas in `schemas.ts`; every failure is an
 * `ApiError` (`errors.ts`). Paths live in `routes.ts`.
 *
 * The credential is either an API token (`Authorization: Bearer`) or a browser session (token
 * management needs one; spec, POST /tokens). It is never logged nor put in an error message.
 */
import { z } from 'zod';
import { isApiError } from './errors';
import { paginate } from './paginate';
import { withRetry, type RetryOptions } from './retry';
import { ROOT_PARENT_QUERY, routes } from './routes';
import {
  ContentOperationResultSchema,
  CreatedTokenSchema,
  EditResultSchema,
  EmptyTrashResultSchema,
  FolderCopyResultSchema,
  FolderResultSchema,
  FolderSchema,
  IdResultSchema,
  ImportResultSchema,
  LooseIdResultSchema,
  MeSchema,
  MovedPageSchema,
  PageCopyResultSchema,
  PageSchema,
  ResolvedPageSchema,
  TokenInfoSchema,
  TrashedFolderSchema,
  TrashedPageSchema,
  listSchema,
  resolveSchema,
  type ContentOperation,
  type CreatedToken,
  type EditItem,
  type Folder,
  type FolderResult,
  type ImportFile,
  type ImportResult,
  type ListPage,
  type LooseIdResult,
  type Me,
  type Page,
  type ResolvedPage,
  type TokenInfo,
  type TrashedFolder,
  type TrashedPage,
} from './schemas';
import {
  Transport,
  invalidResponse,
  parseJson,
  type CallOptions,
  type Credential,
  type FetchLike,
  type RawResponse,
  type RequestSpec,
} from './transport';
import {
  updateContent,
  type ContentChange,
  type UpdateContentOptions,
  type UpdateContentResult,
} from './update-content';

export interface ApiClientOptions {
  /** The service's base URL, ending in `/api/v1`. */
  baseUrl: string;
  credential: Credential;
  /** Defaults to the global `fetch`. */
  fetch?: FetchLike;
  /** Per-request timeout (whole exchange, body included). Default 30 s. */
  timeoutMs?: number;
}

export interface ListOptions {
  /** Items per request (spec: default 50, 1 to 100). */
  limit?: number;
}
export interface PageListOptions extends ListOptions {
  /** Only pages directly inside this folder. */
  parentId?: string;
}

export interface IdempotentCallOptions extends CallOptions {
  /** Sent as `Idempotency-Key`; a fresh `crypto.randomUUID()` when absent. */
  idempotencyKey?: string;
  /**
   * Retry retryable failures inside the call, always with the same key (so a request the
   * service applied but whose answer was lost is replayed, not applied twice).
   */
  retry?: boolean | RetryOptions;
}

export interface ContentOperationResult {
  id: string;
  etag: string;
  /** True when the service replayed a stored answer (`Idempotent-Replayed: true`). */
  replayed: boolean;
  idempotencyKey: string;
}

export interface EditsResult {
  results: { id?: string; status?: string }[];
  etag: string;
  replayed: boolean;
  idempotencyKey: string;
}

export interface PageContent {
  markdown: string;
  etag: string;
}

export interface ExportedPage {
  markdown: string;
  /** From `Content-Disposition`, when the service names the download. */
  filename: string | null;
}

export interface ExportedArchive {
  bytes: Uint8Array;
  contentType: string | null;
  filename: string | null;
}

export interface ImportPageInput {
  /** The markdown document (frontmatter allowed). */
  markdown: string;
  /** The page title; the service derives one from the document when absent. */
  title?: string;
  /** Target folder; null or absent: the root. */
  parentId?: string | null;
}

export interface CreateTokenInput {
  name?: string;
  /** Spec: a token created without scopes holds `pages:read`. */
  scopes?: string[];
  expiresAt?: string | null;
}

const TokenListSchema = z.union([
  z.object({ data: z.array(TokenInfoSchema) }).transform((v) => v.data),
  z.array(TokenInfoSchema),
]);

/** Timeouts for the bulk operations, which move whole vaults. */
const BULK_TIMEOUT_MS = 5 * 60_000;

export class ApiClient {
  private readonly http: Transport;

  constructor(opts: ApiClientOptions) {
    this.http = new Transport(opts);
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  // -------------------------------------------------------------------------------------------
  // Identity (named only in the spec)

  /** The current user. */
  me(opts?: CallOptions): Promise<Me> {
    return this.json(MeSchema, { method: 'GET', path: routes.me(), read: 'json' }, opts);
  }

  // -------------------------------------------------------------------------------------------
  // Folders

  /** One page of `GET /folders`. */
  listFoldersPage(
    q: ListOptions & { cursor?: string | null } = {},
    opts?: CallOptions,
  ): Promise<ListPage<Folder>> {
    return this.json(
      listSchema(FolderSchema),
      {
        method: 'GET',
        path: routes.folders(),
        query: { cursor: q.cursor, limit: q.limit },
        read: 'json',
      },
      opts,
    );
  }

  /** Every accessible folder, following `nextCursor`. */
  listFolders(q: ListOptions = {}, opts?: CallOptions): AsyncGenerator<Folder, void, undefined> {
    return paginate(
      (cursor) => this.listFoldersPage({ ...q, cursor }, opts),
      `GET ${routes.folders()}`,
    );
  }

  createFolder(
    input: { name: string; parentId?: string | null; icon?: string | null },
    opts?: CallOptions,
  ): Promise<FolderResult> {
    return this.json(
      FolderResultSchema,
      {
        method: 'POST',
        path: routes.folders(),
        json: { ...input, parentId: input.parentId ?? null },
        read: 'json',
      },
      opts,
    );
  }

  getFolder(folderId: string, opts?: CallOptions): Promise<FolderResult> {
    return this.json(
      FolderResultSchema,
      { method: 'GET', path: routes.folder(folderId), read: 'json' },
      opts,
    );
  }

  /** Renames, sets the icon, or moves (with `parentId`) a folder. */
  updateFolder(
    folderId: string,
    patch: { name?: string; icon?: string | null; parentId?: string | null },
    opts?: CallOptions,
  ): Promise<FolderResult> {
    return this.json(
      FolderResultSchema,
      { method: 'PATCH', path: routes.folder(folderId), json: patch, read: 'json' },
      opts,
    );
  }

  /** Moves a folder (decisions.md: `PATCH /folders/{id}` with `parentId`). */
  moveFolder(folderId: string, parentId: string | null, opts?: CallOptions): Promise<FolderResult> {
    return this.updateFolder(folderId, { parentId }, opts);
  }

  /** Folders with exactly this name; `parentId` narrows to one folder (null: the top level). */
  async resolveFolders(
    q: { name: string; parentId?: string | null },
    opts?: CallOptions,
  ): Promise<FolderResult[]> {
    const result = await this.json(
      resolveSchema(FolderResultSchema),
      {
        method: 'GET',
        path: routes.foldersResolve(),
        query: { name: q.name, parentId: resolveParent(q.parentId) },
        read: 'json',
      },
      opts,
    );
    return result.data;
  }

  copyFolder(
    folderId: string,
    target: { parentId: string | null },
    opts?: CallOptions,
  ): Promise<{ id: string; skippedRestrictedItems: boolean }> {
    return this.json(
      FolderCopyResultSchema,
      {
        method: 'POST',
        path: routes.folderCopy(folderId),
        json: { parentId: target.parentId },
        read: 'json',
      },
      opts,
    );
  }

  trashFolder(folderId: string, opts?: CallOptions): Promise<LooseIdResult> {
    return this.json(
      LooseIdResultSchema,
      { method: 'DELETE', path: routes.folderTrash(folderId), read: 'json' },
      opts,
    );
  }

  restoreFolder(folderId: string, opts?: CallOptions): Promise<{ id: string }> {
    return this.json(
      IdResultSchema,
      { method: 'PATCH', path: routes.folderRestore(folderId), read: 'json' },
      opts,
    );
  }

  async deleteFolderPermanently(folderId: string, opts?: CallOptions): Promise<void> {
    await this.http.send(
      { method: 'DELETE', path: routes.folderPermanent(folderId), read: 'none' },
      opts,
    );
  }

  listTrashedFoldersPage(
    q: ListOptions & { cursor?: string | null } = {},
    opts?: CallOptions,
  ): Promise<ListPage<TrashedFolder>> {
    return this.json(
      listSchema(TrashedFolderSchema),
      {
        method: 'GET',
        path: routes.trashFolders(),
        query: { cursor: q.cursor, limit: q.limit },
        read: 'json',
      },
      opts,
    );
  }

  listTrashedFolders(
    q: ListOptions = {},
    opts?: CallOptions,
  ): AsyncGenerator<TrashedFolder, void, undefined> {
    return paginate(
      (cursor) => this.listTrashedFoldersPage({ ...q, cursor }, opts),
      `GET ${routes.trashFolders()}`,
    );
  }

  // -------------------------------------------------------------------------------------------
  // Pages: metadata

  /** One page of `GET /pages` (most recently updated first). */
  listPagesPage(
    q: PageListOptions & { cursor?: string | null } = {},
    opts?: CallOptions,
  ): Promise<ListPage<Page>> {
    return this.json(
      listSchema(PageSchema),
      {
        method: 'GET',
        path: routes.pages(),
        query: { cursor: q.cursor, limit: q.limit, parentId: q.parentId },
        read: 'json',
      },
      opts,
    );
  }

  /** Every accessible page (or those directly in `parentId`), following `nextCursor`. */
  listPages(q: PageListOptions = {}, opts?: CallOptions): AsyncGenerator<Page, void, undefined> {
    return paginate(
      (cursor) => this.listPagesPage({ ...q, cursor }, opts),
      `GET ${routes.pages()}`,
    );
  }

  /** Creates a page; `parentId` null or absent puts it at the root. Not idempotent (spec). */
  createPage(
    input: { title: string; markdown: string; parentId?: string | null },
    opts?: CallOptions,
  ): Promise<Page> {
    return this.json(
      PageSchema,
      {
        method: 'POST',
        path: routes.pages(),
        json: { title: input.title, markdown: input.markdown, parentId: input.parentId ?? null },
        read: 'json',
      },
      opts,
    );
  }

  getPage(pageId: string, opts?: CallOptions): Promise<Page> {
    return this.json(PageSchema, { method: 'GET', path: routes.page(pageId), read: 'json' }, opts);
  }

  /** Sets the title and/or icon (spec: at least one). */
  updatePage(
    pageId: string,
    patch: { title?: string; icon?: string | null },
    opts?: CallOptions,
  ): Promise<Page> {
    return this.json(
      PageSchema,
      { method: 'PATCH', path: routes.page(pageId), json: patch, read: 'json' },
      opts,
    );
  }

  /** Pages with exactly this title; `parentId` narrows to one folder (null: the top level). */
  async resolvePages(
    q: { title: string; parentId?: string | null },
    opts?: CallOptions,
  ): Promise<ResolvedPage[]> {
    const result = await this.json(
      resolveSchema(ResolvedPageSchema),
      {
        method: 'GET',
        path: routes.pagesResolve(),
        query: { title: q.title, parentId: resolveParent(q.parentId) },
        read: 'json',
      },
      opts,
    );
    return result.data;
  }

  copyPage(
    pageId: string,
    target: { parentId: string | null },
    opts?: CallOptions,
  ): Promise<{ id: string }> {
    return this.json(
      PageCopyResultSchema,
      {
        method: 'POST',
        path: routes.pageCopy(pageId),
        json: { parentId: target.parentId },
        read: 'json',
      },
      opts,
    );
  }

  /** Moves a page; resolves with its metadata when the service sends it (not shown), else null. */
  movePage(
    pageId: string,
    target: { parentId: string | null },
    opts?: CallOptions,
  ): Promise<Page | null> {
    return this.json(
      MovedPageSchema,
      {
        method: 'PATCH',
        path: routes.pageMove(pageId),
        json: { parentId: target.parentId },
        read: 'json',
      },
      opts,
    );
  }

  trashPage(pageId: string, opts?: CallOptions): Promise<LooseIdResult> {
    return this.json(
      LooseIdResultSchema,
      { method: 'DELETE', path: routes.pageTrash(pageId), read: 'json' },
      opts,
    );
  }

  restorePage(pageId: string, opts?: CallOptions): Promise<LooseIdResult> {
    return this.json(
      LooseIdResultSchema,
      { method: 'PATCH', path: routes.pageRestore(pageId), read: 'json' },
      opts,
    );
  }

  async deletePagePermanently(pageId: string, opts?: CallOptions): Promise<void> {
    await this.http.send(
      { method: 'DELETE', path: routes.pagePermanent(pageId), read: 'none' },
      opts,
    );
  }

  listTrashedPagesPage(
    q: ListOptions & { cursor?: string | null } = {},
    opts?: CallOptions,
  ): Promise<ListPage<TrashedPage>> {
    return this.json(
      listSchema(TrashedPageSchema),
      {
        method: 'GET',
        path: routes.trashPages(),
        query: { cursor: q.cursor, limit: q.limit },
        read: 'json',
      },
      opts,
    );
  }

  listTrashedPages(
    q: ListOptions = {},
    opts?: CallOptions,
  ): AsyncGenerator<TrashedPage, void, undefined> {
    return paginate(
      (cursor) => this.listTrashedPagesPage({ ...q, cursor }, opts),
      `GET ${routes.trashPages()}`,
    );
  }

  /** Permanently deletes what is in Trash (of what the caller administers). */
  emptyTrash(opts?: CallOptions): Promise<{ pagesDeleted?: number; foldersDeleted?: number }> {
    return this.json(
      EmptyTrashResultSchema,
      { method: 'DELETE', path: routes.trashEmpty(), read: 'json' },
      opts,
    );
  }

  // -------------------------------------------------------------------------------------------
  // Pages: content

  /** The page's markdown and its revision (`ETag`, required: without it no safe write exists). */
  async getContent(pageId: string, opts?: CallOptions): Promise<PageContent> {
    const path = routes.pageContent(pageId);
    const raw = await this.http.send({ method: 'GET', path, read: 'text' }, opts);
    requireMarkdown(raw, `GET ${path}`);
    return { markdown: raw.text, etag: requireEtag(raw, `GET ${path}`) };
  }

  /**
   * Replaces the whole markdown if the page is still at revision `ifMatch` (spec: 409 when it
   * is not, 428 when `ifMatch` is null, i.e. the header is left out).
   */
  async replaceContent(
    pageId: string,
    markdown: string,
    opts: CallOptions & { ifMatch: string | null },
  ): Promise<{ etag: string }> {
    const path = routes.pageContent(pageId);
    const headers: Record<string, string> = {};
    if (opts.ifMatch !== null) headers['if-match'] = opts.ifMatch;
    const raw = await this.http.send(
      {
        method: 'PUT',
        path,
        text: markdown,
        contentType: 'text/markdown; charset=utf-8',
        headers,
        read: 'none',
      },
      opts,
    );
    return { etag: requireEtag(raw, `PUT ${path}`) };
  }

  /**
   * Exact text edits, all or nothing (spec, POST /pages/{id}/edits). Idempotent under its key:
   * the result carries the key, and `retry` retries with it.
   */
  applyEdits(
    pageId: string,
    edits: EditItem[],
    opts: IdempotentCallOptions = {},
  ): Promise<EditsResult> {
    const path = routes.pageEdits(pageId);
    return this.idempotent(opts, async (key, call) => {
      const raw = await this.http.send(
        {
          method: 'POST',
          path,
          json: { edits },
          headers: { 'idempotency-key': key },
          read: 'json',
        },
        call,
      );
      const body = parseJson(EditResultSchema, raw, `POST ${path}`);
      return {
        results: body.results,
        etag: raw.headers.get('etag') ?? body.etag,
        replayed: isReplayed(raw),
        idempotencyKey: key,
      };
    });
  }

  /**
   * Appends or prepends markdown (spec, POST /pages/{id}/content-operations). `operation.id` is
   * the client's id for the operation; the outbox uses its clip id for both it and the key.
   */
  appendContent(
    pageId: string,
    operation: ContentOperation,
    opts: IdempotentCallOptions = {},
  ): Promise<ContentOperationResult> {
    const path = routes.pageContentOperations(pageId);
    return this.idempotent(opts, async (key, call) => {
      const raw = await this.http.send(
        {
          method: 'POST',
          path,
          json: { id: operation.id, operation: operation.operation, content: operation.content },
          headers: { 'idempotency-key': key },
          read: 'json',
        },
        call,
      );
      const body = parseJson(ContentOperationResultSchema, raw, `POST ${path}`);
      return {
        id: body.id,
        etag: raw.headers.get('etag') ?? body.etag,
        replayed: isReplayed(raw),
        idempotencyKey: key,
      };
    });
  }

  /** Read, change, `PUT` with `If-Match`, again on 409 (see `update-content.ts`). */
  updateContent(
    pageId: string,
    change: ContentChange,
    opts?: UpdateContentOptions,
  ): Promise<UpdateContentResult> {
    return updateContent(this, pageId, change, opts);
  }

  // -------------------------------------------------------------------------------------------
  // Import and export

  /** Imports a note-vault file list at the root (spec, POST /imports/vaultapp). */
  importVault(files: ImportFile[], opts?: CallOptions): Promise<ImportResult> {
    return this.json(
      ImportResultSchema,
      { method: 'POST', path: routes.importVault(), json: { files }, read: 'json' },
      { timeoutMs: BULK_TIMEOUT_MS, ...opts },
    );
  }

  /**
   * Imports one markdown document as a page (named only in the spec; the local service takes
   * the document as `text/markdown` and the target and title as query parameters).
   */
  importPage(input: ImportPageInput, opts?: CallOptions): Promise<Page> {
    return this.json(
      PageSchema,
      {
        method: 'POST',
        path: routes.importPage(),
        query: { parentId: input.parentId, title: input.title },
        text: input.markdown,
        contentType: 'text/markdown; charset=utf-8',
        read: 'json',
      },
      opts,
    );
  }

  /** One page as a markdown download (named only in the spec). */
  async exportPage(pageId: string, opts?: CallOptions): Promise<ExportedPage> {
    const raw = await this.http.send(
      { method: 'GET', path: routes.pageExport(pageId), read: 'text' },
      opts,
    );
    requireMarkdown(raw, `GET ${routes.pageExport(pageId)}`);
    return { markdown: raw.text, filename: filenameOf(raw.headers) };
  }

  /** Every page as an archive of the folder tree (named only; the local service sends a zip). */
  async exportAllPages(opts?: CallOptions): Promise<ExportedArchive> {
    const path = routes.exportAll();
    const raw = await this.http.send(
      { method: 'GET', path, read: 'bytes', headers: { accept: '*/*' } },
      { timeoutMs: BULK_TIMEOUT_MS, ...opts },
    );
    const bytes = raw.bytes ?? new Uint8Array();
    if (bytes.length === 0) throw invalidResponse(`GET ${path}`, raw.status, 'the export is empty');
    return {
      bytes,
      contentType: raw.headers.get('content-type'),
      filename: filenameOf(raw.headers),
    };
  }

  // -------------------------------------------------------------------------------------------
  // API tokens (need a browser session: construct the client with `{ kind: 'session' }`)

  /** Creates a token; the secret is in the result and is never shown again. */
  createToken(input: CreateTokenInput = {}, opts?: CallOptions): Promise<CreatedToken> {
    return this.json(
      CreatedTokenSchema,
      { method: 'POST', path: routes.tokens(), json: input, read: 'json' },
      opts,
    );
  }

  listTokens(opts?: CallOptions): Promise<TokenInfo[]> {
    return this.json(TokenListSchema, { method: 'GET', path: routes.tokens(), read: 'json' }, opts);
  }

  async revokeToken(tokenId: string, opts?: CallOptions): Promise<void> {
    await this.http.send({ method: 'DELETE', path: routes.token(tokenId), read: 'none' }, opts);
  }

  // -------------------------------------------------------------------------------------------

  private async json<S extends z.ZodType>(
    schema: S,
    spec: RequestSpec,
    opts?: CallOptions,
  ): Promise<z.output<S>> {
    const raw = await this.http.send(spec, opts);
    return parseJson(schema, raw, `${spec.method} ${spec.path}`);
  }

  /** Runs an idempotent write once, or under `withRetry`, always with one key. */
  private async idempotent<T>(
    opts: IdempotentCallOptions,
    send: (key: string, call: CallOptions) => Promise<T>,
  ): Promise<T> {
    const key = opts.idempotencyKey ?? crypto.randomUUID();
    const call: CallOptions = { signal: opts.signal, timeoutMs: opts.timeoutMs };
    try {
      if (!opts.retry) return await send(key, call);
      const retryOpts = opts.retry === true ? {} : opts.retry;
      return await withRetry(() => send(key, call), { signal: opts.signal, ...retryOpts });
    } catch (error) {
      // The caller needs the key to retry later without applying the write twice.
      if (isApiError(error)) error.idempotencyKey = key;
      throw error;
    }
  }
}

/** Resolve's folder filter: absent = anywhere, null = the top level, else that folder. */
function resolveParent(parentId: string | null | undefined): string | undefined {
  if (parentId === undefined) return undefined;
  return parentId === null ? ROOT_PARENT_QUERY : parentId;
}

/**
 * Content is `text/markdown` (spec, GET content). An HTML or JSON body is a captive portal, a
 * proxy's page or a wrong route: taking it as the page's markdown would let `updateContent`
 * write it back into the page. A missing or plain-text type is tolerated.
 */
function requireMarkdown(raw: RawResponse, request: string): void {
  const type = raw.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type && (type === 'text/html' || type === 'application/xhtml+xml' || type.endsWith('json'))) {
    throw invalidResponse(request, raw.status, `expected markdown, got ${type}`);
  }
}

function requireEtag(raw: RawResponse, request: string): string {
  const etag = raw.headers.get('etag');
  if (etag === null || etag === '') {
    throw invalidResponse(request, raw.status, 'the ETag header is missing');
  }
  return etag;
}

function isReplayed(raw: RawResponse): boolean {
  return raw.headers.get('idempotent-replayed')?.trim().toLowerCase() === 'true';
}

/** The file name of `Content-Disposition` (`filename*=UTF-8''…` preferred, RFC 6266). */
export function filenameOf(headers: Headers): string | null {
  const value = headers.get('content-disposition');
  if (!value) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(value);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(value);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name ?? null;
}
