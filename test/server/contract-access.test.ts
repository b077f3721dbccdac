// Each operation's access in the contract (and so in docs/api.md's table) is what the service
// enforces: a token without the declared scope, or a token where a session is declared, is
// refused before anything else is looked at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, pathOf, type Operation } from '../../contract';
import { startService, type RunningService } from '../helpers/service';
import { tokenClient, uuid, type Client } from './support/http';

let svc: RunningService;
let readOnly: Client;
let writeOnly: Client;

beforeAll(async () => {
  svc = await startService();
  readOnly = await tokenClient(svc, { scopes: ['pages:read'] });
  writeOnly = await tokenClient(svc, { scopes: ['pages:write'] });
});
afterAll(async () => {
  await svc?.stop();
});

/** A request the operation would take but for its access rule: random ids, required queries. */
function call(who: Client, op: Operation) {
  const params = Object.fromEntries(Object.keys(op.params?.shape ?? {}).map((k) => [k, uuid()]));
  const query = new URLSearchParams();
  for (const [name, schema] of Object.entries(op.query?.shape ?? {})) {
    if (!schema.safeParse(undefined).success) query.set(name, 'x');
  }
  const path = pathOf(op.path, params) + (query.size ? `?${query}` : '');
  const body =
    op.body?.type === 'markdown'
      ? { raw: 'x', headers: { 'content-type': 'text/markdown' } }
      : op.body
        ? { json: {} }
        : {};
  return who.request(op.method.toUpperCase(), path, body);
}

describe('the access each operation declares', () => {
  for (const [name, op] of Object.entries(operations) as [string, Operation][]) {
    it(`${name}: ${op.access}`, async () => {
      if (op.access === 'read') {
        const res = await call(writeOnly, op);
        expect(res.status, res.text).toBe(403);
        expect(res.body.error.code).toBe('insufficient_scope');
      } else if (op.access === 'write') {
        const res = await call(readOnly, op);
        expect(res.status, res.text).toBe(403);
        expect(res.body.error.code).toBe('insufficient_scope');
      } else if (op.access === 'session') {
        const res = await call(await tokenClient(svc), op);
        expect(res.status, res.text).toBe(403);
        expect(res.body.error.code).toBe('forbidden');
      } else {
        for (const who of [readOnly, writeOnly]) {
          const res = await call(who, op);
          expect(res.status, res.text).toBeLessThan(300);
        }
      }
    });
  }
});
