import type { KnownClip } from '../../lib/known-clips/known-clip';

/** Known clip number `n`: its own URL, page, title and times, changed by `over`. */
export function clip(n: number, over: Partial<KnownClip> = {}): KnownClip {
  return {
    url: `https://e.x/${n}`,
    pageId: `page-${n}`,
    title: `Page ${n}`,
    folderId: null,
    clippedAt: n,
    at: n,
    etag: `"${n}"`,
    ...over,
  };
}
