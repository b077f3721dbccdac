import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { createApp } from './app';
import { closeDatabase, openDatabase } from './db/database';
import { createRepositories, type Repositories } from './db/repositories';

export const DEFAULT_PORT = 8787;
export const HOST = '127.0.0.1';
export const DEMO_EMAIL = 'demo@pageclip.local';
/** The demo user's password, kept (0600) so `npm start` can print it on every start. */
export const DEMO_PASSWORD_FILE = 'demo-password';

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

export interface RunningServer {
  repos: Repositories;
  port: number;
  origin: string;
  demo: { email: string; password: string } | null;
  close(): Promise<void>;
}

/** Creates the demo user on an empty data directory; returns its credentials when it did. */
export async function ensureDemoUser(
  repos: Repositories,
  dataDir: string,
): Promise<{ email: string; password: string } | null> {
  if (repos.users.count() > 0) return null;
  const password = crypto.randomBytes(12).toString('base64url');
  await repos.users.create({ email: DEMO_EMAIL, password, name: 'Demo' });
  fs.writeFileSync(path.join(dataDir, DEMO_PASSWORD_FILE), `${password}\n`, { mode: 0o600 });
  return { email: DEMO_EMAIL, password };
}

export async function startServer(opts: {
  dataDir: string;
  port: number;
  quiet?: boolean;
  allowedHosts?: readonly string[];
}): Promise<RunningServer> {
  const db = openDatabase(opts.dataDir);
  const repos = createRepositories(db);
  const demo = await ensureDemoUser(repos, opts.dataDir);

  // Expired idempotency records and sessions go at start and then periodically.
  const sweep = () => {
    const now = Date.now();
    repos.idempotency.sweep(now);
    repos.sessions.sweep(now);
    repos.pages.sweepChanges(now);
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();

  const { app } = createApp({
    repos,
    log: opts.quiet ? undefined : (line) => console.log(line),
    allowedHosts: opts.allowedHosts,
  });
  let server: ServerType;
  try {
    server = await new Promise((resolve, reject) => {
      const s = serve({ fetch: app.fetch, port: opts.port, hostname: HOST }, () => resolve(s));
      s.once('error', reject);
    });
  } catch (error) {
    clearInterval(timer);
    db.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new Error(
        `port ${opts.port} on ${HOST} is already in use (is the service already running?)`,
        { cause: error },
      );
    }
    throw error;
  }
  const port = (server.address() as AddressInfo).port;

  let closing: Promise<void> | undefined;
  return {
    repos,
    port,
    origin: `http://${HOST}:${port}`,
    demo,
    close() {
      closing ??= new Promise<void>((resolve) => {
        clearInterval(timer);
        server.close(() => {
          closeDatabase(db);
          resolve();
        });
        // Keep-alive connections would hold close() open; idle ones can go at once.
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
      return closing;
    },
  };
}
