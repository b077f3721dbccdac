import { describe, expect, it } from 'vitest';
import { judgeImage } from '../../lib/images/judge';
import { PIXEL_GIF, png } from './image-bytes';

const caps = { maxImageBytes: 100_000, pixelSide: 2, iconSide: 32 };

describe('judging fetched bytes', () => {
  it('keeps a real image in a format the service stores, named by its bytes', () => {
    expect(judgeImage(png(640, 480, 5000), caps)).toMatchObject({
      kind: 'keep',
      mimeType: 'image/png',
      ext: 'png',
      width: 640,
    });
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"></svg>',
    );
    expect(judgeImage(svg, caps)).toMatchObject({ kind: 'keep', mimeType: 'image/svg+xml' });
  });

  it('skips tracking pixels and tiny icons', () => {
    expect(judgeImage(PIXEL_GIF, caps)).toEqual({ kind: 'skip', reason: 'tracking pixel' });
    expect(judgeImage(png(1, 400), caps)).toEqual({ kind: 'skip', reason: 'tracking pixel' });
    expect(judgeImage(png(16, 16), caps)).toEqual({ kind: 'skip', reason: 'icon' });
    expect(judgeImage(png(16, 300), caps).kind).toBe('keep');
  });

  it('refuses what the service would not store, and what is over the cap', () => {
    expect(judgeImage(new TextEncoder().encode('<html>login</html>'), caps)).toEqual({
      kind: 'fail',
      reason: 'unsupported format',
    });
    expect(judgeImage(png(800, 600, 100_001), caps)).toEqual({ kind: 'fail', reason: 'too large' });
    expect(judgeImage(new Uint8Array(), caps)).toEqual({ kind: 'fail', reason: 'empty' });
  });
});
