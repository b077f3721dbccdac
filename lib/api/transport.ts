/**
 * One HTTP exchange with the service: builds the URL and headers, sends the credential, applies
 * the timeout, reads the body, and turns every way it can fail into an `ApiError`.
 *
 * Only web platform APIs (fetch, AbortSignal, URL, TextDecoder): this runs unchanged in the
 * extension's background worker and in Node, so nothing Node-only reaches the bundle.
 */
import type { z } from 'zod';
import { ApiError, parseRetryAfter } from './errors';
import { ErrorEnvelope } from '../../contract';
import { requestSignal } from './signals';

export type Credential =
  | { kind: 'token'; token: string }
  /**
   * A browser session. In the extension the browser attaches the cookie itself
   * (`credentials: 'include'`); in Node pass the Cookie header value
   * (`neutral-auth.session_token=…`).
   */
  | { kind: 'session'; cookie?: string };

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface TransportOptions {
  baseUrl: string;
  credential: Credential;
  fetch?: FetchLike;
  timeoutMs?: number;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call (whole exchange, body included). */
  timeoutMs?: number;
}

type Query = Record<string, string | number | null | undefined>;

export interface RequestSpec {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  query?: Query;
  json?: unknown;
  /** A raw body (markdown); sent with `contentType`. */
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** How to read a successful body. */
  read: 'json' | 'text' | 'bytes' | 'none';
}

export interface RawResponse {
  status: number;
  headers: Headers;
  /** Text body (for `json`, `text`, `none` reads), empty when there was none. */
  text: string;
  /** Bytes body, for `bytes` reads. */
  bytes: Uint8Array | null;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
const SNIPPET_CHARS = 160;

export class Transport {
  readonly baseUrl: string;
  private readonly credential: Credential;
  private readonly fetchImpl: FetchLike;
  private readonly timeoutMs: number;

