/**
 * The popup's JavaScript budget: it loads on every toolbar click, so everything the popup page
 * loads (its module script and every chunk it preloads), gzip -9, must stay within 40 kB in the
 * builds that ship. `npm run bench:extension` prints the same figure beside the others.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { entrypointSizes, kb, POPUP_BUDGET_BYTES } from './bundle-size';
import { CHROME_DIST, FIREFOX_DIST, ensureReleasePackages } from './release-build';

beforeAll(async () => {
  await ensureReleasePackages();
}, 240_000);

describe.each([
  ['chrome', CHROME_DIST],
  ['firefox', FIREFOX_DIST],
])('the %s popup', (_browser, dist) => {
  it(`loads at most ${kb(POPUP_BUDGET_BYTES)} of JavaScript, gzip`, () => {
    const popup = entrypointSizes(dist).find((e) => e.name === 'popup.html');
    expect(popup, 'popup.html in the build').toBeDefined();
    // Counting nothing would pass any budget: the page's scripts must be found and exist.
    expect(popup!.files.length).toBeGreaterThan(0);
    for (const file of popup!.files) expect(existsSync(join(dist, file)), file).toBe(true);
    expect(popup!.gzipBytes, `popup JS ${kb(popup!.gzipBytes)}`).toBeLessThanOrEqual(
      POPUP_BUDGET_BYTES,
    );
  });
});
