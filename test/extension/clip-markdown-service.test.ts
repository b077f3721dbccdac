/**
 * The clip's markdown as the service stores it: the background with fakeBrowser, the real
 * Outbox and the real local service over HTTP. Frontmatter boundaries are checked the way the
 * service reads them (where a prepend lands) and with the YAML library; URLs as written.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { parseDocument } from 'yaml';
import { ApiClient } from '../../lib/api';
import { submitClip } from '../../lib/background/clips';
import { connectWithToken } from '../../lib/background/connection';
import type { BackgroundContext } from '../../lib/background/context';
import { onMenuClicked } from '../../lib/background/menus';
import { extractCaptured } from '../../lib/extraction/in-document';
import { captureTab } from '../../lib/extraction/in-tab';
import { recentPagesItem } from '../../lib/settings';
import { parseHtml } from '../../scripts/parse-html';
import { testBackground } from '../helpers/background-context';
import { startService, type RunningService } from '../helpers/service';

let service: RunningService;
let api: ApiClient;

beforeAll(async () => {
  service = await startService();
  api = new ApiClient({
    baseUrl: service.baseUrl,
    credential: { kind: 'token', token: await service.token() },
  });
});
afterAll(async () => {
  await service?.stop();
});

/** A connected background context as the worker builds it, with the real Outbox. */
async function connectedContext(): Promise<BackgroundContext> {
  const ctx = testBackground({ outbox: { now: () => Date.now() } });
  await connectWithToken(ctx, service.baseUrl, await service.token());
  return ctx;
}

/** Every write the outbox holds, delivered; fails the test if one is not saved. */
async function deliverAll(ctx: BackgroundContext): Promise<void> {
  for (const entry of await ctx.outbox.list()) {
    expect((await ctx.outbox.waitFor(entry.id, 10_000)).status).toBe('saved');
  }
}

/**
 * The clipped article as the extension hands it to the popup: captured in the tab, passed on
 * as plain data, extracted in the extraction document.
 */
function extractPage(html: string, url: string): { title: string; body: string; markdown: string } {
  const doc = parseHtml(html, url);
  const captured = captureTab({ mode: 'article' }, doc);
  if (captured.kind !== 'capture') throw new Error(`no capture: ${captured.kind}`);
  const parser = new doc.defaultView!.DOMParser();
  const outcome = extractCaptured(
    {
      capture: JSON.parse(JSON.stringify(captured.capture)),
      options: {
        mode: captured.mode,
        now: '2026-11-21T10:00:00.000Z',
        extraFrontmatter: {},
        embedImages: false,
      },
    },
    (h) => parser.parseFromString(h, 'text/html'),
  );
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.result;
}

const PROSE = 'A paragraph long enough for the article to be taken for the main content. '.repeat(
  8,
);

beforeEach(() => {
  fakeBrowser.reset();
  // Host access to the service, granted as the options page asks for it.
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(async () => true);
});
afterEach(() => vi.restoreAllMocks());

describe('appended and prepended content is never frontmatter', () => {
  it('content starting with a rule, prepended to a page without frontmatter, stays body', async () => {
    const ctx = await connectedContext();
    const page = await api.createPage({
      title: `Reading ${crypto.randomUUID()}`,
      markdown: 'Intro\n\n---\n\nOutro\n',
      parentId: null,
    });
    // A quick note or a template may open with a rule; a clip's body never does (whitespace.ts).
    const ruled = '---\n\nClipped after a rule.\n';
    for (const content of [ruled, 'Prepended later']) {
      await submitClip(ctx, {
        write: {
          kind: 'add-to-page',
          clipId: crypto.randomUUID(),
          pageId: page.id,
          operation: 'prepend',
          content,
        },
        label: 'Reading',
      });
      await deliverAll(ctx);
    }
    const { markdown } = await api.getContent(page.id);
    // Had the clip opened a frontmatter block, the service would have put the later prepend
    // after it, below "Intro".
    expect(markdown.startsWith('Prepended later\n\n')).toBe(true);
    expect(markdown).toContain('Clipped after a rule.');
    expect(markdown.endsWith('Intro\n\n---\n\nOutro\n')).toBe(true);
  });
});

