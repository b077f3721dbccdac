/**
 * The store packages, built once per change and shared by the release and security tests:
 * `npm run zip` (= `wxt zip && wxt zip -b firefox`), which also leaves the production builds in
 * `.output/chrome-mv3` and `.output/firefox-mv3`. Reused while newer than every input, so a
 * test run builds them at most once (about 20 s on a busy machine).
 *
 * Builds are serialised with the e2e build (same lock directory as test/e2e/harness.ts):
 * two WXT builds at once rewrite `.wxt/` under each other.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { newestMtime, REPO_ROOT, withBuildLock } from '../helpers/build-lock';

export { REPO_ROOT };

const run = promisify(execFile);

export const OUTPUT = join(REPO_ROOT, '.output');
export const CHROME_DIST = join(OUTPUT, 'chrome-mv3');
export const FIREFOX_DIST = join(OUTPUT, 'firefox-mv3');

const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};
export const PACKAGES = {
  chrome: join(OUTPUT, `${pkg.name}-${pkg.version}-chrome.zip`),
  firefox: join(OUTPUT, `${pkg.name}-${pkg.version}-firefox.zip`),
  sources: join(OUTPUT, `${pkg.name}-${pkg.version}-sources.zip`),
};

/** Everything that ends up in a package (the sources zip takes README and docs too). */
const INPUTS = [
  'entrypoints',
  'lib',
  'components',
  'public',
  'docs',
  'README.md',
  'wxt.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

function packagesAreFresh(): boolean {
  const zips = Object.values(PACKAGES);
  if (!zips.every((z) => existsSync(z))) return false;
  if (![CHROME_DIST, FIREFOX_DIST].every((d) => existsSync(join(d, 'manifest.json')))) return false;
  const oldest = Math.min(...zips.map((z) => statSync(z).mtimeMs));
  return INPUTS.every((p) => newestMtime(join(REPO_ROOT, p)) <= oldest);
}

/** `npm run zip` unless the packages are newer than every input; returns its output (or ''). */
export async function ensureReleasePackages(): Promise<string> {
  if (packagesAreFresh()) return '';
  return withBuildLock(async () => {
    if (packagesAreFresh()) return '';
    const { stdout } = await run('npm', ['run', '--silent', 'zip'], {
      cwd: REPO_ROOT,
      maxBuffer: 32 * 1024 * 1024,
      timeout: 170_000,
      // Not vitest's NODE_ENV=test: Preact's preset would compile JSX in development mode
      // (jsxDEV with this machine's absolute file paths in the shipped bundle).
      env: { ...process.env, NODE_ENV: 'production', NO_COLOR: '1', CI: '1' },
    });
    return stdout;
  });
}

/** Entry names of a zip file (files only). */
export function zipEntries(path: string): string[] {
  return Object.keys(unzipSync(readFileSync(path))).filter((name) => !name.endsWith('/'));
}

/** One file of a zip as text. */
export function zipText(path: string, name: string): string {
  const file = unzipSync(readFileSync(path), { filter: (f) => f.name === name })[name];
  if (!file) throw new Error(`${name} is not in ${path}`);
  return new TextDecoder().decode(file);
}

/** Every file under a directory, relative, with `/` separators. */
export function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`],
  );
}
