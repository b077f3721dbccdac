/**
 * A real HTTP server that answers exactly what a test scripts, to see how the client copes with
 * answers the local service would never give (extra or missing fields, HTML error pages,
 * `Retry-After`). Every request is recorded with its headers and body.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface CraftedResponse {
  status?: number;
  headers?: Record<string, string>;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  /** Never answer (to trigger client timeouts). */
  hang?: boolean;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Responder = (req: RecordedRequest) => CraftedResponse;

export interface CraftedServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Answers for the next requests, in order; after they run out, `fallback` answers. */
  queue(...responses: CraftedResponse[]): void;
  /** Answers every request not served by the queue. Default: 500 with an empty body. */
  fallback(responder: Responder): void;
  close(): Promise<void>;
}

export async function startCraftedServer(): Promise<CraftedServer> {
  const queued: CraftedResponse[] = [];
  let responder: Responder = () => ({ status: 500, body: '' });
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const answer = queued.shift() ?? responder(recorded);
      if (answer.hang) return;
      const headers: Record<string, string> = { ...answer.headers };
      let text = '';
      if (typeof answer.body === 'string') {
        text = answer.body;
      } else if (answer.body !== undefined) {
        text = JSON.stringify(answer.body);
        headers['content-type'] ??= 'application/json';
      }
      res.writeHead(answer.status ?? 200, headers).end(text);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/api/v1`,
    requests,
    queue: (...responses) => queued.push(...responses),
    fallback: (r) => {
      responder = r;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
