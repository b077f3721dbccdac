// Title, embed and wiki-link parsing take linear time (docs/api.md, Limits): the worst inputs
// at the size limits must finish within the test's timeout, which is the only bound here
// (`npm run bench:service -- --worst-inputs` prints the times).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import { WORST_NOTES, WORST_PAGES } from '../../scripts/bench/worst-inputs';
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
    const text = WORST_PAGES['a heading "# a", spaces, "x"']!();
    const res = await api.request('POST', '/imports/page', {
      raw: text,
      headers: { 'content-type': 'text/markdown' },
    });
    expectStatus(res, 201);
    expect(res.body.title).toBe('a x');
    expect((await getContent(api, res.body.id)).markdown).toBe(text);
  });

  it('a 5 MiB frontmatter title of "[" is not handed to the YAML parser whole', async () => {
    const res = await api.request('POST', '/imports/page', {
      raw: WORST_PAGES['a frontmatter title of "["']!(),
      headers: { 'content-type': 'text/markdown' },
    });
    expectStatus(res, 201);
    expect(res.body.title).toBe('Heading');
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
