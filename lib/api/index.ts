/**
 * The API client of the Page and Folder Service: import everything from `lib/api`.
 *
 * Spec operation → `ApiClient` method (paths in `routes.ts`):
 *
 * | operation                            | method                                          |
 * | ------------------------------------ | ----------------------------------------------- |
 * | identity (named only) GET /me        | `me()`                                          |
 * | GET /folders                         | `listFolders()` (iterator), `listFoldersPage()` |
 * | POST /folders                        | `createFolder()`                                |
 * | GET /folders/resolve                 | `resolveFolders()`                              |
 * | GET /folders/{id}                    | `getFolder()`                                   |
 * | PATCH /folders/{id}                  | `updateFolder()`, `moveFolder()`                |
 * | POST /folders/{id}/copy              | `copyFolder()`                                  |
 * | DELETE /folders/{id}/trash           | `trashFolder()`                                 |
 * | PATCH /folders/{id}/restore          | `restoreFolder()`                               |
 * | DELETE /folders/{id}/permanent       | `deleteFolderPermanently()`                     |
 * | GET /trash/folders                   | `listTrashedFolders()`, `listTrashedFoldersPage()` |
 * | GET /pages                           | `listPages()` (iterator), `listPagesPage()`     |
 * | POST /pages                          | `createPage()`                                  |
 * | GET /pages/resolve                   | `resolvePages()`                                |
 * | GET /pages/{id}                      | `getPage()`                                     |
 * | PATCH /pages/{id}                    | `updatePage()`                                  |
 * | GET /pages/{id}/content              | `getContent()`                                  |
 * | PUT /pages/{id}/content              | `replaceContent()`; read-modify-write: `updateContent()` |
 * | POST /pages/{id}/edits               | `applyEdits()`                                  |
 * | POST /pages/{id}/content-operations  | `appendContent()` (append or prepend)           |
 * | POST /pages/{id}/copy                | `copyPage()`                                    |
 * | PATCH /pages/{id}/move               | `movePage()`                                    |
 * | DELETE /pages/{id}/trash             | `trashPage()`                                   |
 * | PATCH /pages/{id}/restore            | `restorePage()`                                 |
 * | DELETE /pages/{id}/permanent         | `deletePagePermanently()`                       |
 * | GET /trash/pages                     | `listTrashedPages()`, `listTrashedPagesPage()`  |
 * | DELETE /trash/empty                  | `emptyTrash()`                                  |
 * | POST /imports/vaultapp               | `importVault()`                                 |
 * | import a page (named only)           | `importPage()`                                  |
 * | export a page (named only)           | `exportPage()`                                  |
 * | export all pages (named only)        | `exportAllPages()`                              |
 * | POST /tokens (session)               | `createToken()`                                 |
 * | list API tokens (named only)         | `listTokens()`                                  |
 * | revoke an API token (named only)     | `revokeToken()`                                 |
 */
export {
  ApiClient,
  filenameOf,
  type ApiClientOptions,
  type ContentOperationResult,
  type CreateTokenInput,
  type EditsResult,
  type ExportedArchive,
  type ExportedPage,
  type IdempotentCallOptions,
  type ImportPageInput,
  type ListOptions,
  type PageContent,
  type PageListOptions,
} from './client';
export {
  ApiError,
  isApiError,
  isForbidden,
  isMissingScope,
  isNotFound,
  isPreconditionRequired,
  isRetryable,
  isStaleRevision,
  isUnauthenticated,
  parseRetryAfter,
  type ApiErrorKind,
} from './errors';
export { collect, paginate } from './paginate';
export { withRetry, type AttemptContext, type RetryInfo, type RetryOptions } from './retry';
export { routes } from './routes';
export type {
  ContentOperation,
  CreatedToken,
  EditItem,
  Folder,
  FolderResult,
  ImportFile,
  ImportResult,
  ListPage,
  LooseIdResult,
  Me,
  Page,
  Permission,
  ResolvedPage,
  TokenInfo,
  TrashedFolder,
  TrashedPage,
} from './schemas';
export type { CallOptions, Credential, FetchLike } from './transport';
export type { ContentChange, UpdateContentOptions, UpdateContentResult } from './update-content';
