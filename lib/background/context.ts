/**
 * What the background's handlers share, injected so tests can use fakeBrowser, the real local
 * service, a fixed clock and a real outbox.
 */
import type { ApiClient, FetchLike } from '../api';
import type { BackgroundEvent } from '../messaging/events';
import type { Outbox } from '../outbox';

export interface BackgroundContext {
  now: () => number;
  randomId: () => string;
  /** Used by every ApiClient the background makes (tests may wrap it). */
  fetch?: FetchLike;
  /** Browser name for the minted token's name ("Pageclip on Chromium"). */
  browserName: string;
  outbox: Outbox;
  /** Send an event to open extension pages (popup, options). */
  broadcast: (event: BackgroundEvent) => void;
  /** Builds API clients; defaults to `new ApiClient`. */
  createClient: (opts: ConstructorParameters<typeof ApiClient>[0]) => ApiClient;
}
