import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * One lock for every WXT build the tests start (the e2e build and the store packages): two
 * builds at once rewrite `.wxt/` under each other. A lock directory, because test files run
 * in separate processes.
 */
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..');

const BUILD_LOCK = join(
  tmpdir(),
  `pageclip-e2e-build-${Buffer.from(REPO_ROOT).toString('hex').slice(-16)}.lock`,
);
/** A lock older than the longest build belongs to a killed run. */
const STALE_MS = 180_000;

export async function withBuildLock<T>(fn: () => Promise<T>, waitMs = 240_000): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      break;
    } catch {
      if (existsSync(BUILD_LOCK) && Date.now() - statSync(BUILD_LOCK).mtimeMs > STALE_MS) {
        rmSync(BUILD_LOCK, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`build lock ${BUILD_LOCK} held too long`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}

/** The newest modification time under `path` (0 when it does not exist). */
export function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}
