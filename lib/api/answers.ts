/** Checks and readings of answers that are not JSON: markdown, the ETag, replays, file names. */
import { invalidResponse, type RawResponse } from './transport';

/**
 * Content is `text/markdown` (the spec, GET content). An HTML or JSON body is a captive portal,
 * a proxy's page or a wrong route: taking it as the page's markdown would let `updateContent`
 * write it back into the page. A missing or plain-text type is tolerated.
 */
export function requireMarkdown(raw: RawResponse, request: string): void {
  const type = raw.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase();
  if (type && (type === 'text/html' || type === 'application/xhtml+xml' || type.endsWith('json'))) {
    throw invalidResponse(request, raw.status, `expected markdown, got ${type}`);
  }
}

export function requireEtag(raw: RawResponse, request: string): string {
  const etag = raw.headers.get('etag');
  if (etag === null || etag === '') {
    throw invalidResponse(request, raw.status, 'the ETag header is missing');
  }
  return etag;
}

export function isReplayed(raw: RawResponse): boolean {
  return raw.headers.get('idempotent-replayed')?.trim().toLowerCase() === 'true';
}

/** The file name of `Content-Disposition` (`filename*=UTF-8''…` preferred, RFC 6266). */
export function filenameOf(headers: Headers): string | null {
  const value = headers.get('content-disposition');
  if (!value) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(value);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(value);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name ?? null;
}
