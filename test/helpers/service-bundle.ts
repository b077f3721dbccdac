/**
 * Vitest global setup: bundles the service's command line (`server/cli.ts`) once per test run,
 * so the hundreds of service and CLI processes the tests start skip tsx's on-the-fly compile
 * (about a second each on a busy two-core machine). The bundle is the same source, compiled by
 * esbuild as tsx does; dependencies stay external and load from node_modules. Outside vitest
 * (benchmarks, scripts) `startService` runs the source through tsx as before.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { REPO_ROOT } from './build-lock';

// Inside node_modules so the bundle's external imports resolve from the project's packages.
const OUT_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'pageclip-tests');

export default async function setup(): Promise<() => void> {
  mkdirSync(OUT_DIR, { recursive: true });
  const outfile = join(OUT_DIR, `service-cli-${process.pid}.mjs`);
  await build({
    entryPoints: [join(REPO_ROOT, 'server', 'cli.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  process.env.PAGECLIP_SERVICE_BUNDLE = outfile;
  return () => rmSync(outfile, { force: true });
}
