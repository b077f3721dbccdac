import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { OutboxEntryView } from '../../lib/outbox/entry';
import { withKeptImages, withoutEmbedded } from '../../lib/ui/keep-images';
import {
  imageProgressText,
  imageReportLines,
  imagesInProgress,
  keepImagesHint,
} from '../../lib/ui/keep-images-text';
import { installI18n } from './fake-i18n';

beforeEach(() => {
  fakeBrowser.reset();
  installI18n('en');
});

const base = { on: true, count: 12, missing: [], target: 'new' as const, denied: false };

describe('Keep images: what the popup says', () => {
  it('the hint: the hosts Save asks for and why; appends keep links; refused access', () => {
    expect(keepImagesHint({ ...base, missing: ['https://cdn.e.x/*', 'http://127.0.0.1/*'] })).toBe(
      '12 images are stored in your service. Save asks to read them from cdn.e.x, 127.0.0.1 with your own access (cookies), so images behind a sign-in are kept too.',
    );
    expect(keepImagesHint(base)).toMatch(/^12 images are stored in your service with the page/);
    expect(keepImagesHint({ ...base, target: 'existing' })).toMatch(/images stay as links/);
    expect(keepImagesHint({ ...base, denied: true })).toMatch(/not granted/);
    expect(keepImagesHint({ ...base, count: 0 })).toBe('This clip has no images to keep.');
    expect(keepImagesHint({ ...base, on: false })).toBeNull();
    expect(keepImagesHint({ ...base, on: false, embedded: 2 })).toBe(
      '2 embedded images left out: turn on Keep images to store them.',
    );
    expect(keepImagesHint({ ...base, target: 'existing', embedded: 1 })).toMatch(
      /images stay as links.* 1 embedded images are left out\.$/,
    );
  });

  it('progress, and the result naming each image kept as a link', () => {
    expect(imageProgressText({ phase: 'fetching', done: 7, total: 12 })).toBe(
      'Saving images… 7 of 12',
    );
    expect(imageProgressText({ phase: 'importing', done: 12, total: 12 })).toBe(
      'Storing the images in your service…',
    );
    expect(
      imageReportLines({
        stored: 11,
        skipped: 2,
        links: [{ url: 'https://cdn.e.x/a/photo%201.jpg?w=2', reason: 'HTTP 404' }],
      }),
    ).toEqual({
      summary: '11 images stored in your service; 1 kept as links:',
      links: ['photo 1.jpg (cdn.e.x): HTTP 404'],
    });
    expect(imageReportLines({ stored: 3, skipped: 0, links: [] })?.summary).toBe(
      '3 images stored in your service.',
    );
  });

  it('progress replaces "Queued" only while the entry is being sent', () => {
    const write = withKeptImages({
      write: {
        kind: 'create-page' as const,
        clipId: crypto.randomUUID(),
        title: 'T',
        markdown: 'x',
        parentId: null,
      },
    }).write;
    expect((write as { keepImages?: boolean }).keepImages).toBe(true);
    const entry = {
      id: write.clipId,
      write,
      status: 'sending',
      images: { phase: 'fetching', done: 1, total: 2 },
    } as OutboxEntryView;
    expect(imagesInProgress({ phase: 'submitted', entry })).toEqual(entry.images);
    const queued = { ...entry, status: 'queued' } as OutboxEntryView;
    expect(imagesInProgress({ phase: 'submitted', entry: queued })).toBeNull();
    const append = withKeptImages({ write: { kind: 'add-to-page' as const } });
    expect(append).toEqual({ write: { kind: 'add-to-page' } });
    const embedded = [{ ref: 'pageclip-image:1', dataUrl: 'data:image/png;base64,iVBORw0KGgo=' }];
    const created = {
      kind: 'create-page' as const,
      clipId: crypto.randomUUID(),
      title: 'T',
      markdown: 'a\n\n![x](pageclip-image:1)\n\nb',
      parentId: null,
    };
    expect(withKeptImages({ write: created }, embedded).write).toEqual({
      ...created,
      keepImages: true,
      embeddedImages: embedded,
    });
    expect(withoutEmbedded({ write: created }).write.markdown).toBe('a\n\n\n\nb');
  });
});
