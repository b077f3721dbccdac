/**
 * Reading one image's bytes with the user's own access: `credentials: 'include'` sends the
 * cookies the browser holds for the image's site (the extension holds host access to it, so
 * the page's CORS rules do not apply). A `data:` image is decoded here, without the network.
 * The body is read as a stream and given up on past the image's size cap, or as soon as the
 * clip's images together no longer fit its budget (the bytes count as they arrive).
 */
import { base64ToBytes } from './base64';
import { OVER_CLIP_CAP, type ClipBudget } from './budget';

export type FetchOutcome = { ok: true; bytes: Uint8Array } | { ok: false; reason: string };

export interface FetchImageOptions {
  maxBytes: number;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** The clip's budget; bytes read are counted in it, and given back when the read fails. */
  budget?: ClipBudget;
}

function decodeDataUrl(url: string, maxBytes: number): FetchOutcome {
  const comma = url.indexOf(',');
  const data = url.slice(comma + 1);
  if (Math.floor((data.length * 3) / 4) > maxBytes + 2) return { ok: false, reason: 'too large' };
  try {
    return { ok: true, bytes: base64ToBytes(decodeURIComponent(data)) };
  } catch {
    return { ok: false, reason: 'not valid base64' };
  }
}

export async function fetchImage(url: string, opts: FetchImageOptions): Promise<FetchOutcome> {
  const budget = opts.budget;
  if (budget?.spent) return { ok: false, reason: OVER_CLIP_CAP };
  let counted = 0;
  const count = (n: number): boolean => {
    if (!budget) return true;
    if (!budget.take(n)) return false;
    counted += n;
    return true;
  };
  const outcome = url.startsWith('data:')
    ? decodeDataUrl(url, opts.maxBytes)
    : await fetchRemote(url, opts, count);
  if (outcome.ok && !count(outcome.bytes.length - counted)) {
    budget?.give(counted);
    return { ok: false, reason: OVER_CLIP_CAP };
  }
  if (!outcome.ok) budget?.give(counted);
  return outcome;
}

async function fetchRemote(
  url: string,
  opts: FetchImageOptions,
  count: (n: number) => boolean,
): Promise<FetchOutcome> {
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), opts.timeoutMs);
  try {
    const response = await (opts.fetch ?? fetch)(url, {
      credentials: 'include',
      signal: timeout.signal,
      headers: { accept: 'image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8' },
    });
    if (!response.ok) {
      void response.body?.cancel().catch(() => undefined);
      return { ok: false, reason: `HTTP ${response.status}` };
    }
    const declared = Number(response.headers.get('content-length') ?? NaN);
    if (declared > opts.maxBytes) {
      void response.body?.cancel().catch(() => undefined);
      return { ok: false, reason: 'too large' };
    }
    if (!response.body) return { ok: true, bytes: new Uint8Array(await response.arrayBuffer()) };
    const reader = response.body.getReader();
    const chunks: Uint8Array[] = [];
    let length = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.length;
      if (length > opts.maxBytes) {
        void reader.cancel().catch(() => undefined);
        return { ok: false, reason: 'too large' };
      }
      if (!count(value.length)) {
        void reader.cancel().catch(() => undefined);
        return { ok: false, reason: OVER_CLIP_CAP };
      }
      chunks.push(value);
    }
    const bytes = new Uint8Array(length);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.length;
    }
    return { ok: true, bytes };
  } catch {
    return { ok: false, reason: timeout.signal.aborted ? 'timed out' : 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
}
