/**
 * The limits of "Keep images" (docs/architecture.md, "Kept images"). The service takes an image
 * of up to 20 MiB and an import body of up to 50 MiB (docs/api.md, Limits); base64 makes the
 * bytes a third larger, so one clip's images stay well under that with the note beside them.
 */
export const IMAGE_CAPS = {
  /** Images fetched per clip; embeds beyond keep their remote links. */
  maxImages: 60,
  /** One image; a larger one keeps its remote link ("too large"). */
  maxImageBytes: 8 * 1024 * 1024,
  /** All images of one clip together; images past it keep their remote links. */
  maxClipBytes: 30 * 1024 * 1024,
  /** An image with a side this small or smaller is a tracking pixel or spacer. */
  pixelSide: 2,
  /** An image with both sides this small or smaller is an icon (bullet, emoji, avatar dot). */
  iconSide: 32,
  /** One image's fetch, from request to its last byte. */
  fetchTimeoutMs: 30_000,
  /** Images fetched at once. */
  concurrency: 4,
} as const;

export type ImageCaps = { -readonly [K in keyof typeof IMAGE_CAPS]: number };
