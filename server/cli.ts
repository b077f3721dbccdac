import { parseArgs } from 'node:util';
import { openDatabase } from './db/database';
import { LEVELS, type Level } from './db/grants';
import { createRepositories, type Repositories } from './db/repositories';
import { UUID_PATTERN } from '../contract/primitives';

/**
 * The local service's command line (docs/api.md, Command line, data and logs):
 *   serve [--port 8787] [--data .data] [--quiet] [--allow-host NAME]...
 *   user add --email E --password P [--name N] [--data DIR]
 *   token --email E [--scopes pages:read,pages:write (default: pages:read)] [--name N] [--data DIR]
 *   grant --email E --item UUID --level view|edit|admin [--data DIR]
 *   restrict --item UUID [--data DIR]
 * Every command but serve works on the same data directory while the service runs (WAL).
 */
class UsageError extends Error {}

const USAGE = `usage: service <command> [options]
  serve [--port 8787] [--data .data] [--quiet] [--allow-host NAME]...
  user add --email E --password P [--name N] [--data .data]
  token --email E [--scopes SCOPES, default: pages:read] [--name N] [--data .data]
        SCOPES: pages:read, pages:write or pages:read,pages:write
  grant --email E --item UUID --level view|edit|admin [--data .data]
  restrict --item UUID [--data .data]`;

const OPTIONS = {
  port: { type: 'string' },
  data: { type: 'string', default: '.data' },
  quiet: { type: 'boolean', default: false },
  'allow-host': { type: 'string', multiple: true },
  email: { type: 'string' },
  password: { type: 'string' },
  name: { type: 'string' },
  scopes: { type: 'string' },
  item: { type: 'string' },
  level: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

type Values = ReturnType<
  typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>
>['values'];

function required(values: Values, name: 'email' | 'password' | 'item' | 'level'): string {
  const value = values[name];
  if (!value) throw new UsageError(`--${name} is required`);
  return value;
}

async function withRepos<T>(
  dataDir: string,
  fn: (repos: Repositories) => Promise<T> | T,
): Promise<T> {
  const db = openDatabase(dataDir);
  try {
    return await fn(createRepositories(db));
  } finally {
    db.close();
  }
}

function userByEmail(repos: Repositories, email: string) {
  const user = repos.users.byEmail(email);
  if (!user) throw new UsageError(`no user with email ${email}`);
  return user;
}

async function serve(values: Values): Promise<void> {
  // Loaded here so the other commands start without importing the whole HTTP app.
  const { DEFAULT_PORT, startServer } = await import('./server');
  const port = values.port === undefined ? DEFAULT_PORT : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`--port must be an integer from 0 to 65535, got ${values.port}`);
  }
  const server = await startServer({
    dataDir: values.data,
    port,
    quiet: values.quiet,
    allowedHosts: values['allow-host'] ?? [],
  });
  if (server.demo) {
    console.log(`demo user: ${server.demo.email}`);
    console.log(`demo password: ${server.demo.password}`);
  }
  console.log(`listening on ${server.origin}`);
  const stop = (signal: string) => {
    if (!values.quiet) console.log(`${signal}: closing`);
    const force = setTimeout(() => process.exit(0), 5000);
    force.unref();
    void server.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: OPTIONS,
    allowPositionals: true,
    strict: true,
  });
  const [command, sub] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    if (!command && !values.help) process.exitCode = 1;
    return;
  }
  switch (command) {
    case 'serve':
      return serve(values);
    case 'user': {
      if (sub !== 'add') throw new UsageError('the user command has one subcommand: user add');
      const email = required(values, 'email');
      const password = required(values, 'password');
      if (!/^[^\s@]+@[^\s@]+$/.test(email))
        throw new UsageError(`--email ${email} is not an email address`);
      const user = await withRepos(values.data, async (repos) => {
        if (repos.users.byEmail(email))
          throw new UsageError(`a user with email ${email} already exists`);
        return repos.users.create({ email, password, name: values.name });
      });
      console.log(`user ${user.email} created (id ${user.id})`);
      return;
    }
    case 'token': {
      const email = required(values, 'email');
      const scopes = (values.scopes ?? 'pages:read')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const unknown = scopes.filter((s) => s !== 'pages:read' && s !== 'pages:write');
      if (unknown.length || scopes.length === 0) {
        throw new UsageError(`--scopes takes pages:read and/or pages:write, got ${values.scopes}`);
      }
      const secret = await withRepos(values.data, (repos) => {
        const user = userByEmail(repos, email);
        return repos.tokens.create({
          userId: user.id,
          name: values.name ?? 'cli',
          scopes: [...new Set(scopes)],
          expiresAt: null,
        }).secret;
      });
      console.log(secret);
      return;
    }
    case 'grant': {
      const email = required(values, 'email');
      const item = required(values, 'item').toLowerCase();
      const level = required(values, 'level');
      if (!(level in LEVELS))
        throw new UsageError(`--level must be view, edit or admin, got ${level}`);
      if (!UUID_PATTERN.test(item)) throw new UsageError(`--item ${item} is not a UUID`);
      await withRepos(values.data, (repos) => {
        const user = userByEmail(repos, email);
        if (!repos.pages.get(item) && !repos.folders.get(item)) {
          throw new UsageError(`no page or folder with id ${item}`);
        }
        repos.grants.set(user.id, item, level as Level);
      });
      console.log(`granted ${level} on ${item} to ${email}`);
      return;
    }
    case 'restrict': {
      const item = required(values, 'item').toLowerCase();
      if (!UUID_PATTERN.test(item)) throw new UsageError(`--item ${item} is not a UUID`);
      await withRepos(values.data, (repos) => {
        if (!repos.pages.restrict(item) && !repos.folders.restrict(item)) {
          throw new UsageError(`no page or folder with id ${item}`);
        }
      });
      console.log(`restricted ${item}`);
      return;
    }
    default:
      throw new UsageError(`unknown command ${command}\n${USAGE}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  // A clear message and exit code 1, never a stack trace (docs/api.md, Command line, data and logs).
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`error: ${message}\n`);
  process.exit(1);
});
