/**
 * The token in the shipped bundles (the production builds inside the store packages): only
 * the background may handle it. `extractor.js` is the one file that runs in a page's context
 * (injected on demand into the clicked tab), so it must carry no token handling at all: no
 * storage, no messaging, no Authorization header. The UI pages hand a pasted token to the
 * background and never send it anywhere themselves. The background's own bundle is the
 * positive control: the same searches do find the token handling there.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CHROME_DIST,
  FIREFOX_DIST,
  REPO_ROOT,
  ensureReleasePackages,
  filesUnder,
} from '../release/release-build';

/** Token handling: the settings item's key, the header, the storage and messaging APIs. */
const TOKEN_HANDLING = [
  'local:token',
  'Authorization',
  'authorization',
  'Bearer',
  'storage.local',
  'storage.session',
  'runtime.sendMessage',
  'runtime.connect',
  'runtime.onMessage',
];

const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const jsFiles = (dir: string) => filesUnder(dir).filter((f) => f.endsWith('.js'));

beforeAll(async () => {
  await ensureReleasePackages();
}, 240_000);

describe.each([
  ['chrome', CHROME_DIST],
  ['firefox', FIREFOX_DIST],
])('%s bundles', (_browser, dist) => {
  it('keep all token handling out of the scripts that run in pages', () => {
    for (const file of ['extractor.js', 'capture.js']) {
      const script = read(dist, file);
      expect(
        TOKEN_HANDLING.filter((s) => script.includes(s)),
        file,
      ).toEqual([]);
      expect(script, file).not.toMatch(/\bfetch\(|XMLHttpRequest|WebSocket|sendBeacon/);
    }
  });

  it('leave the pipeline’s second half out of the capture script', () => {
    // Readability's and Turndown's own words: the capture script must not carry them.
    const capture = read(dist, 'capture.js');
    expect(read(dist, 'extractor.js')).toMatch(/_grabArticle|turndown/i);
    expect(capture).not.toMatch(/_grabArticle|turndown/i);
    expect(capture.length).toBeLessThan(read(dist, 'extractor.js').length / 5);
  });

  it('keep all token handling out of the confirmation injected into pages (its port aside)', () => {
    const confirmation = read(dist, 'confirmation.js');
    const handling = TOKEN_HANDLING.filter((s) => s !== 'runtime.connect');
    expect(handling.filter((s) => confirmation.includes(s))).toEqual([]);
    expect(confirmation).not.toMatch(/\bfetch\(|XMLHttpRequest|WebSocket|sendBeacon/);
  });

  it('handle the token in the background (the searches above do find it there)', () => {
    const background = read(dist, 'background.js');
    for (const s of ['local:token', 'Bearer', 'storage.local', 'runtime.onMessage'])
      expect(background).toContain(s);
  });

  it('never send the token from the popup or options page themselves', () => {
    for (const file of jsFiles(dist).filter((f) => f.startsWith('chunks/'))) {
      const code = read(dist, file);
      expect(code, file).not.toContain('local:token');
      expect(code, file).not.toMatch(/Bearer|[Aa]uthorization/);
    }
  });

  it('ship no end-to-end hooks and no path of the build machine', () => {
    const background = read(dist, 'background.js');
    // The e2e build exposes the background as globalThis.pageclip with these hooks.
    expect(background).not.toMatch(/menuClick|\.pageclip\s*=/);
    for (const file of filesUnder(dist))
      expect(read(dist, file).includes(REPO_ROOT), `${file} names ${REPO_ROOT}`).toBe(false);
  });
});
