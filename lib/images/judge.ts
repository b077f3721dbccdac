/**
 * What fetched bytes are, judged from the bytes themselves (never from the server's
 * Content-Type, which is often wrong and which the page controls): a format the service stores
 * (docs/api.md, Vault import), a tracking pixel or icon to skip, or something else.
 */
import { imageSize } from 'image-size';
import { IMAGE_CAPS } from './caps';

/** Formats the service's vault import accepts, by `image-size`'s type name. */
const ACCEPTED: Record<string, { mimeType: string; ext: string }> = {
  png: { mimeType: 'image/png', ext: 'png' },
  jpg: { mimeType: 'image/jpeg', ext: 'jpg' },
  gif: { mimeType: 'image/gif', ext: 'gif' },
  webp: { mimeType: 'image/webp', ext: 'webp' },
  svg: { mimeType: 'image/svg+xml', ext: 'svg' },
  avif: { mimeType: 'image/avif', ext: 'avif' },
  bmp: { mimeType: 'image/bmp', ext: 'bmp' },
};

export type ImageVerdict =
  | { kind: 'keep'; mimeType: string; ext: string; width: number | null; height: number | null }
  | { kind: 'skip'; reason: 'tracking pixel' | 'icon' }
  | { kind: 'fail'; reason: 'unsupported format' | 'too large' | 'empty' };

export function judgeImage(
  bytes: Uint8Array,
  caps: { maxImageBytes: number; pixelSide: number; iconSide: number } = IMAGE_CAPS,
): ImageVerdict {
  if (bytes.length === 0) return { kind: 'fail', reason: 'empty' };
  if (bytes.length > caps.maxImageBytes) return { kind: 'fail', reason: 'too large' };
  let size: { width?: number; height?: number; type?: string };
  try {
    size = imageSize(bytes);
  } catch {
    return { kind: 'fail', reason: 'unsupported format' };
  }
  const format = size.type ? ACCEPTED[size.type] : undefined;
  if (!format) return { kind: 'fail', reason: 'unsupported format' };
  const width = size.width ?? null;
  const height = size.height ?? null;
  if (
    (width !== null && width <= caps.pixelSide) ||
    (height !== null && height <= caps.pixelSide)
  ) {
    return { kind: 'skip', reason: 'tracking pixel' };
  }
  if (width !== null && height !== null && width <= caps.iconSide && height <= caps.iconSide) {
    return { kind: 'skip', reason: 'icon' };
  }
  return { kind: 'keep', ...format, width, height };
}
