// The OpenAPI 3.1 document (`GET /api/v1/openapi.json`), generated from the operations of
// `contract/`, whose schemas the routes validate with.
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, type Operation } from '../../contract';
import { startService, type RunningService } from '../helpers/service';
import {
  client,
  createFolder,
  createPage,
  expectStatus,
  tokenClient,
  uuid,
  type Client,
  type Res,
} from './support/http';

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

/** Every operation of the contract, as `method /path/{}`. */
const OPERATIONS = Object.values(operations).map((op) => `${op.method} ${normalise(op.path)}`);

describe('GET /api/v1/openapi.json', () => {
  it('is an OpenAPI 3.1 document served without credentials', () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(typeof doc.info?.title).toBe('string');
    expect(typeof doc.info?.version).toBe('string');
  });

  it('documents exactly the operations of the contract', () => {
    const documented = new Set<string>();
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const method of Object.keys(item as object)) {
        documented.add(`${method} ${normalise(path)}`);
      }
    }
    expect(OPERATIONS.filter((op) => !documented.has(op))).toEqual([]);
    // The document itself is served outside the contract's operations.
    documented.delete('get /openapi.json');
    expect([...documented].filter((op) => !OPERATIONS.includes(op))).toEqual([]);
    expect(OPERATIONS.length).toBeGreaterThanOrEqual(35);
  });

  it("documents each operation's success status and its parameters", () => {
    for (const op of Object.values(operations) as Operation[]) {
      const item = doc.paths[op.path]?.[op.method];
      expect(item?.responses?.[String(op.status)], `${op.method} ${op.path}`).toBeDefined();
      const names = (item.parameters ?? []).map((p: { name: string }) => p.name);
      for (const schema of [op.params, op.query]) {
        for (const name of Object.keys(schema?.shape ?? {})) {
          expect(names, `${op.method} ${op.path}`).toContain(name);
        }
      }
    }
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

describe('real responses match the documented schemas', () => {
  /** Validates a response body against the document's schema for (method, path, status). */
  function checkAgainstDoc(method: string, template: string, res: Res): void {
    const [docPath] =
      Object.entries(doc.paths).find(([path]) => normalise(path) === normalise(template)) ?? [];
    expect(docPath, `${method} ${template} is documented`).toBeDefined();
    const operation = doc.paths[docPath!][method];
    const response = operation?.responses?.[String(res.status)];
    expect(response, `${method} ${template} documents status ${res.status}`).toBeDefined();
    const pointer = ['paths', docPath!, method, 'responses', String(res.status), 'content']
      .map((segment) => segment.replaceAll('~', '~0').replaceAll('/', '~1'))
      .map(encodeURIComponent)
      .join('/');
    const validate = ajv.compile({
      $ref: `openapi.json#/${pointer}/application~1json/schema`,
    });
    const ok = validate(res.body);
    expect(
      ok,
      `${method} ${template} ${res.status}: ${JSON.stringify(validate.errors)}\n${res.text.slice(0, 300)}`,
    ).toBe(true);
  }

  /** Validates a request body the service accepts against the documented request schema. */
  function checkRequestAgainstDoc(method: string, template: string, body: unknown): void {
    const [docPath] =
      Object.entries(doc.paths).find(([path]) => normalise(path) === normalise(template)) ?? [];
    expect(docPath, `${method} ${template} is documented`).toBeDefined();
    const pointer = ['paths', docPath!, method, 'requestBody', 'content']
      .map((segment) => segment.replaceAll('~', '~0').replaceAll('/', '~1'))
      .map(encodeURIComponent)
      .join('/');
    const validate = ajv.compile({ $ref: `openapi.json#/${pointer}/application~1json/schema` });
    expect(
      validate(body),
      `${method} ${template} request ${JSON.stringify(body)}: ${JSON.stringify(validate.errors)}`,
    ).toBe(true);
  }

  let ajv: Ajv2020;
  let api: Client;
  let session: Client;

  beforeAll(async () => {
    ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema(doc, 'openapi.json');
    api = await tokenClient(svc);
    session = client(svc, { cookie: await svc.signIn() });
  });

  it('pages, content operations and edits', async () => {
    const folder = await createFolder(api);
    const created = await api.post('/pages', {
      title: 'Doc',
      markdown: 'one two',
      parentId: folder.id,
    });
    checkAgainstDoc('post', '/pages', created);
    const id = created.body.id as string;
    checkAgainstDoc('get', '/pages', await api.get('/pages?limit=5'));
    checkAgainstDoc('get', '/pages/{}', await api.get(`/pages/${id}`));
    checkAgainstDoc('patch', '/pages/{}', await api.patch(`/pages/${id}`, { icon: '📄' }));
    checkAgainstDoc('get', '/pages/resolve', await api.get('/pages/resolve?title=Doc'));
    checkAgainstDoc(
      'post',
      '/pages/{}/content-operations',
      await api.post(`/pages/${id}/content-operations`, {
        id: 'c',
        operation: 'append',
        content: 'three',
      }),
    );
    checkAgainstDoc(
      'post',
      '/pages/{}/edits',
      await api.post(`/pages/${id}/edits`, { edits: [{ id: 'e', oldText: 'two', newText: '2' }] }),
    );
    checkAgainstDoc(
      'post',
      '/pages/{}/copy',
      await api.post(`/pages/${id}/copy`, { parentId: null }),
    );
    checkAgainstDoc(
      'patch',
      '/pages/{}/move',
      await api.patch(`/pages/${id}/move`, { parentId: null }),
    );
    checkAgainstDoc('delete', '/pages/{}/trash', await api.del(`/pages/${id}/trash`));
    checkAgainstDoc('get', '/trash/pages', await api.get('/trash/pages'));
    checkAgainstDoc('patch', '/pages/{}/restore', await api.patch(`/pages/${id}/restore`));
  });

  it('folders, Trash, identity, tokens and import', async () => {
    const created = await api.post('/folders', { name: 'Documented' });
    checkAgainstDoc('post', '/folders', created);
    const id = created.body.id as string;
    await createPage(api, { parentId: id });
    checkAgainstDoc('get', '/folders', await api.get('/folders?limit=5'));
    checkAgainstDoc('get', '/folders/{}', await api.get(`/folders/${id}`));
    checkAgainstDoc('patch', '/folders/{}', await api.patch(`/folders/${id}`, { name: 'Renamed' }));
    checkAgainstDoc('get', '/folders/resolve', await api.get('/folders/resolve?name=Renamed'));
    checkAgainstDoc(
      'post',
      '/folders/{}/copy',
      await api.post(`/folders/${id}/copy`, { parentId: null }),
    );
    checkAgainstDoc('delete', '/folders/{}/trash', await api.del(`/folders/${id}/trash`));
    checkAgainstDoc('get', '/trash/folders', await api.get('/trash/folders'));
    checkAgainstDoc('patch', '/folders/{}/restore', await api.patch(`/folders/${id}/restore`));
    checkAgainstDoc('delete', '/trash/empty', await api.del('/trash/empty'));
    checkAgainstDoc('get', '/me', await api.get('/me'));
    checkAgainstDoc(
      'post',
      '/tokens',
      await session.post('/tokens', { name: 'doc', scopes: ['pages:read'], expiresAt: null }),
    );
    checkAgainstDoc('get', '/tokens', await session.get('/tokens'));
    checkAgainstDoc(
      'post',
      '/imports/vaultapp',
      await api.post('/imports/vaultapp', { files: [{ path: 'Doc note.md', content: 'x' }] }),
    );
  });

  it('documents the request bodies the service accepts, root parentId included', async () => {
    const accepted: [string, string, unknown][] = [
      ['post', '/pages', { title: 'root page', markdown: 'x', parentId: null }],
      ['post', '/folders', { name: 'root folder', parentId: null }],
      ['patch', '/folders/{}', { parentId: null }],
      ['patch', '/pages/{}/move', { parentId: null }],
      ['post', '/pages/{}/copy', { parentId: null }],
      ['post', '/folders/{}/copy', { parentId: null }],
      ['post', '/pages/{}/content-operations', { id: 'a', operation: 'prepend', content: 'x' }],
      ['post', '/tokens', { name: 'n', scopes: ['pages:read'], expiresAt: null }],
    ];
    const page = await createPage(api);
    const folder = await createFolder(api);
    for (const [method, template, body] of accepted) {
      const path = template
        .replace('/pages/{}', `/pages/${page.id}`)
        .replace('/folders/{}', `/folders/${folder.id}`);
      const who = template === '/tokens' ? session : api;
      const res = await who.request(method.toUpperCase(), path, { json: body });
      expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
      checkRequestAgainstDoc(method, template, body);
    }
  });

  it('error envelopes', async () => {
    checkAgainstDoc('get', '/pages/{}', await api.get(`/pages/${uuid()}`));
    checkAgainstDoc('get', '/pages/{}', await api.get('/pages/nope'));
    checkAgainstDoc('get', '/pages', await client(svc, null).get('/pages'));
    checkAgainstDoc('post', '/pages', await api.post('/pages', { title: 5 }));
  });
});
