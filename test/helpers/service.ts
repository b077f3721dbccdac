/**
 * Test harness for the real local service: spawns `server/cli.ts serve` as a child process on a
 * random port with its own data directory, exactly as a person would run it, and drives its
 * command line (`token`, `user add`, `grant`, `restrict`) and sign-in route.
 *
 * Client, extension e2e and chaos tests depend on `RunningService` / `startService`; keep the
 * API stable. `logs()`, `pid()` and the `quiet` and `extraArgs` options serve the service's
 * own logging, transport tests and benchmark.
 */
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface RunningService {
  origin: string; // http://127.0.0.1:PORT
  baseUrl: string; // origin + '/api/v1'
  dataDir: string;
  demo: { email: string; password: string };
  /** A new API token via the CLI; scopes default to `pages:read` and `pages:write`, email to the demo user. */
  token(opts?: { scopes?: string[]; email?: string; name?: string }): Promise<string>;
  /** Runs server/cli.ts with `--data dataDir` appended; resolves with stdout, rejects (with stderr) on a non-zero exit. */
  cli(args: string[]): Promise<string>;
  /** Signs in through `POST /auth/sign-in`; resolves with the Cookie header value. Defaults to the demo user. */
  signIn(email?: string, password?: string): Promise<string>;
  stop(): Promise<void>;
  /** Stops and starts again on the same data dir and port. */
  restart(): Promise<void>;
  /** Everything the current process printed on stdout and stderr (the per-request log when not quiet). */
  logs(): string;
  /** The current service process id (benchmarks read its CPU time). */
  pid(): number | undefined;
}

export interface StartServiceOptions {
  /** Existing data directory; default: a fresh temp dir, removed when the test process exits. */
  dataDir?: string;
  /** Port to listen on; default 0 (a free port, kept across restarts). */
  port?: number;
  /** Pass `--quiet` (no per-request log line); default true. */
  quiet?: boolean;
  /** More `serve` options, such as `--allow-host NAME`. */
  extraArgs?: string[];
}

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');
const CLI_ENTRY = 'server/cli.ts';
const START_TIMEOUT_MS = 20_000;
const STOP_TIMEOUT_MS = 10_000;
// A hang detector, not a speed check: a command costs about 0.6 s of CPU, which at a load
// average of 30 on two cores is 10 s or more of wall time. It stays under the 90 s the
// command-driven test files allow, so a command that does hang fails with its own output.
const CLI_TIMEOUT_MS = 60_000;
const MAX_LOG_CHARS = 4 * 1024 * 1024;
const DEMO_EMAIL = 'demo@pageclip.local';
const SESSION_COOKIE = 'neutral-auth.session_token';

// Children and temp dirs of this test process, cleaned up however the process ends, so a failed
// or interrupted test run never leaves a service listening or data behind.
const liveChildren = new Set<ChildProcess>();
const ownedDirs = new Set<string>();
let cleanupInstalled = false;

function cleanupNow(): void {
  for (const child of liveChildren) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
  liveChildren.clear();
  for (const dir of ownedDirs) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // best effort at exit
    }
  }
  ownedDirs.clear();
}

function installCleanup(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  process.on('exit', cleanupNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    const onSignal = (): void => {
      cleanupNow();
      // Keep the signal's default effect when nobody else handles it.
      if (process.listenerCount(signal) === 1) {
        process.removeListener(signal, onSignal);
        process.kill(process.pid, signal);
      }
    };
    process.on(signal, onSignal);
  }
}

function readDemoPassword(dataDir: string): string {
  try {
    return readFileSync(join(dataDir, 'demo-password'), 'utf8').trim();
  } catch {
    return '';
  }
}

function cliBaseArgs(): string[] {
  // Set by the test run's global setup (test/helpers/service-bundle.ts).
  const bundle = process.env.PAGECLIP_SERVICE_BUNDLE;
  return bundle ? ['--enable-source-maps', bundle] : ['--import', 'tsx', CLI_ENTRY];
}

interface Spawned {
  child: ChildProcess;
  port: number;
  demo: { email: string; password: string } | null;
  output: () => string;
}

