/**
 * A fault-injecting HTTP proxy for tests: a real `node:http` server in front of a real service,
 * which decides per request whether to pass it through or to inject one of these faults:
 *
 * | kind                 | what the client sees                                               | applied upstream? |
 * | -------------------- | ------------------------------------------------------------------ | ----------------- |
 * | `pass`               | the service's answer                                               | yes               |
 * | `drop-after-apply`   | the connection closes with no answer (forwarded, the upstream      | yes               |
 * |                      | response read in full, then the client socket destroyed)           |                   |
 * | `unavailable`        | 503 (optionally with `Retry-After`), without forwarding            | no                |
 * | `delay`              | the service's answer, `ms` late; `phase: 'before'` (default) holds | yes               |
 * |                      | the request back, then forwards it even if the client gave up (a  |                   |
 * |                      | late duplicate), `'after'` forwards at once and holds the answer   |                   |
 * | `reset`              | a TCP reset before anything is forwarded                           | no                |
 *
 * Choosing the fault, in this order:
 * 1. rules (`addRule`): the first rule whose matcher (method, path) fits and whose queue of
 *    faults is not empty gives the next fault of its queue (a queue is used up one request at
 *    a time, so `faults: ['drop-after-apply', 'unavailable']` hits the next two matching
 *    requests);
 * 2. random mode (`setRandom`): with a seed (reproducible), each matching request draws a
 *    fault with the given probabilities;
 * 3. otherwise `pass`.
 *
 * `counts()` tells how many of each kind were injected; `log` lists every request with its
 * fault and upstream status; `idle()` waits until no request is being handled (a delayed one
 * may reach the service after the client moved on); `reset()` forgets rules, random mode,
 * counts and log. Requests with no fault are buffered and forwarded as they are (hop-by-hop
 * headers dropped, `Host` rewritten); an unreachable service is a 502 HTML page. Used by the
 * API client tests and the outbox's chaos test:
 *
 *   const proxy = await startFaultProxy({ target: service.origin });
 *   const client = new ApiClient({ baseUrl: proxy.rebase(service.baseUrl), credential });
 *   proxy.addRule({ method: 'POST', path: /content-operations$/, faults: ['drop-after-apply'] });
 *   proxy.setRandom({ seed: 42, probabilities: { unavailable: 0.2, reset: 0.1 } });
 *   ...
 *   await proxy.close();
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type FaultKind = 'pass' | 'drop-after-apply' | 'unavailable' | 'delay' | 'reset';

export type Fault =
  | 'pass'
  | 'drop-after-apply'
  | 'unavailable'
  | 'reset'
  | { kind: 'pass' }
  | { kind: 'drop-after-apply' }
  | {
      kind: 'unavailable';
      /** `Retry-After` value (seconds as a number, or any header string); none when absent. */
      retryAfter?: number | string;
      /** The 503's body: a proxy's HTML page (default), the JSON error envelope, or nothing. */
      body?: 'html' | 'envelope' | 'empty';
    }
  | { kind: 'delay'; ms: number; phase?: 'before' | 'after' }
  | { kind: 'reset' };

export interface Matcher {
  /** HTTP method, case-insensitive; any when absent. */
  method?: string;
  /** The request's pathname (no query): exact string, RegExp, or predicate; any when absent. */
  path?: string | RegExp | ((pathname: string) => boolean);
}

export interface Rule extends Matcher {
  /** Faults for the next matching requests, used up in order. */
  faults: Fault[];
}

export interface RandomMode extends Matcher {
  seed: number;
  /** Probability per kind (0..1; their sum at most 1); the rest passes. */
  probabilities: Partial<Record<Exclude<FaultKind, 'pass'>, number>>;
  /** Delay range for `delay` faults, in ms. Default [50, 250]. */
  delayMs?: [number, number];
  /** `Retry-After` sent with random `unavailable` faults; none when absent. */
  retryAfter?: number | string;
}

export interface ProxiedRequest {
  method: string;
  path: string;
  fault: FaultKind;
  /** The upstream status, when the request was forwarded and answered. */
  upstreamStatus: number | null;
}

