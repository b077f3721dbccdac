import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * Failed sign-ins, counted per account and per client over a sliding window (docs/api.md,
 * Sign-in). Past the limit every attempt for that key, even with the right password, is
 * answered 429 with Retry-After, before the password is checked.
 */
export interface ThrottleRule {
  failures: number;
  windowMs: number;
}

export const ACCOUNT_RULE: ThrottleRule = { failures: 5, windowMs: 15 * 60 * 1000 };
export const CLIENT_RULE: ThrottleRule = { failures: 20, windowMs: 15 * 60 * 1000 };

/** Keys kept at most; the oldest go first, so a flood of made-up emails cannot grow memory. */
const MAX_KEYS = 10_000;

export function failureCounter(rule: ThrottleRule, now: () => number) {
  const failures = new Map<string, number[]>();
  const recent = (key: string): number[] => {
    const since = now() - rule.windowMs;
    const kept = (failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) failures.delete(key);
    else failures.set(key, kept);
    return kept;
  };
  return {
    /** Milliseconds until `key` may try again; 0 when it may now. */
    waitFor(key: string): number {
      const kept = recent(key);
      if (kept.length < rule.failures) return 0;
      return kept[kept.length - rule.failures]! + rule.windowMs - now();
    },
    fail(key: string): void {
      const kept = recent(key);
      failures.delete(key);
      failures.set(key, [...kept, now()]);
      if (failures.size > MAX_KEYS) failures.delete(failures.keys().next().value!);
    },
    clear(key: string): void {
      failures.delete(key);
    },
  };
}

export function signInThrottle(now: () => number) {
  const accounts = failureCounter(ACCOUNT_RULE, now);
  const clients = failureCounter(CLIENT_RULE, now);
  const accountKey = (email: string) => email.trim().toLowerCase();
  return {
    /** Seconds to wait before this client may try this account, or 0. */
    retryAfter(email: string, client: string): number {
      const ms = Math.max(accounts.waitFor(accountKey(email)), clients.waitFor(client));
      return ms > 0 ? Math.ceil(ms / 1000) : 0;
    },
    failed(email: string, client: string): void {
      accounts.fail(accountKey(email));
      clients.fail(client);
    },
    succeeded(email: string): void {
      accounts.clear(accountKey(email));
    },
  };
}

export type SignInThrottle = ReturnType<typeof signInThrottle>;

/** The client's address, as the socket reports it (no proxy sits in front of a local service). */
export function clientOf(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
