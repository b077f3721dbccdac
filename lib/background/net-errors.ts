/**
 * The browser's own name for why a request to the service failed (`net::ERR_CONNECTION_REFUSED`,
 * `net::ERR_CERT_AUTHORITY_INVALID`…). `fetch` rejects with a bare "Failed to fetch";
 * `webRequest.onErrorOccurred` says which, for the origins Pageclip has host access to.
 * Where the API is missing (tests, a browser without it) nothing is known and callers fall back
 * to the error's own message.
 */
import { browser } from 'wxt/browser';
import { originPatternOf } from './permissions';

export interface NetErrorWatch {
  /** The error the browser reported for this URL, waiting briefly for its event. */
  errorFor(url: string): Promise<string | null>;
  stop(): void;
}

/** The event may reach the worker just after `fetch` rejected. */
const EVENT_GRACE_MS = 1_000;

type ErrorEvent = { url: string; error: string };

export function watchNetErrors(serviceUrl: string): NetErrorWatch {
  const pattern = originPatternOf(serviceUrl);
  const event = (
    browser as unknown as {
      webRequest?: {
        onErrorOccurred?: {
          addListener(cb: (e: ErrorEvent) => void, filter: { urls: string[] }): void;
          removeListener(cb: (e: ErrorEvent) => void): void;
        };
      };
    }
  ).webRequest?.onErrorOccurred;
  if (!pattern || !event) return { errorFor: () => Promise.resolve(null), stop: () => undefined };

  const seen = new Map<string, string>();
  const waiters = new Map<string, (error: string) => void>();
  const listener = (e: ErrorEvent) => {
    const url = e.url.split(/[?#]/)[0] ?? e.url;
    seen.set(url, e.error);
    waiters.get(url)?.(e.error);
  };
  try {
    event.addListener(listener, { urls: [pattern] });
  } catch {
    return { errorFor: () => Promise.resolve(null), stop: () => undefined };
  }
  return {
    errorFor(url) {
      const known = seen.get(url);
      if (known !== undefined) return Promise.resolve(known);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), EVENT_GRACE_MS);
        waiters.set(url, (error) => {
          clearTimeout(timer);
          resolve(error);
        });
      });
    },
    stop() {
      event.removeListener(listener);
    },
  };
}
