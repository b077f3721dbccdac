/** The API client of the Page and Folder Service: import everything from `lib/api`. */
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
