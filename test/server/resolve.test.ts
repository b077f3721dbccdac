// Resolve by exact title / name (spec "GET /pages/resolve", "GET /folders/resolve";
// docs/api.md "Page import and exports").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import {
  createFolder,
  createPage,
  expectError,
  expectStatus,
  newUser,
  uuid,
  type Client,
} from './support/http';

let svc: RunningService;
let api: Client;
let other: Client;

beforeAll(async () => {
  svc = await startService();
  [api, other] = await Promise.all([
    newUser(svc, 'resolver').then((u) => u.api),
    newUser(svc, 'stranger').then((u) => u.api),
  ]);
});
afterAll(async () => {
  await svc?.stop();
});

const ids = (res: { body: { data: { id: string }[] } }) => res.body.data.map((i) => i.id).sort();

describe('GET /pages/resolve', () => {
  it('finds pages by exact, case-sensitive title, optionally within a folder', async () => {
    const folder = await createFolder(api);
    const title = `Inbox ${uuid()}`;
    const rootA = await createPage(api, { title });
    const rootB = await createPage(api, { title });
    const inFolder = await createPage(api, { title, parentId: folder.id });
    await createPage(api, { title: title.toLowerCase() });
    await createPage(api, { title: `${title} (2)` });
    const foreign = await createPage(other, { title });

    const inside = await api.get(
      `/pages/resolve?title=${encodeURIComponent(title)}&parentId=${folder.id}`,
    );
    expectStatus(inside, 200);
    expect(ids(inside)).toEqual([inFolder.id]);
    expect(inside.body.data[0]).toMatchObject({ title, parentId: folder.id, permission: 'admin' });

    const anywhere = await api.get(`/pages/resolve?title=${encodeURIComponent(title)}`);
    expectStatus(anywhere, 200);
    expect(ids(anywhere)).toEqual(expect.arrayContaining([rootA.id, rootB.id]));
    expect(ids(anywhere)).not.toContain(foreign.id);
    for (const page of anywhere.body.data) expect(page.title).toBe(title);
  });

  it('answers an empty list when nothing matches and skips trashed pages', async () => {
    const title = `Gone ${uuid()}`;
    const page = await createPage(api, { title });
    expectStatus(await api.del(`/pages/${page.id}/trash`), 200);
    const res = await api.get(`/pages/resolve?title=${encodeURIComponent(title)}`);
    expectStatus(res, 200);
    expect(res.body.data).toEqual([]);
  });

  it('treats special characters literally', async () => {
    const title = `100% _done_ ${uuid()}`;
    const page = await createPage(api, { title });
    await createPage(api, { title: title.replace('%', 'x') });
    const res = await api.get(`/pages/resolve?title=${encodeURIComponent(title)}`);
    expect(ids(res)).toEqual([page.id]);
    const wildcard = await api.get(`/pages/resolve?title=${encodeURIComponent('100%')}`);
    expect(wildcard.body.data).toEqual([]);
  });

  it('rejects a missing title or a bad parentId with 400', async () => {
    expectError(await api.get('/pages/resolve'), 400, 'invalid_request');
    expectError(await api.get('/pages/resolve?title=x&parentId=bad'), 400, 'invalid_request');
  });

  it('accepts parentId=root for top-level pages only', async () => {
    const title = `Top ${uuid()}`;
    const folder = await createFolder(api);
    const top = await createPage(api, { title });
    await createPage(api, { title, parentId: folder.id });
    const res = await api.get(`/pages/resolve?title=${encodeURIComponent(title)}&parentId=root`);
    expectStatus(res, 200);
    expect(ids(res)).toEqual([top.id]);
  });
});

describe('GET /folders/resolve', () => {
  it('finds folders by exact, case-sensitive name, optionally within a parent', async () => {
    const name = `Clips ${uuid()}`;
    const parent = await createFolder(api);
    const atRoot = await createFolder(api, { name });
    const nested = await createFolder(api, { name, parentId: parent.id });
    await createFolder(api, { name: name.toUpperCase() });
    await createFolder(other, { name });

    const inside = await api.get(
      `/folders/resolve?name=${encodeURIComponent(name)}&parentId=${parent.id}`,
    );
    expectStatus(inside, 200);
    expect(ids(inside)).toEqual([nested.id]);
    expect(inside.body.data[0]).toMatchObject({ name, parentId: parent.id });

    const anywhere = await api.get(`/folders/resolve?name=${encodeURIComponent(name)}`);
    expectStatus(anywhere, 200);
    expect(ids(anywhere)).toEqual(expect.arrayContaining([atRoot.id]));
    for (const folder of anywhere.body.data) expect(folder.name).toBe(name);
    const strangers = await other.get(`/folders/resolve?name=${encodeURIComponent(name)}`);
    expect(strangers.body.data).toHaveLength(1);
  });

  it('answers an empty list for no match and skips trashed folders', async () => {
    const name = `Old ${uuid()}`;
    const folder = await createFolder(api, { name });
    expectStatus(await api.del(`/folders/${folder.id}/trash`), 200);
    const res = await api.get(`/folders/resolve?name=${encodeURIComponent(name)}`);
    expectStatus(res, 200);
    expect(res.body.data).toEqual([]);
  });

  it('rejects a missing name or a bad parentId with 400', async () => {
    expectError(await api.get('/folders/resolve'), 400, 'invalid_request');
    expectError(await api.get('/folders/resolve?name=x&parentId=1'), 400, 'invalid_request');
  });
});
