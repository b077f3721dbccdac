/**
 * Many tabs at once in the background, with fakeBrowser against the real local service and the
 * real Outbox: links on one page, tabs that cannot be read saved as bookmarks, a job resumed by
 * a new worker writing each page once, one job at a time, and the click's permissions given
 * back. Reading articles through the injected extractor needs a real browser:
 * test/e2e/many-tabs.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { connectWithToken } from '../../lib/background/connection';
import type { BackgroundContext } from '../../lib/background/context';
import { createHandlers } from '../../lib/background/handlers';
import { manyTabsIdle, resumeManyTabs } from '../../lib/background/many-tabs';
import type { BackgroundEvent } from '../../lib/messaging/events';
import type { ManyTabsJob } from '../../lib/messaging/many-tabs';
import { manyTabsJobItem } from '../../lib/settings';
import { testBackground } from '../helpers/background-context';
import { useService } from '../helpers/use-service';

const svc = useService();
let granted: (origin: string) => boolean;
beforeEach(() => {
  fakeBrowser.reset();
  // The local service's origin is granted (as on Connect); the sites of the tabs are not.
  granted = (origin) => origin.startsWith('http://127.0.0.1/');
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(async (p) =>
    (p.origins ?? []).every((o) => granted(o)),
  );
});
afterEach(() => vi.restoreAllMocks());

const sender = () => ({
  id: fakeBrowser.runtime.id,
  url: fakeBrowser.runtime.getURL('/popup.html'),
});

async function background() {
  const events: BackgroundEvent[] = [];
  const ctx = testBackground({ broadcast: (event: BackgroundEvent) => events.push(event) });
  await connectWithToken(ctx, svc.service.baseUrl, svc.token);
  const handlers = createHandlers(ctx);
  return { ctx, handlers, events };
}

async function tab(url: string): Promise<number> {
  return (await fakeBrowser.tabs.create({ url })).id!;
}

async function settledPagesIn(ctx: BackgroundContext, folderId: string, count: number) {
  await manyTabsIdle();
  for (const entry of await ctx.outbox.list()) await ctx.outbox.waitFor(entry.id, 10_000);
  const pages = (await svc.api.listPagesPage({ parentId: folderId, limit: 100 })).data.filter(
    (p) => p.parentId === folderId,
  );
  expect(pages).toHaveLength(count);
  return pages;
}

describe('many tabs in the background', () => {
  it('saves tabs as links on one page with the note, in tab order, without reading them', async () => {
    const { ctx, handlers, events } = await background();
    const folder = await svc.api.createFolder({ name: 'Links batch', parentId: null });
    const ids = [
      await tab('https://example.com/otters'),
      await tab('chrome://settings/'),
      await tab('https://example.org/herons?x=1'),
    ];
    const { job } = await handlers['tabs.clipMany'](
      {
        tabIds: ids,
        layout: 'links',
        parentId: folder.id,
        folderName: 'Links batch',
        note: 'For Friday',
      },
      sender(),
    );
    expect(job?.status).toBe('running');
    const [page] = await settledPagesIn(ctx, folder.id, 1);
    expect(page!.title).toMatch(/^Tabs, 2026-11-21 \d\d:\d\d$/);
    const markdown = await svc.api.getContent(page!.id);
    const lines: string[] = markdown.markdown.split('\n');
    expect(markdown.markdown).toContain('For Friday');
    expect(lines.filter((l) => l.startsWith('- '))).toEqual([
      '- [example.com/otters](https://example.com/otters)',
      '- settings: `chrome://settings/`',
      '- [example.org/herons](https://example.org/herons?x=1)',
    ]);
    const last = events.filter((e) => e.type === 'many-tabs-changed').at(-1);
    expect(last?.type === 'many-tabs-changed' && last.job?.status).toBe('finished');
    const stored = (await manyTabsJobItem.getValue()) as ManyTabsJob;
    expect(stored.items.map((i) => i.outcome)).toEqual(['clipped', 'clipped', 'clipped']);
  });

  it('saves a browser page, a site without access and a PDF as bookmarks, saying why', async () => {
    const { ctx, handlers } = await background();
    const folder = await svc.api.createFolder({ name: 'Bookmarks batch', parentId: null });
    granted = (o) => o === 'https://docs.example/*' || o.startsWith('http://127.0.0.1/');
    const ids = [
      await tab('chrome://version/'),
      await tab('https://no-access.example/paper'),
      await tab('https://docs.example/report.pdf'),
    ];
    await handlers['tabs.clipMany'](
      { tabIds: ids, layout: 'pages', parentId: folder.id, folderName: 'Bookmarks batch' },
      sender(),
    );
    const pages = await settledPagesIn(ctx, folder.id, 3);
    const contents = await Promise.all(pages.map((p) => svc.api.getContent(p.id)));
    const paper = contents.find((c) => c.markdown.includes('no-access.example'))!.markdown;
    expect(paper).toContain('source: "https://no-access.example/paper"');
    expect(paper).toContain('[no-access.example/paper](https://no-access.example/paper)');
    const version = contents.find((c) => c.markdown.includes('chrome://version'))!.markdown;
    expect(version).not.toContain('source:');
    expect(version).toContain('`chrome://version/`');
    const { job } = await handlers['tabs.manyStatus']({}, sender());
    // The PDF viewer is not even tried (no extractor error to report).
    expect(job?.items.map((i) => [i.outcome, i.reason, i.detail])).toEqual([
      ['bookmark', 'not-web', undefined],
      ['bookmark', 'no-access', undefined],
      ['bookmark', 'unreadable', undefined],
    ]);
    // Read, then dismissed: the popup shows the clip form again.
    expect((await handlers['tabs.manyDismiss']({}, sender())).job).toBeNull();
  });

  it('reports a tab closed before its turn, and writes nothing for it', async () => {
    const { ctx, handlers } = await background();
    const folder = await svc.api.createFolder({ name: 'Closed batch', parentId: null });
    const open = await tab('chrome://extensions/');
    await handlers['tabs.clipMany'](
      { tabIds: [open, 9999], layout: 'pages', parentId: folder.id, folderName: 'Closed batch' },
      sender(),
    );
    await settledPagesIn(ctx, folder.id, 1);
    const { job } = await handlers['tabs.manyStatus']({}, sender());
    expect(job?.items.map((i) => [i.outcome, i.reason])).toEqual([
      ['bookmark', 'not-web'],
      ['failed', 'closed'],
    ]);
  });

  it('a new worker carries on with a job left running, writing each page once', async () => {
    const { ctx } = await background();
    const folder = await svc.api.createFolder({ name: 'Resumed batch', parentId: null });
    const a = await tab('chrome://version/');
    const b = await tab('chrome://flags/');
    const [clipA, clipB] = [crypto.randomUUID(), crypto.randomUUID()];
    // The stopped worker had queued the first tab's page but not recorded it.
    await ctx.outbox.enqueue(
      {
        kind: 'create-page',
        clipId: clipA,
        title: 'version',
        markdown: '---\nclipped: "2026-11-21T10:00:00.000Z"\n---\n\nversion\n',
        parentId: folder.id,
      },
      'version',
    );
    const item = (tabId: number, clipId: string) => ({
      tabId,
      title: 'x',
      url: '',
      clipId,
      outcome: 'pending' as const,
    });
    await manyTabsJobItem.setValue({
      id: crypto.randomUUID(),
      layout: 'pages',
      parentId: folder.id,
      folderName: 'Resumed batch',
      status: 'running',
      startedAt: ctx.now(),
      items: [item(a, clipA), item(b, clipB)],
    });
    await resumeManyTabs(ctx);
    await ctx.outbox.flush();
    await settledPagesIn(ctx, folder.id, 2);
    expect((await manyTabsJobItem.getValue())?.status).toBe('finished');
  });

  it('runs one job at a time, and gives back the permissions the click granted for it', async () => {
    const { ctx, handlers } = await background();
    const folder = await svc.api.createFolder({ name: 'Busy batch', parentId: null });
    const removed = vi
      .spyOn(fakeBrowser.permissions, 'remove')
      .mockImplementation(async () => true as never);
    granted = (o) => o === 'https://site.example/*' || o.startsWith('http://127.0.0.1/');
    const ids = [await tab('chrome://version/'), await tab('chrome://flags/')];
    const request = {
      tabIds: ids,
      layout: 'pages' as const,
      parentId: folder.id,
      folderName: 'Busy batch',
      release: { permissions: ['tabs' as const], origins: ['https://site.example/*'] },
    };
    await handlers['tabs.clipMany'](request, sender());
    await expect(handlers['tabs.clipMany'](request, sender())).rejects.toThrow(/still clipping/);
    await settledPagesIn(ctx, folder.id, 2);
    expect(removed).toHaveBeenCalledWith({
      permissions: ['tabs'],
      origins: ['https://site.example/*'],
    });
  });

  it('starts one job when two clicks arrive together', async () => {
    const { ctx, handlers } = await background();
    const folder = await svc.api.createFolder({ name: 'Double click batch', parentId: null });
    const request = {
      tabIds: [await tab('chrome://version/')],
      layout: 'pages' as const,
      parentId: folder.id,
      folderName: 'Double click batch',
    };
    const answers = await Promise.allSettled([
      handlers['tabs.clipMany'](request, sender()),
      handlers['tabs.clipMany'](request, sender()),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual(['fulfilled', 'rejected']);
    await settledPagesIn(ctx, folder.id, 1);
  });

  it('keeps the tabs permission when "Mark pages I have clipped" was switched on meanwhile', async () => {
    const { ctx, handlers } = await background();
    const folder = await svc.api.createFolder({ name: 'Marks batch', parentId: null });
    const removed = vi
      .spyOn(fakeBrowser.permissions, 'remove')
      .mockImplementation(async () => true as never);
    // The popup read `tabs` as not held and asks for it back; the option was switched on since.
    await handlers['settings.set']({ clipDefaults: {}, markClipped: true }, sender());
    await handlers['tabs.clipMany'](
      {
        tabIds: [await tab('chrome://version/')],
        layout: 'pages',
        parentId: folder.id,
        folderName: 'Marks batch',
        release: { permissions: ['tabs'], origins: ['https://site.example/*'] },
      },
      sender(),
    );
    await settledPagesIn(ctx, folder.id, 1);
    expect(removed).toHaveBeenCalledWith({ permissions: [], origins: ['https://site.example/*'] });
    expect(removed).not.toHaveBeenCalledWith(expect.objectContaining({ permissions: ['tabs'] }));
  });
});