export interface FaultProxy {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** The same URL with the proxy's origin: `proxy.rebase(service.baseUrl)`. */
  rebase(url: string): string;
  addRule(rule: Rule): { remaining(): number; remove(): void };
  clearRules(): void;
  setRandom(mode: RandomMode | null): void;
  /** Faults injected so far, by kind (`pass` counts requests passed through). */
  counts(): Record<FaultKind, number>;
  log: ProxiedRequest[];
  /** Resolves when no request is being handled (delayed ones included). */
  idle(): Promise<void>;
  /** Forgets rules, random mode, counts and the log. */
  reset(): void;
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'content-length',
]);

const PROXY_HTML_503 =
  '<!DOCTYPE html><html><head><title>503 Service Temporarily Unavailable</title></head>' +
  '<body><h1>503 Service Temporarily Unavailable</h1><hr><p>fault-proxy</p></body></html>';
const PROXY_HTML_502 =
  '<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head>' +
  '<body><h1>502 Bad Gateway</h1><hr><p>fault-proxy</p></body></html>';

/** mulberry32: a tiny seeded PRNG, so a failing chaos run can be replayed with its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function matches(m: Matcher, method: string, pathname: string): boolean {
  if (m.method && m.method.toUpperCase() !== method.toUpperCase()) return false;
  if (m.path === undefined) return true;
  if (typeof m.path === 'string') return m.path === pathname;
  if (m.path instanceof RegExp) return m.path.test(pathname);
  return m.path(pathname);
}

type NormalFault = Exclude<Fault, string>;
function normalize(f: Fault): NormalFault {
  return typeof f === 'string' ? ({ kind: f } as NormalFault) : f;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

interface UpstreamAnswer {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

function forward(
  target: URL,
  req: IncomingMessage,
  body: Buffer,
  pathAndQuery: string,
): Promise<UpstreamAnswer> {
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
  }
  headers.host = target.host;
  headers['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const upstream = httpRequest(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: pathAndQuery,
        headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const out: Record<string, string | string[]> = {};
          for (const [k, v] of Object.entries(res.headers)) {
            if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
          }
          resolve({ status: res.statusCode ?? 502, headers: out, body: Buffer.concat(chunks) });
        });
        res.on('error', reject);
      },
    );
    upstream.on('error', reject);
    upstream.end(body);
  });
}

function resetSocket(socket: Socket): void {
  // A real TCP RST where the platform allows it (Node 16.17+), else a plain close.
  if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
  else socket.destroy();
}

export async function startFaultProxy(opts: {
  target: string;
  /**
   * false: every answer closes its connection, so each request goes on a fresh one. A browser
   * resends by itself a request whose reused connection is reset before the answer; a test of
   * what the client itself sends turns that off.
   */
  keepAlive?: boolean;
}): Promise<FaultProxy> {
  const target = new URL(opts.target);
  let rules: { rule: Rule; queue: NormalFault[] }[] = [];
  let random: { mode: RandomMode; next: () => number } | null = null;
  const emptyCounts = (): Record<FaultKind, number> => ({
    pass: 0,
    'drop-after-apply': 0,
    unavailable: 0,
    delay: 0,
    reset: 0,
  });
  let counts = emptyCounts();
  const log: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();

  const choose = (method: string, pathname: string): NormalFault => {
    for (const entry of rules) {
      if (entry.queue.length > 0 && matches(entry.rule, method, pathname)) {
        return entry.queue.shift()!;
      }
    }
    if (random && matches(random.mode, method, pathname)) {
      const { mode, next } = random;
      let draw = next();
      for (const kind of ['drop-after-apply', 'unavailable', 'delay', 'reset'] as const) {
        const p = mode.probabilities[kind] ?? 0;
        if (draw < p) {
          if (kind === 'delay') {
            const [lo, hi] = mode.delayMs ?? [50, 250];
            return { kind, ms: Math.round(lo + next() * (hi - lo)) };
          }
          if (kind === 'unavailable') return { kind, retryAfter: mode.retryAfter };
          return { kind };
        }
        draw -= p;
      }
    }
    return { kind: 'pass' };
  };

  let inFlight = 0;
  let idleWaiters: (() => void)[] = [];
  const settle = () => {
    inFlight--;
    if (inFlight === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      waiters.forEach((w) => w());
    }
  };

  const server: Server = createServer((req, res) => {
    inFlight++;
    if (opts.keepAlive === false) res.shouldKeepAlive = false;
    void (async () => {
      const method = req.method ?? 'GET';
      const pathAndQuery = req.url ?? '/';
      const pathname = new URL(pathAndQuery, 'http://proxy').pathname;
      const fault = choose(method, pathname);
      counts[fault.kind]++;
      const entry: ProxiedRequest = {
        method,
        path: pathname,
        fault: fault.kind,
        upstreamStatus: null,
      };
      log.push(entry);

      if (fault.kind === 'reset') {
        resetSocket(req.socket);
        return;
      }
      const body = await readBody(req);
      if (fault.kind === 'unavailable') {
        const headers: Record<string, string> = {};
        if (fault.retryAfter !== undefined) headers['retry-after'] = String(fault.retryAfter);
        const kind = fault.body ?? 'html';
        const text =
          kind === 'html'
            ? PROXY_HTML_503
            : kind === 'envelope'
              ? JSON.stringify({
                  error: { code: 'service_unavailable', message: 'fault-proxy: unavailable' },
                })
              : '';
        if (text) {
          headers['content-type'] =
            kind === 'html' ? 'text/html; charset=utf-8' : 'application/json';
        }
        res.writeHead(503, headers).end(text);
        return;
      }
      const wait = () => new Promise((r) => setTimeout(r, fault.kind === 'delay' ? fault.ms : 0));
      const phase = fault.kind === 'delay' ? (fault.phase ?? 'before') : null;
      // A request held back is still forwarded when the client has given up meanwhile: it
      // reaches the service late, after the client's retry (the nastiest interleaving).
      if (phase === 'before') await wait();

      let answer: UpstreamAnswer;
      try {
        answer = await forward(target, req, body, pathAndQuery);
      } catch {
        if (!req.socket.destroyed) {
          res.writeHead(502, { 'content-type': 'text/html; charset=utf-8' }).end(PROXY_HTML_502);
        }
        return;
      }
      entry.upstreamStatus = answer.status;
      if (phase === 'after') await wait();
      if (req.socket.destroyed) return; // the client gave up; nobody to answer
      if (fault.kind === 'drop-after-apply') {
        // The service applied the request and answered; the client never hears of it.
        resetSocket(req.socket);
        return;
      }
      res.writeHead(answer.status, { ...answer.headers, 'content-length': answer.body.length });
      res.end(answer.body);
    })()
      .catch(() => {
        if (!res.headersSent && !req.socket.destroyed) res.writeHead(502).end();
        else req.socket.destroy();
      })
      .finally(settle);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // A reset socket may still emit errors on the server side; they are the point, not a bug.
  server.on('clientError', (_err, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    rebase(url: string) {
      const u = new URL(url);
      return `${origin}${u.pathname === '/' ? '' : u.pathname}${u.search}`;
    },
    addRule(rule: Rule) {
      const entry = { rule, queue: rule.faults.map(normalize) };
      rules.push(entry);
      return {
        remaining: () => entry.queue.length,
        remove: () => {
          rules = rules.filter((r) => r !== entry);
        },
      };
    },
    clearRules() {
      rules = [];
    },
    setRandom(mode: RandomMode | null) {
      random = mode ? { mode, next: seededRandom(mode.seed) } : null;
    },
    counts: () => ({ ...counts }),
    idle: () =>
      inFlight === 0 ? Promise.resolve() : new Promise<void>((r) => idleWaiters.push(r)),
    log,
    reset() {
      rules = [];
      random = null;
      counts = emptyCounts();
      log.length = 0;
    },
    close() {
      return new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      });
    },
  };
}
