/**
 * "Keep images" in the popup's clip form: the per-clip choice (its default from the options),
 * the image hosts the clip needs access to, and the permission request made inside the Save
 * click (a browser prompt needs the user's gesture; docs/architecture.md, "Kept images").
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import type { EmbeddedImage } from '../extract/result';
import { embeddedReferences, referencedImages, withoutEmbeddedImages } from '../images/embedded';
import { imageOriginPatterns, selectImages } from '../images/select';
import type { WriteRequest } from '../write-request';
import type { Target } from './compose';

export interface KeepImages {
  on: boolean;
  setOn(on: boolean): void;
  /** Images the clip would keep (distinct addresses, the page's embedded images included). */
  count: number;
  /** The page's `data:` images the clip shows; left out unless kept. */
  embedded: number;
  /** Host patterns Pageclip does not hold yet, asked for at Save. */
  missing: string[];
  /** The option applies: a new page with images (appends keep remote links). */
  applies: boolean;
  /** The last Save asked for access and was refused: that clip keeps remote links. */
  denied: boolean;
  /**
   * Call synchronously in the Save click: resolves whether this clip keeps its images, after
   * the browser's prompt when hosts are missing.
   */
  decide(): Promise<boolean>;
}

/** The host of a pattern (`https://cdn.example/*` → `cdn.example`), for the hint. */
export const patternHost = (pattern: string): string =>
  pattern.replace(/^[a-z]+:\/\//, '').replace(/\/\*$/, '');

export function useKeepImages(defaultOn: boolean, body: string, target: Target): KeepImages {
  const [on, setOn] = useState(defaultOn);
  const [denied, setDenied] = useState(false);
  const embedded = useMemo(() => embeddedReferences(body).length, [body]);
  const count = useMemo(() => selectImages(body).candidates.length, [body]) + embedded;
  const patterns = useMemo(() => imageOriginPatterns(body), [body]);
  const [missing, setMissing] = useState<string[]>([]);

  useEffect(() => {
    let alive = true;
    void Promise.all(
      patterns.map(async (origin) => {
        try {
          return (await browser.permissions.contains({ origins: [origin] })) ? null : origin;
        } catch {
          return origin;
        }
      }),
    ).then((list) => alive && setMissing(list.filter((p): p is string => p !== null)));
    return () => {
      alive = false;
    };
  }, [patterns]);

  const applies = target === 'new' && count > 0;
  const decide = (): Promise<boolean> =>
    decideKeepImages({ on, applies, patterns }, (origins) =>
      browser.permissions.request({ origins }),
    ).then((decision) => {
      if (decision.asked) {
        setDenied(!decision.granted);
        if (decision.granted) setMissing([]);
      }
      return decision.keep;
    });
  return { on, setOn, count, embedded, missing, applies, denied, decide };
}

export interface KeepDecision {
  /** The clip goes in with "Keep images" (images of refused hosts keep their links, named). */
  keep: boolean;
  /** The browser was asked for host access. */
  asked: boolean;
  /** Access is held for every host asked for. */
  granted: boolean;
}

/**
 * What Save does with "Keep images": when it is on and applies, asks for exactly the hosts of
 * the clip's images (the browser prompts only for those not yet granted). The request is made
 * before anything is awaited, so it stays inside the click's user gesture. Refused (or the
 * prompt failed), the clip still keeps what needs no access (`data:` images) and every image of
 * a refused host keeps its remote link, named "no access" in the result.
 */
export async function decideKeepImages(
  choice: { on: boolean; applies: boolean; patterns: readonly string[] },
  request: (origins: string[]) => Promise<boolean>,
): Promise<KeepDecision> {
  if (!choice.on || !choice.applies) return { keep: false, asked: false, granted: false };
  if (choice.patterns.length === 0) return { keep: true, asked: false, granted: true };
  let granted: boolean;
  try {
    granted = await request([...choice.patterns]);
  } catch {
    granted = false;
  }
  return { keep: true, asked: true, granted };
}

/**
 * The submission with its images kept, the page's embedded images it shows travelling with it
 * to be stored like the others. A new page only: an addition keeps remote links and leaves the
 * embedded images out.
 */
export function withKeptImages<T extends { write: { kind: string } }>(
  input: T,
  embedded: readonly EmbeddedImage[] = [],
): T {
  const created = input.write as WriteRequest;
  if (created.kind !== 'create-page') return withoutEmbedded(input);
  const images = referencedImages(created.markdown, embedded);
  const write = { ...created, keepImages: true };
  return { ...input, write: images.length > 0 ? { ...write, embeddedImages: images } : write };
}

/**
 * The submission without the page's embedded images: their references mean nothing in the
 * service, and a `data:` image is never written into a page inline.
 */
export function withoutEmbedded<T extends { write: { kind: string } }>(input: T): T {
  const write = input.write as WriteRequest;
  if (write.kind === 'create-page') {
    const { embeddedImages: _left, ...rest } = write;
    return {
      ...input,
      write: { ...rest, markdown: withoutEmbeddedImages(write.markdown).markdown },
    };
  }
  const added = write.kind === 'add-to-page' || write.kind === 'add-to-titled-page';
  if (added && typeof write.content === 'string') {
    return {
      ...input,
      write: { ...write, content: withoutEmbeddedImages(write.content).markdown },
    };
  }
  return input;
}
