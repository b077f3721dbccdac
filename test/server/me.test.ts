// Identity (spec "Other named operations"; docs/api.md: `GET /me` -> { id, email, name }).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import {
  client,
  createFolder,
  expectError,
  expectStatus,
  newUser,
  tokenClient,
  UUID_RE,
} from './support/http';

let svc: RunningService;

beforeAll(async () => {
  svc = await startService();
});
afterAll(async () => {
  await svc?.stop();
});

describe('GET /me', () => {
  it('returns the demo user for its token', async () => {
    const api = await tokenClient(svc);
    const res = await api.get('/me');
    expectStatus(res, 200);
    expect(res.body.id).toMatch(UUID_RE);
    expect(res.body.email).toBe(svc.demo.email);
    expect(typeof res.body.name).toBe('string');
  });

  it('returns the caller, with the id that owns their folders', async () => {
    const user = await newUser(svc, 'Ada');
    const res = await user.api.get('/me');
    expectStatus(res, 200);
    expect(res.body).toMatchObject({ email: user.email, name: 'Ada' });
    const folder = await createFolder(user.api);
    expect(folder.ownerId).toBe(res.body.id);
  });

  it('works with a browser session too', async () => {
    const session = client(svc, { cookie: await svc.signIn() });
    const res = await session.get('/me');
    expectStatus(res, 200);
    expect(res.body.email).toBe(svc.demo.email);
  });

  it('answers 401 without credentials', async () => {
    expectError(await client(svc, null).get('/me'), 401, 'unauthenticated');
  });
});
