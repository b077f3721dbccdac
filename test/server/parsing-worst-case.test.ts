// Title, embed and wiki-link parsing take linear time (docs/api.md, Limits): the worst inputs
// at the size limits must finish within the test's timeout, which is the only bound here
// (`npm run bench:service -- --worst-inputs` prints the times).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import { WORST_NOTES, worstHeading } from '../../scripts/bench/worst-inputs';
import { expectStatus, getContent, tokenClient, type Client } from './support/http';

let svc: RunningService;
let api: Client;

beforeAll(async () => {
  svc = await startService();
  api = await tokenClient(svc);
});
afterAll(async () => {
  await svc?.stop();
});

describe('worst inputs at the size limits', { timeout: 60_000 }, () => {
  it('a 5 MiB page import of "# a", spaces and "x" is titled in linear time', async () => {
    const text = worstHeading();
    const res = await api.request('POST', '/imports/page', {
      raw: text,
      headers: { 'content-type': 'text/markdown' },
    });
    expectStatus(res, 201);
    expect(res.body.title.startsWith('a')).toBe(true);
    expect(res.body.title.endsWith('x')).toBe(true);
    expect(res.body.title.length).toBeLessThanOrEqual(1000);
    expect((await getContent(api, res.body.id)).markdown).toBe(text);
  });

  it.each(Object.keys(WORST_NOTES))(
    'a 5 MiB vault note of %s imports in linear time',
    async (name) => {
      const content = WORST_NOTES[name]!();
      const res = await api.post('/imports/vaultapp', {
        files: [
          { path: 'Worst.md', content },
          { path: 'Other.md', content: 'see [[Worst]]' },
        ],
      });
      expectStatus(res, 200);
      expect(res.body.errors).toEqual([]);
      expect(res.body.pagesCreated).toBe(2);
      expect(res.body.backlinksCreated).toBeGreaterThanOrEqual(1);
    },
  );
});
