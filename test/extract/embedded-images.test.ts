/**
 * The page's `data:` images with `embedImages`: a short `pageclip-image:N` reference in the
 * markdown and the bytes beside it, within the limits; without the option they are left out.
 */
import { describe, expect, it } from 'vitest';

import { EMBEDDED_IMAGE_LIMITS } from '../../lib/extract/embedded-images';
import { ExtractResultSchema } from '../../lib/extract/result';
import { bytesToBase64 } from '../../lib/images/base64';
import { parseHtml } from '../../scripts/parse-html';
import { EXTRACT_WAYS } from './support/extract-ways';
import { PIXEL_GIF, png } from '../images/image-bytes';

const URL = 'https://blog.example/post';
const NOW = new Date('2026-01-02T03:04:05.000Z');

const dataUrl = (type: string, bytes: Uint8Array) => `data:${type};base64,${bytesToBase64(bytes)}`;
const PHOTO = dataUrl('image/png', png(400, 300, 5_000, 1));
const CHART = dataUrl('image/png', png(500, 200, 6_000, 2));

const TEXT = `<p>A long paragraph about rivers and valleys, with enough words in it that Readability sees the
article as the page's main content without any doubt: it goes on about water, stones and the seasons.</p>`;

function page(images: string): string {
  return `<!DOCTYPE html><html lang="en"><head><title>Rivers</title></head><body><article><h1>Rivers</h1>
${TEXT}${images}${TEXT}<p>The last paragraph says a little more about the valley and the river's mouth.</p>
</article></body></html>`;
}

describe.each(EXTRACT_WAYS)('embedded data: images, %s', (_, way) => {
  const run = (html: string, embedImages = true) =>
    way(parseHtml(html, URL), URL, { now: NOW, embedImages });

  it('become a short reference in the markdown, with the bytes beside it', () => {
    const r = run(
      page(`<p><img src="${PHOTO}" alt="Photo"></p><p><img src="${CHART}" alt="Chart"></p>
<p><img src="${PHOTO}" alt="Same photo"></p>`),
    );
    expect(r.body).toContain('![Photo](pageclip-image:1)');
    expect(r.body).toContain('![Chart](pageclip-image:2)');
    expect(r.body).toContain('![Same photo](pageclip-image:1)');
    expect(r.body).not.toContain('data:');
    expect(r.images).toEqual([
      { ref: 'pageclip-image:1', dataUrl: PHOTO },
      { ref: 'pageclip-image:2', dataUrl: CHART },
    ]);
    expect(ExtractResultSchema.safeParse(r).success).toBe(true);
  });

  it('are left out when oversized, of another format, a placeholder, or past the count', () => {
    const big = dataUrl('image/png', png(900, 900, EMBEDDED_IMAGE_LIMITS.maxBytes + 10, 3));
    const tiff = dataUrl('image/tiff', png(400, 300, 5_000, 4));
    const pixel = dataUrl('image/gif', PIXEL_GIF);
    const many = Array.from(
      { length: EMBEDDED_IMAGE_LIMITS.maxCount + 2 },
      (_, i) =>
        `<p><img src="${dataUrl('image/png', png(300, 300, 2_000, 10 + i))}" alt="n${i + 1}"></p>`,
    ).join('');
    const r = run(
      page(`<p><img src="${big}" alt="Big"></p><p><img src="${tiff}" alt="Tiff"></p>
<p><img src="${pixel}" alt="Spacer"></p>${many}`),
    );
    expect(r.images).toHaveLength(EMBEDDED_IMAGE_LIMITS.maxCount);
    expect(r.body).not.toMatch(/Big|Tiff|Spacer|data:/);
    const kept = EMBEDDED_IMAGE_LIMITS.maxCount;
    expect(r.body).toContain(`![n${kept}](pageclip-image:${kept})`);
    expect(r.body).not.toContain(`n${kept + 1}`);
    expect(r.images?.map((i) => i.ref)).toEqual(
      Array.from({ length: kept }, (_, i) => `pageclip-image:${i + 1}`),
    );
  });

  it('a reference the page writes itself is never taken for one', () => {
    const r = run(
      page(`<p><img src="pageclip-image:1" alt="Fake"></p><p><img src="${PHOTO}" alt="Real"></p>`),
    );
    expect(r.body).not.toContain('Fake');
    expect(r.body).toContain('![Real](pageclip-image:1)');
    const off = run(page(`<p><img src="pageclip-image:1" alt="Fake"></p>`), false);
    expect(off.body).not.toContain('pageclip-image');
  });

  it('without the option they are left out and the result has no images', () => {
    const r = run(page(`<p><img src="${PHOTO}" alt="Photo"></p>`), false);
    expect(r.body).not.toMatch(/Photo|pageclip-image|data:/);
    expect(r.images).toBeUndefined();
  });
});