describe('frontmatter is read with the YAML library', () => {
  it('a title ending in "---" gives a new page one pageclip_id in valid YAML', async () => {
    const ctx = await connectedContext();
    const clip = extractPage(
      `<html><head><title>Breaking news ---</title></head><body><article><h1>Breaking news ---</h1><p>${PROSE}</p></article></body></html>`,
      'https://e.x/breaking',
    );
    const clipId = crypto.randomUUID();
    const entry = await submitClip(ctx, {
      write: {
        kind: 'create-page',
        clipId,
        title: clip.title,
        markdown: clip.markdown,
        parentId: null,
      },
      label: 'Top level',
      waitMs: 10_000,
    });
    expect(entry.status).toBe('saved');
    const { markdown } = await api.getContent(entry.result!.pageId);
    const block = /^---\n([\s\S]*?)\n---\n/.exec(markdown);
    expect(block).not.toBeNull();
    const yaml = parseDocument(block![1]!, { uniqueKeys: true });
    expect(yaml.errors).toEqual([]);
    expect(yaml.toJS()).toMatchObject({ title: 'Breaking news ---', pageclip_id: clipId });
    expect(markdown.match(/^pageclip_id:/gm)).toHaveLength(1);
  });
});

describe('URLs Pageclip writes follow the article pipeline scheme rules', () => {
  for (const linkUrl of [
    'javascript:alert(document.cookie)',
    'JaVa\tScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
  ]) {
    it(`"Clip link" refuses ${JSON.stringify(linkUrl)} and writes nothing`, async () => {
      const ctx = await connectedContext();
      const linkText = `Win a prize ${crypto.randomUUID()}`;
      const outcome = await onMenuClicked(
        ctx,
        { menuItemId: 'clip-link', linkUrl, linkText, pageUrl: 'https://e.x/post' },
        { id: 7, title: 'A post', url: 'https://e.x/post' },
      );
      expect(outcome).toMatchObject({ problem: expect.stringMatching(/link/i) });
      expect(await ctx.outbox.list()).toEqual([]);
      expect(await api.resolvePages({ title: linkText, parentId: null })).toEqual([]);
    });
  }

  it('"Clip link" on a safe link found on a data: page keeps the link and drops the page URL', async () => {
    const ctx = await connectedContext();
    const linkText = `Docs ${crypto.randomUUID()}`;
    const outcome = await onMenuClicked(
      ctx,
      {
        menuItemId: 'clip-link',
        linkUrl: 'https://e.x/docs (v2)',
        linkText,
        pageUrl: 'data:text/html,<a href=x>x</a>',
      },
      { id: 7, title: 'Data page' },
    );
    expect(outcome).toBe('written');
    await deliverAll(ctx);
    const [page] = await api.resolvePages({ title: linkText, parentId: null });
    const { markdown } = await api.getContent(page!.id);
    expect(markdown).toContain(`[${linkText}](https://e.x/docs%20%28v2%29)`);
    expect(markdown).not.toMatch(/data:/);
  });

  it('a highlight from a page with an unsafe address links no source', async () => {
    const ctx = await connectedContext();
    const page = await api.createPage({ title: 'Quotes', markdown: '# Quotes', parentId: null });
    await recentPagesItem.setValue([{ id: page.id, title: 'Quotes', parentId: null, usedAt: 1 }]);
    const outcome = await onMenuClicked(
      ctx,
      {
        menuItemId: 'append-last',
        pageUrl: 'javascript:alert(1)',
        selectionText: 'Quoted words.',
      },
      { id: 9, title: 'Odd page' },
    );
    expect(outcome).toBe('written');
    await deliverAll(ctx);
    const { markdown } = await api.getContent(page.id);
    expect(markdown).toContain('> Quoted words.');
    expect(markdown).not.toMatch(/javascript:/i);
  });
});
