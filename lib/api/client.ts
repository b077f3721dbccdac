/**
 * `ApiClient`: the Page and Folder Service's operations as typed methods, for the extension's
 * background worker and for Node. Each method is a thin wrapper in its resource's module
 * (`pages.ts`, `folders.ts`, `content.ts`, `trash.ts`, `transfer.ts`, `tokens.ts`) over the one
 * generic call (`call.ts`), which takes the operation's method, path and schemas from
 * `contract/`. Every answer is parsed; every failure is an `ApiError` (`errors.ts`).
 *
 * The credential is either an API token (`Authorization: Bearer`) or a browser session (token
 * management needs one; spec, POST /tokens). It is never logged nor put in an error message.
 */
import { Caller } from './call';
import { contentApi, type ContentApi } from './content';
import { foldersApi, type FoldersApi } from './folders';
import { pagesApi, type PagesApi } from './pages';
import { tokensApi, type TokensApi } from './tokens';
import { transferApi, type TransferApi } from './transfer';
import { trashApi, type TrashApi } from './trash';
import { Transport, type Credential, type FetchLike } from './transport';

export interface ApiClientOptions {
  /** The service's base URL, ending in `/api/v1`. */
  baseUrl: string;
  credential: Credential;
  /** Defaults to the global `fetch`. */
  fetch?: FetchLike;
  /** Per-request timeout (whole exchange, body included). Default 30 s. */
  timeoutMs?: number;
}

// The resource modules supply these methods (assigned in the constructor), so each operation's
// method is written once, next to its resource's others.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface ApiClient
  extends PagesApi, FoldersApi, ContentApi, TrashApi, TransferApi, TokensApi {}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class ApiClient {
  private readonly http: Transport;

  constructor(opts: ApiClientOptions) {
    this.http = new Transport(opts);
    const api = new Caller(this.http);
    Object.assign(
      this,
      pagesApi(api),
      foldersApi(api),
      contentApi(api),
      trashApi(api),
      transferApi(api),
      tokensApi(api),
    );
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }
}
