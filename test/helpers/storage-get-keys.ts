import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/**
 * Gives the test browser `storage.local.getKeys`, as Chromium 130 and Firefox 143 have it (the
 * fake lacks it). It reads with the storage's own `get`, taken before a test watches that, so
 * a spy on `get` sees only what the code under test asks for. Undone by `vi.restoreAllMocks()`.
 */
export function withStorageGetKeys(): void {
  const read = fakeBrowser.storage.local.get.bind(fakeBrowser.storage.local);
  vi.spyOn(fakeBrowser.storage.local, 'getKeys').mockImplementation(async () =>
    Object.keys(await read(null)),
  );
}
