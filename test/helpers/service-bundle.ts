/**
 * Vitest global setup: bundles the two command lines the tests spawn, the service's
 * (`server/cli.ts`) and the extractor's (`scripts/pageclip.ts`), once per test run. The
 * hundreds of processes the tests start then skip tsx's on-the-fly compile (about a second
 * each on a busy two-core machine) and Node's resolving and loading of some hundred package
 * files one by one: a service command costs 0.3 s bundled against 0.6 s with its packages
 * loaded from node_modules. The bundles are the same source, compiled by esbuild as tsx does.
 * Outside vitest (benchmarks, scripts) everything runs from source through tsx as before.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from './build-lock';

// Inside node_modules so the external imports below resolve from the project's packages.
const OUT_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'pageclip-tests');

/**
 * Left out of the bundles and loaded from node_modules: better-sqlite3 loads its native addon
 * by path, jsdom resolves its own worker and stylesheet files, and markdown-it-texmath asks for
 * katex only when no engine is given (ours always is, and katex is not installed).
 */
const EXTERNAL = ['better-sqlite3', 'jsdom', 'katex'];

// Bundled CommonJS packages call `require`, which an ES module lacks.
const REQUIRE_SHIM =
  "import { createRequire as __pcRequire } from 'node:module';\n" +
  'const require = __pcRequire(import.meta.url);';

async function bundle(entry: string, outfile: string): Promise<void> {
  await build({
    entryPoints: [join(REPO_ROOT, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: EXTERNAL,
    banner: { js: REQUIRE_SHIM },
    // A map beside the file, pointing at the sources: stack traces name our files, and the
    // bundle does not carry a megabyte of inline map that Node would decode at every start.
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
  });
}

export default async function setup(): Promise<() => void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const service = join(OUT_DIR, `service-cli-${process.pid}.mjs`);
  const extractor = join(OUT_DIR, `pageclip-cli-${process.pid}.mjs`);
  await Promise.all([bundle('server/cli.ts', service), bundle('scripts/pageclip.ts', extractor)]);
  process.env.PAGECLIP_SERVICE_BUNDLE = service;
  process.env.PAGECLIP_CLI_BUNDLE = extractor;
  return () => {
    for (const file of [service, extractor]) {
      rmSync(file, { force: true });
      rmSync(`${file}.map`, { force: true });
    }
  };
}
