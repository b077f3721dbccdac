import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ApiError } from './api-error';

const MiB = 1024 * 1024;

export interface BodyCap {
  bytes: number;
  what: string;
}

/** Request caps (docs/api.md, Limits): page content 5 MiB, vault import 50 MiB, other JSON 10 MiB. */
export function apiBodyCap(method: string, path: string): BodyCap {
  if (path === '/api/v1/imports/vaultapp') return { bytes: 50 * MiB, what: 'a vault import' };
  if ((method === 'PUT' && path.endsWith('/content')) || path === '/api/v1/imports/page') {
    return { bytes: 5 * MiB, what: 'page content' };
  }
  return { bytes: 10 * MiB, what: 'a JSON body' };
}

const tooLarge = (cap: BodyCap) =>
  new ApiError(413, 'payload_too_large', `body: ${cap.what} is limited to ${cap.bytes / MiB} MiB`);

/**
 * Bodies past the cap are read to the end and discarded before the 413 goes out: answering
 * while the client is still sending makes it fail with EPIPE/ECONNRESET instead of seeing
 * the 413, and leaves the kept-alive connection unusable. Past DISCARD_LIMIT the
 * connection is cut instead.
 */
const DISCARD_LIMIT = 256 * MiB;

function readIncoming(incoming: IncomingMessage, cap: BodyCap, declared: number) {
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = declared > cap.bytes;
    if (declared > DISCARD_LIMIT) {
      incoming.destroy();
      reject(tooLarge(cap));
      return;
    }
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > DISCARD_LIMIT) incoming.destroy();
      if (over || size > cap.bytes) {
        over = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    incoming.once('end', () => {
      if (over) reject(tooLarge(cap));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
    incoming.once('error', reject);
    incoming.once('close', () => {
      if (!incoming.readableEnded) reject(tooLarge(cap));
    });
  });
}

/**
 * A body whose declared Content-Length is over its cap is answered 413 before anything else,
 * credentials included (docs/api.md, PUT checks); nothing is kept of it. Every other body
 * waits for `readBody`, which runs after authentication, so an unauthenticated client
 * cannot make the service buffer anything.
 */
export function refuseDeclaredOversize(
  capFor: (method: string, path: string) => BodyCap,
): MiddlewareHandler {
  const read = readBody(capFor);
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const declared = Number(c.req.header('content-length') ?? 0) || 0;
    if (declared <= capFor(method, c.req.path).bytes) return next();
    return read(c, next);
  };
}

/** Whether the request still has a body on the wire that nobody has read. */
export function bodyUnread(c: Context): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.readableEnded) return false;
  const declared = Number(c.req.header('content-length') ?? 0) || 0;
  return declared > 0 || c.req.header('transfer-encoding') !== undefined;
}

/**
 * Reads a request body once, capped, straight from Node's request stream, and hands it to
 * hono's body cache, so `c.req.json()` and `c.req.text()` parse it without converting the
 * stream to a web ReadableStream (that conversion cost more CPU than the whole append).
 * Without a Node request (in-process `app.request`), hono's bodyLimit does the capping.
 */
export function readBody(capFor: (method: string, path: string) => BodyCap): MiddlewareHandler {
  const fallbacks = new Map<number, MiddlewareHandler>();
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const cap = capFor(method, c.req.path);
    const declared = Number(c.req.header('content-length') ?? 0) || 0;
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (!incoming || incoming.readableEnded) {
      let limit = fallbacks.get(cap.bytes);
      if (!limit) {
        limit = bodyLimit({
          maxSize: cap.bytes,
          onError: () => {
            throw tooLarge(cap);
          },
        });
        fallbacks.set(cap.bytes, limit);
      }
      return limit(c, next);
    }
    const text = await readIncoming(incoming, cap, declared);
    if (text.length > 0 && c.req.header('content-type') === undefined) {
      throw new ApiError(
        415,
        'unsupported_media_type',
        'Content-Type header: required with a request body',
      );
    }
    // hono keeps promises in its body cache (its type says otherwise).
    (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(text);
    return next();
  };
}
