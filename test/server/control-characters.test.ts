// Titles and names carry no control characters, and exports never write a name Windows
// reserves (docs/api.md, Limits and Page import and exports).
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import { createPage, expectStatus, listAll, newUser, type PageMeta } from './support/http';

let svc: RunningService;

beforeAll(async () => {
  svc = await startService();
});
afterAll(async () => {
  await svc?.stop();
});

// Bidi overrides and isolates, DEL, C1 controls, and C0 controls other than tab and newline.
const HOSTILE = ['\u202e', '\u202a', '\u2066', '\u2069', '\u200f', '\u007f', '\u0085', '\u009b'];
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe('control characters in titles', () => {
  it('are stripped from vault-imported note and folder names', async () => {
    const { api } = await newUser(svc, 'bidi');
    const files = HOSTILE.map((ch, i) => ({
      path: `Fol${ch}der ${i}/Note${ch}gpj.exe ${i}.md`,
      content: 'x',
    }));
    const res = await api.post('/imports/vaultapp', { files });
    expectStatus(res, 200);
    expect(res.body.errors).toEqual([]);
    const pages = await listAll<PageMeta>(api, '/pages');
    const folders = await listAll<{ name: string }>(api, '/folders');
    expect(pages).toHaveLength(HOSTILE.length);
    for (const page of pages) {
      expect(page.title, JSON.stringify(page.title)).not.toMatch(CONTROL);
      // NEL separates lines, so it becomes a space; the others go.
      expect(page.title).toMatch(/^Note ?gpj\.exe \d+$/);
    }
    for (const folder of folders) expect(folder.name).toMatch(/^Fol ?der \d+$/);
  });

  it('are stripped from titles given through the API and page import', async () => {
    const { api } = await newUser(svc, 'bidi');
    const created = await createPage(api, { title: 'Invoice\u202efdp.exe' });
    expect(created.title).toBe('Invoicefdp.exe');
    const patched = await api.patch(`/pages/${created.id}`, { title: 'Tab\there\u0085' });
    expect(patched.body.title).toBe('Tab here');
    const imported = await api.request('POST', '/imports/page', {
      raw: '# Head\u202eing\u007f\n',
      headers: { 'content-type': 'text/markdown' },
    });
    expectStatus(imported, 201);
    expect(imported.body.title).toBe('Heading');
    const folder = await api.post('/folders', { name: 'Dir\u2066ectory', parentId: null });
    expect(folder.body.name).toBe('Directory');
  });
});

describe('Windows reserved names on export', () => {
  it('renames CON, PRN, AUX, NUL, COM1 and LPT1 in the zip and in a single export', async () => {
    const { api } = await newUser(svc, 'windows');
    const reserved = ['CON', 'prn', 'Aux', 'NUL', 'COM1', 'lpt9', 'con.txt'];
    const pages = [];
    for (const title of reserved) pages.push(await createPage(api, { title }));
    await api.post('/folders', { name: 'AUX', parentId: null });
    const zip = await api.get('/exports/pages');
    expectStatus(zip, 200);
    const raw = await fetch(`${svc.baseUrl}/exports/pages`, {
      headers: { authorization: `Bearer ${(api.auth as { token: string }).token}` },
    });
    const names = Object.keys(unzipSync(new Uint8Array(await raw.arrayBuffer())));
    const isReserved = (path: string) =>
      path
        .split('/')
        .filter(Boolean)
        .some((part) => /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\.|$)/i.test(part));
    expect(names.filter(isReserved)).toEqual([]);
    expect(names.filter((n) => n.endsWith('.md'))).toHaveLength(reserved.length);
    const single = await api.get(`/pages/${pages[0]!.id}/export`);
    const disposition = single.headers.get('content-disposition') ?? '';
    expect(disposition).not.toMatch(/filename="CON\.md"/i);
    expect(disposition).toMatch(/filename="[^"]+\.md"/);
  });
});
