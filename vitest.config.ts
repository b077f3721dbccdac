import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

// WxtVitest wires `wxt/browser` to fakeBrowser and applies wxt.config's aliases, so extension
// code runs unchanged in tests; server and client tests simply ignore it.
export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    environment: 'node',
    globalSetup: ['test/helpers/service-bundle.ts'],
    // Vitest's default is one worker fewer than the cores: a single worker on a two-core CI
    // machine, so every file ran in turn. Most test time is spent waiting on other processes
    // (the service, its command line, Chromium), which use the cores the worker leaves idle.
    maxWorkers: availableParallelism() + 1,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
