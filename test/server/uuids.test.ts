// UUID forms, exactly as the spec states them ("Resources and their fields": versions 1-8 with
// variant nibble 8, 9, a or b; the all-zero and all-ones UUIDs; docs/api.md: anything else 400).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import { createPage, expectError, expectStatus, tokenClient, type Client } from './support/http';

let svc: RunningService;
let api: Client;

beforeAll(async () => {
  svc = await startService();
  api = await tokenClient(svc);
});
afterAll(async () => {
  await svc?.stop();
});

const form = (version: string, variant: string) =>
  `4f9c2a61-7d3b-${version}e21-${variant}c4d-5a6b7c8d9e0f`;

const ACCEPTED: string[] = [
  ...['1', '2', '3', '4', '5', '6', '7', '8'].flatMap((v) =>
    ['8', '9', 'a', 'b'].map((variant) => form(v, variant)),
  ),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];

const REJECTED: string[] = [
  form('0', '8'), // version 0
  form('9', '8'), // version 9
  form('f', 'a'), // version f
  ...['0', '7', 'c', 'd', 'e', 'f'].map((variant) => form('4', variant)), // non-RFC variants
  '4f9c2a61-7d3b-4e21-8c4d-5a6b7c8d9e0', // too short
  '4f9c2a61-7d3b-4e21-8c4d-5a6b7c8d9e0f0', // too long
  '4f9c2a617d3b4e218c4d5a6b7c8d9e0f', // no hyphens
  '{4f9c2a61-7d3b-4e21-8c4d-5a6b7c8d9e0f}', // braces
  'urn:uuid:4f9c2a61-7d3b-4e21-8c4d-5a6b7c8d9e0f',
  '4f9c2a61-7d3b-4e21-8c4d-5a6b7c8d9e0g', // not hex
  '4f9c2a6-17d3b-4e21-8c4d-5a6b7c8d9e0f', // hyphens in the wrong place
  ' 4f9c2a61-7d3b-4e21-8c4d-5a6b7c8d9e0f',
  '00000000-0000-0000-0000-000000000001', // near-nil, version 0
  'fffffffe-ffff-ffff-ffff-ffffffffffff', // near-max, version f
  '0',
  'null',
];

describe('UUIDs in paths', () => {
  it('accepts every spec form: an unknown id of an accepted form is 404, not 400', async () => {
    for (const id of ACCEPTED) {
      expectError(await api.get(`/pages/${id}`), 404, 'not_found');
      expectError(await api.get(`/folders/${id}`), 404, 'not_found');
    }
  });

  it('rejects every other form with 400 invalid_request', async () => {
    for (const id of REJECTED) {
      const path = encodeURIComponent(id);
      const page = await api.get(`/pages/${path}`);
      expectError(page, 400, 'invalid_request');
      const folder = await api.get(`/folders/${path}`);
      expectError(folder, 400, 'invalid_request');
      expectError(
        await api.post(`/pages/${path}/content-operations`, {
          id: 'x',
          operation: 'append',
          content: 'x',
        }),
        400,
        'invalid_request',
      );
    }
  });
});

describe('UUIDs in bodies and queries', () => {
  it('accepts spec forms for parentId (unknown folder: 404) and rejects others (400)', async () => {
    for (const id of ACCEPTED.filter((_, i) => i % 5 === 0)) {
      expectError(
        await api.post('/pages', { title: 't', markdown: 'x', parentId: id }),
        404,
        'not_found',
      );
      expectError(await api.post('/folders', { name: 'n', parentId: id }), 404, 'not_found');
    }
    for (const id of REJECTED) {
      const res = await api.post('/pages', { title: 't', markdown: 'x', parentId: id });
      expectError(res, 400, 'invalid_request');
      expect(res.body.error.message).toMatch(/parentId/);
      expectError(
        await api.get(`/pages?parentId=${encodeURIComponent(id)}`),
        400,
        'invalid_request',
      );
    }
  });

  it('finds a page by its id in upper case (UUID text is case-insensitive)', async () => {
    const page = await createPage(api);
    const res = await api.get(`/pages/${page.id.toUpperCase()}`);
    expectStatus(res, 200);
    expect(res.body.id).toBe(page.id);
  });
});
