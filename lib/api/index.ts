/**
 * The API client of the Page and Folder Service: import everything from `lib/api`. Which
 * operation each method calls is in its resource module; the operations themselves, and the
 * shapes of what they answer, are declared in `contract/` (listed in docs/api.md, Routes).
 */
export type {
  ContentOperation,
  CreatedToken,
  EditItem,
  FolderReading as Folder,
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
} from '../../contract';
export { filenameOf } from './answers';
export { ApiClient, type ApiClientOptions } from './client';
export {
  type ContentOperationResult,
  type EditsResult,
  type IdempotentCallOptions,
  type PageContent,
} from './content';
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
export type { ListOptions, PageListOptions } from './pages';
export { withRetry, type AttemptContext, type RetryInfo, type RetryOptions } from './retry';
export type { CreateTokenInput } from './tokens';
export type { ExportedArchive, ExportedPage, ImportPageInput } from './transfer';
export type { CallOptions, Credential, FetchLike } from './transport';
export type { ContentChange, UpdateContentOptions, UpdateContentResult } from './update-content';