  constructor(opts: TransportOptions) {
    let parsed: URL;
    try {
      parsed = new URL(opts.baseUrl);
    } catch {
      throw new TypeError(`ApiClient: baseUrl is not a URL: ${JSON.stringify(opts.baseUrl)}`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new TypeError(`ApiClient: baseUrl must be http(s), got ${parsed.protocol}`);
    }
    if (opts.credential.kind === 'token' && opts.credential.token.trim() === '') {
      throw new TypeError('ApiClient: the API token is empty');
    }
    this.baseUrl = parsed.href.replace(/\/+$/, '');
    this.credential = opts.credential;
    // Bound lazily: in browsers an unbound `fetch` throws "Illegal invocation".
    this.fetchImpl = opts.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  url(path: string, query?: Query): string {
    const url = new URL(this.baseUrl + path);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(key, String(value));
    }
    return url.href;
  }

  /** Sends the request; resolves with a 2xx response, rejects with an `ApiError` otherwise. */
  async send(spec: RequestSpec, opts: CallOptions = {}): Promise<RawResponse> {
    const request = `${spec.method} ${spec.path}`;
    const headers = new Headers(spec.headers);
    if (this.credential.kind === 'token') {
      headers.set('authorization', `Bearer ${this.credential.token}`);
    } else if (this.credential.cookie) {
      headers.set('cookie', this.credential.cookie);
    }
    let body: string | undefined;
    if (spec.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(spec.json);
    } else if (spec.text !== undefined) {
      headers.set('content-type', spec.contentType ?? 'text/plain; charset=utf-8');
      body = spec.text;
    }
    if (!headers.has('accept')) {
      headers.set(
        'accept',
        spec.read === 'text' ? 'text/markdown, text/plain;q=0.9, */*;q=0.1' : 'application/json',
      );
    }

    const timeoutMs = opts.timeoutMs ?? this.timeoutMs;
    const rs = requestSignal(timeoutMs, opts.signal);
    try {
      let response: Response;
      try {
        response = await this.fetchImpl(this.url(spec.path, spec.query), {
          method: spec.method,
          headers,
          body,
          signal: rs.signal,
          redirect: 'follow',
          // A session rides on the browser's cookie; a token needs no cookie at all.
          credentials: this.credential.kind === 'session' ? 'include' : 'omit',
        });
      } catch (cause) {
        throw this.transportError(cause, request, rs, timeoutMs, 'sending the request');
      }

      const wantBytes = spec.read === 'bytes' && response.ok;
      let text = '';
      let bytes: Uint8Array | null = null;
      try {
        if (wantBytes) bytes = new Uint8Array(await response.arrayBuffer());
        else text = await response.text();
      } catch (cause) {
        throw this.transportError(cause, request, rs, timeoutMs, 'reading the response');
      }

      if (!response.ok) throw errorFromResponse(response, text, request);
      return { status: response.status, headers: response.headers, text, bytes };
    } finally {
      rs.dispose();
    }
  }

  private transportError(
    cause: unknown,
    request: string,
    rs: { timedOut(): boolean },
    timeoutMs: number,
    phase: string,
  ): unknown {
    if (rs.timedOut()) {
      return new ApiError({
        kind: 'timeout',
        status: null,
        code: 'timeout',
        message: `${request}: no answer from the service within ${timeoutMs} ms (${phase})`,
        request,
        cause,
      });
    }
    // The caller aborted: hand back the caller's own reason, as fetch does, so an intentional
    // cancel is not mistaken for a failure (and withRetry stops).
    if (isAbort(cause)) return cause;
    const origin = new URL(this.baseUrl).origin;
    return new ApiError({
      kind: 'network',
      status: null,
      code: 'network_error',
      message: `${request}: could not reach the service at ${origin} while ${phase} (${describeCause(cause)})`,
      request,
      cause,
    });
  }
}

function isAbort(e: unknown): boolean {
  return (
    typeof e === 'object' &&
    e !== null &&
    ((e as { name?: unknown }).name === 'AbortError' ||
      (e as { name?: unknown }).name === 'TimeoutError')
  );
}

/** A short, secret-free description of a fetch failure (undici puts the reason in `cause`). */
function describeCause(e: unknown): string {
  const parts: string[] = [];
  let current: unknown = e;
  for (let depth = 0; depth < 3 && typeof current === 'object' && current !== null; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') parts.push(code);
    else if (typeof message === 'string' && message) parts.push(message);
    current = (current as { cause?: unknown }).cause;
  }
  return parts.length > 0 ? [...new Set(parts)].join(': ') : 'unknown network error';
}

/** Turns a non-2xx response into an `ApiError`, whether or not its body is the envelope. */
export function errorFromResponse(response: Response, text: string, request: string): ApiError {
  const status = response.status;
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  const statusText = `HTTP ${status}${response.statusText ? ` ${response.statusText}` : ''}`;

  const envelope = ErrorEnvelope.safeParse(tryJson(text));
  if (envelope.success) {
    const { code, message } = envelope.data.error;
    return new ApiError({
      kind: 'http',
      status,
      code,
      message: `${request}: ${message || code} (${statusText}, ${code})`,
      retryAfterMs,
      request,
    });
  }
  return new ApiError({
    kind: 'http',
    status,
    code: `http_${status}`,
    message: `${request}: ${statusText}, ${describeBody(text, response.headers.get('content-type'))}`,
    retryAfterMs,
    request,
  });
}

/** Says what came instead of the error envelope (an empty body, a proxy's HTML page…). */
export function describeBody(text: string, contentType: string | null): string {
  if (text.trim() === '') return 'with an empty body';
  const type = contentType?.split(';')[0]?.trim() || 'no content type';
  if (/html/i.test(type) || /^\s*</.test(text)) {
    const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(text)?.[1]?.replace(/\s+/g, ' ').trim();
    return `with an HTML page instead of the error envelope${title ? ` ("${snippet(title)}")` : ''}`;
  }
  return `with a body that is not the error envelope (${type}: "${snippet(text)}")`;
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > SNIPPET_CHARS ? `${flat.slice(0, SNIPPET_CHARS)}…` : flat;
}

export function tryJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Parses a successful JSON body against its schema. A body that is not JSON, or breaks the
 * spec, is an `invalid-response` error that names the offending field.
 */
export function parseJson<S extends z.ZodType>(
  schema: S,
  raw: RawResponse,
  request: string,
): z.output<S> {
  let value: unknown;
  if (raw.text.trim() === '') {
    value = undefined;
  } else {
    try {
      value = JSON.parse(raw.text);
    } catch {
      throw invalidResponse(
        request,
        raw.status,
        `the body is not JSON (${raw.headers.get('content-type') ?? 'no content type'}: "${snippet(raw.text)}")`,
      );
    }
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  if (value === undefined) throw invalidResponse(request, raw.status, 'the body is empty');
  const issue = parsed.error.issues[0];
  const where =
    issue && issue.path.length > 0 ? `field "${issue.path.map(String).join('.')}"` : 'the body';
  const more = parsed.error.issues.length > 1 ? ` (+${parsed.error.issues.length - 1} more)` : '';
  throw invalidResponse(request, raw.status, `${where}: ${issue?.message ?? 'invalid'}${more}`);
}

export function invalidResponse(request: string, status: number, detail: string): ApiError {
  return new ApiError({
    kind: 'invalid-response',
    status,
    code: 'invalid_response',
    message: `${request}: the service's answer breaks the API contract: ${detail}`,
    request,
  });
}