function spawnServe(
  dataDir: string,
  port: number,
  quiet: boolean,
  extraArgs: string[] = [],
): Promise<Spawned> {
  installCleanup();
  const args = [...cliBaseArgs(), 'serve', '--port', String(port), '--data', dataDir, ...extraArgs];
  if (quiet) args.push('--quiet');
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  liveChildren.add(child);
  child.once('exit', () => liveChildren.delete(child));

  let output = '';
  let stderr = '';
  const append = (text: string): void => {
    output += text;
    if (output.length > MAX_LOG_CHARS) output = output.slice(output.length - MAX_LOG_CHARS);
  };
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    append(chunk);
    if (stderr.length < 64 * 1024) stderr += chunk;
  });

  return new Promise<Spawned>((resolvePromise, reject) => {
    let settled = false;
    let demoEmail: string | null = null;
    let demoPassword: string | null = null;
    const lines = createInterface({ input: child.stdout!, crlfDelay: Infinity });

    const fail = (why: string): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(
        new Error(
          `service did not start (${why}): ${process.execPath} ${args.join(' ')}\n` +
            `--- stderr ---\n${stderr.trim() || '(empty)'}\n--- stdout ---\n${output.trim() || '(empty)'}`,
        ),
      );
    };
    const timer = setTimeout(
      () => fail(`no "listening on" line within ${START_TIMEOUT_MS} ms`),
      START_TIMEOUT_MS,
    );

    lines.on('line', (line) => {
      append(line + '\n');
      if (settled) return;
      const user = /demo user:\s*(\S+)/.exec(line);
      if (user) demoEmail = user[1]!;
      const password = /demo password:\s*(\S+)/.exec(line);
      if (password) demoPassword = password[1]!;
      const listening = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(line);
      if (listening) {
        settled = true;
        clearTimeout(timer);
        resolvePromise({
          child,
          port: Number(listening[1]),
          demo:
            demoPassword !== null
              ? { email: demoEmail ?? DEMO_EMAIL, password: demoPassword }
              : null,
          output: () => output,
        });
      }
    });
    child.once('error', (error) => fail(`spawn error: ${error.message}`));
    child.once('exit', (code, signal) => fail(`exited early with code ${code} signal ${signal}`));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolvePromise) => {
    const killTimer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(killTimer);
      resolvePromise();
    });
    child.kill('SIGTERM');
  });
}

function runCli(args: string[]): Promise<string> {
  return new Promise<string>((resolvePromise, reject) => {
    execFile(
      process.execPath,
      [...cliBaseArgs(), ...args],
      {
        cwd: REPO_ROOT,
        timeout: CLI_TIMEOUT_MS,
        maxBuffer: 16 * 1024 * 1024,
        env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      },
      (error, stdout, stderr) => {
        if (error) {
          const status = error.code ?? error.signal ?? 'unknown';
          reject(
            new Error(
              `cli ${args.join(' ')} failed (${status}):\n${stderr.trim() || stdout.trim()}`,
            ),
          );
          return;
        }
        resolvePromise(stdout);
      },
    );
  });
}

export async function startService(opts: StartServiceOptions = {}): Promise<RunningService> {
  installCleanup();
  let dataDir = opts.dataDir;
  if (!dataDir) {
    dataDir = mkdtempSync(join(tmpdir(), 'pageclip-service-'));
    ownedDirs.add(dataDir);
  }
  const quiet = opts.quiet ?? true;
  let current = await spawnServe(dataDir, opts.port ?? 0, quiet, opts.extraArgs);
  const port = current.port;
  const origin = `http://127.0.0.1:${port}`;
  // A reused data dir prints no demo lines (the user already exists): the service keeps the
  // password in `demo-password` there (docs/api.md); without it the password is unknown ('').
  const demo = current.demo ?? { email: DEMO_EMAIL, password: readDemoPassword(dataDir) };
  const dir = dataDir;

  const cli = (args: string[]): Promise<string> => runCli([...args, '--data', dir]);

  const service: RunningService = {
    origin,
    baseUrl: `${origin}/api/v1`,
    dataDir: dir,
    demo,
    cli,
    async token(tokenOpts = {}) {
      const args = [
        'token',
        '--email',
        tokenOpts.email ?? demo.email,
        '--scopes',
        (tokenOpts.scopes ?? ['pages:read', 'pages:write']).join(','),
      ];
      if (tokenOpts.name !== undefined) args.push('--name', tokenOpts.name);
      const stdout = await cli(args);
      const lines = stdout
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line.length > 0);
      const secret = lines.at(-1);
      if (!secret)
        throw new Error(`cli token printed no secret (stdout: ${JSON.stringify(stdout)})`);
      return secret;
    },
    async signIn(email = demo.email, password = demo.password) {
      const response = await fetch(`${origin}/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
        redirect: 'manual',
      });
      const body = await response.text();
      if (response.status !== 200) {
        throw new Error(`sign-in as ${email} failed: ${response.status} ${body}`);
      }
      for (const setCookie of response.headers.getSetCookie()) {
        const pair = setCookie.split(';')[0]!.trim();
        if (pair.startsWith(`${SESSION_COOKIE}=`)) return pair;
      }
      throw new Error(`sign-in as ${email} set no ${SESSION_COOKIE} cookie`);
    },
    async stop() {
      await stopChild(current.child);
    },
    async restart() {
      await stopChild(current.child);
      current = await spawnServe(dir, port, quiet, opts.extraArgs);
    },
    logs() {
      return current.output();
    },
    pid() {
      return current.child.pid;
    },
  };
  return service;
}
