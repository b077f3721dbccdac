/**
 * A page's `data:` images, from extraction to the real service: with Keep images the popup's
 * write carries their bytes and the service stores them with the page; without it, their
 * references never reach the service.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../lib/api';
import { withPageclipId } from '../../lib/clip-markdown';
import { extract } from '../../lib/extract';
import { bytesToBase64 } from '../../lib/images/base64';
import { browserImageKeeper } from '../../lib/images/keeper';
import { clipWrite } from '../../lib/ui/compose';
import { withKeptImages, withoutEmbedded } from '../../lib/ui/keep-images';
import type { WriteRequest } from '../../lib/write-request';
import { parseHtml } from '../../scripts/parse-html';
import { png } from '../images/image-bytes';
import { useRig } from './rig';

const rig = useRig();

const URL = 'https://blog.example/rivers';
const PHOTO = png(400, 300, 5_000, 7);
const TEXT = `<p>A long paragraph about rivers and valleys, with enough words in it that Readability sees
the article as the page's main content without any doubt: water, stones and the seasons.</p>`;
const HTML = `<!DOCTYPE html><html><head><title>Rivers</title></head><body><article><h1>Rivers</h1>
${TEXT}<p><img src="data:image/png;base64,${bytesToBase64(PHOTO)}" alt="The delta"></p>${TEXT}
</article></body></html>`;

/** What the popup sends for this page: extracted with its embedded images, composed, decided. */
function popupWrite(target: 'new' | 'existing', keep: boolean, pageId: string | null = null) {
  const result = extract(parseHtml(HTML, URL), URL, { embedImages: true });
  expect(result.body).toContain('![The delta](pageclip-image:1)');
  const clipId = crypto.randomUUID();
  const write = clipWrite(
    clipId,
    { title: `Rivers ${clipId}`, url: URL, frontmatter: '', body: result.body, note: '' },
    { folderId: null, target, pageId, operation: 'append' },
    new Date(),
  );
  const input = { write };
  return (keep ? withKeptImages(input, result.images) : withoutEmbedded(input)).write;
}

/** An outbox whose every request body is recorded, to see what reaches the service. */
function recordingOutbox(sent: string[]) {
  const client = new ApiClient({
    baseUrl: rig.service.baseUrl,
    credential: { kind: 'token', token: rig.token },
    fetch: (input, init) => {
      if (typeof init.body === 'string') sent.push(init.body);
      return fetch(input, init);
    },
  });
  return rig.makeOutbox({
    getClient: async () => client,
    images: browserImageKeeper({}, { hasAccess: async () => true }),
  });
}

async function saved(write: WriteRequest, sent: string[]) {
  const box = recordingOutbox(sent);
  const stamped =
    write.kind === 'create-page'
      ? { ...write, markdown: withPageclipId(write.markdown, write.clipId) }
      : write;
  await box.enqueue(stamped, 'x');
  await rig.drain(box);
  const entry = (await box.get(write.clipId))!;
  expect(entry.status).toBe('saved');
  return entry;
}

describe('outbox: a page’s embedded data: images', () => {
  it('with Keep images, the service stores the image, whose bytes are the decoded data', async () => {
    const write = popupWrite('new', true);
    expect(write.kind === 'create-page' && write.embeddedImages).toHaveLength(1);
    const entry = await saved(write, []);
    const { markdown } = await rig.direct.getContent(entry.result!.pageId);
    const [stored] = [
      ...markdown.matchAll(/!\[The delta\]\((\/api\/v1\/images\/[0-9a-f-]+)\)/g),
    ].map((m) => m[1]!);
    expect(stored).toBeDefined();
    const res = await fetch(new globalThis.URL(stored!, rig.service.origin), {
      headers: { authorization: `Bearer ${rig.token}` },
    });
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PHOTO);
    expect(markdown).not.toMatch(/pageclip-image|data:/);
    expect(entry.result?.images).toEqual({ stored: 1, skipped: 0, links: [] });
  });

  it('without Keep images, the reference never reaches the service, nor the bytes', async () => {
    const sent: string[] = [];
    const write = popupWrite('new', false);
    expect(JSON.stringify(write)).not.toMatch(/pageclip-image|base64/);
    const entry = await saved(write, sent);
    expect(sent.length).toBeGreaterThan(0);
    for (const body of sent) expect(body).not.toMatch(/pageclip-image|base64/);
    const { markdown } = await rig.direct.getContent(entry.result!.pageId);
    expect(markdown).not.toMatch(/pageclip-image|The delta|data:/);
    expect(markdown).toContain('rivers and valleys');
  });

  it('added to a page, the reference is left out too', async () => {
    const page = await rig.direct.createPage({
      title: `T ${crypto.randomUUID()}`,
      markdown: 'x',
      parentId: null,
    });
    const sent: string[] = [];
    await saved(popupWrite('existing', true, page.id), sent);
    for (const body of sent) expect(body).not.toContain('pageclip-image');
    const { markdown } = await rig.direct.getContent(page.id);
    expect(markdown).toContain('rivers and valleys');
    expect(markdown).not.toContain('pageclip-image');
  });

  it('a write that still holds a reference without Keep images is sent without it', async () => {
    const clipId = crypto.randomUUID();
    const sent: string[] = [];
    await saved(
      {
        kind: 'create-page',
        clipId,
        title: `Left ${clipId}`,
        markdown: 'Before\n\n![x](pageclip-image:1)\n\nAfter\n',
        parentId: null,
      },
      sent,
    );
    for (const body of sent) expect(body).not.toContain('pageclip-image');
  });
});
