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
    // A worker keeps the modules it loaded from one test file to the next. Re-importing jsdom,
    // linkedom, playwright and the pipeline for each of the suite's files cost more than three
    // minutes of the two cores per run (vitest's "import" time: 216 s isolated, 76 s not).
    // Files share no state through modules: each resets `fakeBrowser` before every test and
    // starts its own service and browser; the suite passes with its files shuffled.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
