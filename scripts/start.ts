/**
 * `npm start`: everything a new user needs to try Pageclip, as a list of steps.
 *
 * 1. Start the local Page and Folder Service on 127.0.0.1:8787 with data in `.data`
 *    (the first run creates the demo user and keeps its password in `.data/demo-password`).
 * 2. Mint a fresh API token for the demo user (earlier `npm start` tokens are revoked).
 * 3. Print what to do next: API URL, sign-in page and demo account, token, a curl example.
 *
 * To add a step (say, building the extension), append to `steps`; a step may add lines to
 * the summary with `ctx.say(...)`. The service keeps running until Ctrl-C.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_PORT,
  DEMO_EMAIL,
  DEMO_PASSWORD_FILE,
  startServer,
  type RunningServer,
} from '../server/server';

const DATA_DIR = '.data';
const TOKEN_NAME = 'npm start';

interface StartContext {
  server?: RunningServer;
  token?: string;
  /** Adds a section to the summary printed after the last step. */
  say(title: string, ...lines: string[]): void;
}

interface Step {
  title: string;
  run(ctx: StartContext): Promise<void> | void;
}

const steps: Step[] = [
  {
    title: 'start the local Page and Folder Service',
    async run(ctx) {
      ctx.server = await startServer({ dataDir: DATA_DIR, port: DEFAULT_PORT });
      const demo = ctx.server.demo ?? {
        email: DEMO_EMAIL,
        password: readDemoPassword(),
      };
      ctx.say(
        'Service',
        `API base URL:  ${ctx.server.origin}/api/v1`,
        `OpenAPI:       ${ctx.server.origin}/api/v1/openapi.json`,
        `data:          ${path.resolve(DATA_DIR)}`,
      );
      ctx.say(
        'Sign in (browser)',
        `sign-in page:  ${ctx.server.origin}/auth/sign-in`,
        `demo user:     ${demo.email}`,
        `demo password: ${demo.password}`,
      );
    },
  },
  {
    title: 'mint an API token for the demo user',
    run(ctx) {
      const { repos, origin } = ctx.server!;
      const user = repos.users.byEmail(DEMO_EMAIL);
      if (!user) throw new Error(`the data directory ${DATA_DIR} has no user ${DEMO_EMAIL}`);
      // Each start mints a new token; the previous ones go so they do not pile up.
      repos.tokens.revokeByName(user.id, TOKEN_NAME);
      ctx.token = repos.tokens.create({
        userId: user.id,
        name: TOKEN_NAME,
        scopes: ['pages:read', 'pages:write'],
        expiresAt: null,
      }).secret;
      const base = `${origin}/api/v1`;
      ctx.say(
        'API token (pages:read, pages:write; shown once, replaced on the next npm start)',
        ctx.token,
      );
      ctx.say(
        'Try it',
        `export PAGECLIP_TOKEN=${ctx.token}`,
        `curl -s -X POST ${base}/pages -H "Authorization: Bearer $PAGECLIP_TOKEN" \\`,
        `  -H 'Content-Type: application/json' -d '{"title":"Hello","markdown":"# Hello"}'`,
        `curl -s ${base}/pages -H "Authorization: Bearer $PAGECLIP_TOKEN"`,
      );
    },
  },
  {
    title: 'build the extension for Chromium',
    async run(ctx) {
      // The project's builds point at the local service by default (lib/settings.ts).
      await new Promise<void>((resolve, reject) => {
        const child = spawn(path.join('node_modules', '.bin', 'wxt'), ['build'], {
          stdio: 'ignore',
        });
        child.once('error', reject);
        child.once('exit', (code) =>
          code === 0 ? resolve() : reject(new Error(`wxt build exited with ${code}`)),
        );
      });
      ctx.say(
        'Extension (built into .output/chrome-mv3)',
        'chrome://extensions → Developer mode → Load unpacked → ' +
          path.resolve('.output/chrome-mv3'),
        // The words of the options page (components/ConnectionPanel.tsx) and the README.
        `then in the Pageclip options page (it opens by itself), with the service address ${ctx.server!.origin}/api/v1:`,
        '  either click Sign in, let Chromium give Pageclip access to that address, and sign in with the demo user above,',
        '  or paste the API token above into "API token" and click Connect with token.',
      );
    },
  },
];

function readDemoPassword(): string {
  try {
    return fs.readFileSync(path.join(DATA_DIR, DEMO_PASSWORD_FILE), 'utf8').trim();
  } catch {
    return `(unknown: ${path.join(DATA_DIR, DEMO_PASSWORD_FILE)} is missing; add a user with npm run service -- user add)`;
  }
}

async function main(): Promise<void> {
  const summary: string[] = [];
  const ctx: StartContext = {
    say: (title, ...lines) => summary.push('', `${title}:`, ...lines.map((l) => `  ${l}`)),
  };
  const stop = async (code: number) => {
    await ctx.server?.close();
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));
  for (const [index, step] of steps.entries()) {
    console.log(`[${index + 1}/${steps.length}] ${step.title}`);
    try {
      await step.run(ctx);
    } catch (error) {
      console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
      await stop(1);
    }
  }
  console.log([...summary, '', 'Requests are logged below. Press Ctrl-C to stop.', ''].join('\n'));
}

void main();
