/**
 * The bytes one clip's images may hold together (`IMAGE_CAPS.maxClipBytes`), counted as they
 * arrive, so no more than that is ever held however many images the clip has: an image whose
 * bytes do not fit is given up at once, and once one did not fit no further image is fetched.
 */
export const OVER_CLIP_CAP = 'over the clip’s size cap';

export class ClipBudget {
  private used = 0;
  private full = false;

  constructor(private readonly cap: number) {}

  /** An image did not fit: images not yet fetched are left out. */
  get spent(): boolean {
    return this.full;
  }

  /** Counts `n` more bytes; false, and the budget is spent, when they do not fit. */
  take(n: number): boolean {
    if (this.used + n > this.cap) {
      this.full = true;
      return false;
    }
    this.used += n;
    return true;
  }

  /** Gives back the bytes of an image that is not kept (refused, skipped, or cut off). */
  give(n: number): void {
    this.used = Math.max(0, this.used - n);
  }
}
