import type { Database } from './database';

/** Completed responses are replayed for 24 hours; a reservation that never completed expires after 5 minutes (spec, Limits). */
export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const RESERVATION_TTL_MS = 5 * 60 * 1000;

export interface IdempotencyScope {
  caller: string;
  method: string;
  path: string;
  key: string;
}

export interface IdempotencyRecord {
  fingerprint: string;
  state: 'pending' | 'completed';
  status: number | null;
  body: string | null;
  etag: string | null;
  created_at: number;
  completed_at: number | null;
}

export function idempotencyRepository(db: Database) {
  const get = db.prepare<[string, string, string, string], IdempotencyRecord>(
    `SELECT fingerprint, state, status, body, etag, created_at, completed_at FROM idempotency
      WHERE caller = ? AND method = ? AND path = ? AND key = ?`,
  );
  // Reservation, operation and completion share one transaction (http/idempotency.ts), so
  // the row is written once, completed. `pending` rows (another process's reservation in
  // flight) are only ever read here: `find` honours them for 5 minutes.
  const UPSERT = `INSERT INTO idempotency
       (caller, method, path, key, fingerprint, state, status, body, etag, created_at, completed_at)
     VALUES (@caller, @method, @path, @key, @fingerprint, @state, @status, @body, @etag, @now, @completedAt)
     ON CONFLICT (caller, method, path, key) DO UPDATE SET
       fingerprint = excluded.fingerprint, state = excluded.state, status = excluded.status,
       body = excluded.body, etag = excluded.etag, created_at = excluded.created_at,
       completed_at = excluded.completed_at`;
  const upsert = db.prepare(UPSERT);
  const sweep = db.prepare(
    `DELETE FROM idempotency
      WHERE (state = 'completed' AND completed_at <= @replay)
         OR (state = 'pending' AND created_at <= @reservation)`,
  );

  return {
    /** The live record for the scope; an expired one is treated as absent. */
    find(scope: IdempotencyScope, now: number): IdempotencyRecord | undefined {
      const row = get.get(scope.caller, scope.method, scope.path, scope.key);
      if (!row) return undefined;
      if (row.state === 'completed' && row.completed_at! <= now - REPLAY_WINDOW_MS)
        return undefined;
      if (row.state === 'pending' && row.created_at <= now - RESERVATION_TTL_MS) return undefined;
      return row;
    },
    /** Stores the completed response (replacing a reservation, or as the first write). */
    complete(
      scope: IdempotencyScope,
      fingerprint: string,
      response: { status: number; body: string; etag: string | null },
      now: number,
    ): void {
      upsert.run({ ...scope, fingerprint, state: 'completed', ...response, now, completedAt: now });
    },
    sweep(now: number): number {
      return sweep.run({ replay: now - REPLAY_WINDOW_MS, reservation: now - RESERVATION_TTL_MS })
        .changes;
    },
  };
}

export type IdempotencyRepository = ReturnType<typeof idempotencyRepository>;
