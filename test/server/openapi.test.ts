// The OpenAPI 3.1 document (issue 2: `GET /api/v1/openapi.json`, generated from the same zod
// schemas the routes validate with).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import { client, expectStatus } from './support/http';

let svc: RunningService;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
let doc: any;

beforeAll(async () => {
  svc = await startService();
  const res = await client(svc, null).get('/openapi.json');
  expectStatus(res, 200);
  doc = res.body;
});
afterAll(async () => {
  await svc?.stop();
});

/** `/pages/{pageId}/copy` -> `/pages/{}/copy`, so parameter names do not matter. */
const normalise = (path: string) => path.replace(/\{[^}]+\}/g, '{}');

const OPERATIONS: [string, string][] = [
  ['get', '/pages'],
  ['post', '/pages'],
  ['get', '/pages/resolve'],
  ['get', '/pages/{}'],
  ['patch', '/pages/{}'],
  ['get', '/pages/{}/content'],
  ['put', '/pages/{}/content'],
  ['post', '/pages/{}/edits'],
  ['post', '/pages/{}/content-operations'],
  ['post', '/pages/{}/copy'],
  ['patch', '/pages/{}/move'],
  ['delete', '/pages/{}/trash'],
  ['patch', '/pages/{}/restore'],
  ['delete', '/pages/{}/permanent'],
  ['get', '/folders'],
  ['post', '/folders'],
  ['get', '/folders/resolve'],
  ['get', '/folders/{}'],
  ['patch', '/folders/{}'],
  ['post', '/folders/{}/copy'],
  ['delete', '/folders/{}/trash'],
  ['patch', '/folders/{}/restore'],
  ['delete', '/folders/{}/permanent'],
  ['get', '/trash/pages'],
  ['get', '/trash/folders'],
  ['delete', '/trash/empty'],
  ['post', '/imports/vaultapp'],
  ['get', '/me'],
  ['get', '/tokens'],
  ['post', '/tokens'],
  ['delete', '/tokens/{}'],
];

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document served without credentials', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(typeof doc.info?.title).toBe('string');
    expect(typeof doc.info?.version).toBe('string');
  });

  it('documents every operation of the spec and decisions.md', () => {
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const method of Object.keys(item as object)) {
        documented.add(`${method} ${normalise(path)}`);
      }
    }
    const missing = OPERATIONS.map(([m, p]) => `${m} ${p}`).filter((op) => !documented.has(op));
    expect(missing).toEqual([]);
  });

  it('documents the content operation with the spec limits from the validating schema', () => {
    const item = Object.entries(doc.paths).find(
      ([path]) => normalise(path) === '/pages/{}/content-operations',
    )![1] as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    let schema = item.post.requestBody.content['application/json'].schema;
    if (schema.$ref) schema = doc.components.schemas[schema.$ref.split('/').pop()];
    expect(schema.required).toEqual(expect.arrayContaining(['id', 'operation', 'content']));
    expect(schema.properties.id.maxLength).toBe(200);
    expect(schema.properties.id.minLength).toBe(1);
    expect(schema.properties.operation.enum).toEqual(['append', 'prepend']);
    expect(schema.properties.content.minLength).toBe(1);
  });

  it('declares both security schemes of the spec', () => {
    const schemes = Object.values(doc.components?.securitySchemes ?? {}) as {
      type: string;
      scheme?: string;
      in?: string;
      name?: string;
    }[];
    expect(schemes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'http', scheme: 'bearer' }),
        expect.objectContaining({
          type: 'apiKey',
          in: 'cookie',
          name: 'neutral-auth.session_token',
        }),
      ]),
    );
  });
});
