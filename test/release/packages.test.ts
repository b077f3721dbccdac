/**
 * The store packages (`npm run zip`): a Chrome zip, a Firefox zip and the sources zip a
 * Firefox reviewer rebuilds from. Checks what is in them, least privilege on the manifests
 * that actually ship (built, not just the config function), and Mozilla's add-on linter on the
 * Firefox build: no errors and no warnings from our own code.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { lintFirefox } from '../../scripts/lint-firefox';
import {
  CHROME_DIST,
  FIREFOX_DIST,
  PACKAGES,
  REPO_ROOT,
  ensureReleasePackages,
  filesUnder,
  zipEntries,
  zipText,
} from './release-build';

type Manifest = Record<string, unknown> & {
  manifest_version: number;
  permissions?: string[];
  optional_permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  background?: { service_worker?: string; scripts?: string[]; type?: string };
  content_security_policy?: unknown;
  browser_specific_settings?: {
    gecko?: { id?: string; data_collection_permissions?: { required?: string[] } };
  };
};

/** Exactly what Pageclip asks for; each one is justified in docs/privacy.md. */
const PERMISSIONS = [
  'activeTab',
  'scripting',
  'storage',
  'unlimitedStorage',
  'contextMenus',
  'alarms',
];
const OPTIONAL_HOSTS = ['http://127.0.0.1/*', 'http://localhost/*', 'https://*/*'];

const read = (dir: string): Manifest =>
  JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;

beforeAll(async () => {
  await ensureReleasePackages();
}, 240_000);

describe('npm run zip', () => {
  it('makes the Chrome, Firefox and sources packages', () => {
    for (const zip of Object.values(PACKAGES)) expect(zipEntries(zip).length).toBeGreaterThan(5);
  });

  it('packs each browser build exactly as built, with both languages', () => {
    for (const [zip, dist] of [
      [PACKAGES.chrome, CHROME_DIST],
      [PACKAGES.firefox, FIREFOX_DIST],
    ] as const) {
      const entries = zipEntries(zip).sort();
      expect(entries).toEqual(filesUnder(dist).sort());
      for (const f of [
        'manifest.json',
        'background.js',
        'extractor.js',
        'capture.js',
        'popup.html',
        'options.html',
        '_locales/en/messages.json',
        '_locales/de/messages.json',
      ])
        expect(entries).toContain(f);
      expect(JSON.parse(zipText(zip, 'manifest.json'))).toEqual(read(dist));
    }
  });

  it('leaves the service, tests, fixtures, screenshots and scripts out of the sources zip', () => {
    const entries = zipEntries(PACKAGES.sources);
    const outside = entries.filter((e) =>
      /^(server|test|scripts|docs\/screenshots|node_modules|\.output|\.wxt|\.data|\.git|coverage)\//.test(
        e,
      ),
    );
    expect(outside).toEqual([]);
    expect(entries.filter((e) => /\.(test|spec)\.tsx?$|fixtures?\//.test(e))).toEqual([]);
    expect(entries.filter((e) => e.split('/').some((part) => part.startsWith('.')))).toEqual([]);
    // ...but everything needed to rebuild the extension is there.
    for (const f of [
      'package.json',
      'package-lock.json',
      'wxt.config.ts',
      'tsconfig.json',
      'README.md',
      'entrypoints/background.ts',
      'entrypoints/extractor.ts',
      'entrypoints/popup/index.html',
      'entrypoints/options/index.html',
      'contract/index.ts',
      'lib/extract/index.ts',
      'lib/messaging/requests.ts',
      'public/_locales/en/messages.json',
    ])
      expect(entries).toContain(f);
  });
});

describe('the sources zip', () => {
  it('rebuilds, in another folder, exactly the Firefox package (what a reviewer checks)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pageclip-sources-'));
    try {
      for (const [name, bytes] of Object.entries(unzipSync(readFileSync(PACKAGES.sources)))) {
        if (name.endsWith('/')) continue;
        mkdirSync(dirname(join(dir, name)), { recursive: true });
        writeFileSync(join(dir, name), bytes);
      }
      // The dependencies a reviewer installs with `npm ci` from the same lock file.
      symlinkSync(join(REPO_ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
      await promisify(execFile)(
        join(REPO_ROOT, 'node_modules', '.bin', 'wxt'),
        ['build', '-b', 'firefox'],
        {
          cwd: dir,
          env: { ...process.env, NODE_ENV: 'production' },
          maxBuffer: 32 * 1024 * 1024,
          timeout: 120_000,
        },
      );
      const rebuilt = join(dir, '.output', 'firefox-mv3');
      const shipped = unzipSync(readFileSync(PACKAGES.firefox));
      expect(filesUnder(rebuilt).sort()).toEqual(zipEntries(PACKAGES.firefox).sort());
      for (const file of filesUnder(rebuilt))
        expect(Buffer.from(shipped[file]!).equals(readFileSync(join(rebuilt, file))), file).toBe(
          true,
        );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});

describe('least privilege in the shipped manifests', () => {
  for (const [browser, dist] of [
    ['chrome', CHROME_DIST],
    ['firefox', FIREFOX_DIST],
  ] as const) {
    it(`${browser}: the exact permissions, host access only on request`, () => {
      const m = read(dist);
      expect(m.manifest_version).toBe(3);
      // Chromium's worker has no DOM: extraction's second half runs in an offscreen document.
      expect(m.permissions).toEqual(
        browser === 'chrome' ? [...PERMISSIONS, 'offscreen'] : PERMISSIONS,
      );
      expect(m.optional_permissions).toEqual(['tabs', 'webRequest']);
      expect(m.host_permissions).toBeUndefined();
      expect(m.optional_host_permissions).toEqual(OPTIONAL_HOSTS);
      expect(JSON.stringify(m)).not.toContain('<all_urls>');
      // The extractor is injected on demand (scripting + activeTab), never declared.
      expect(m).not.toHaveProperty('content_scripts');
      // No web page or other extension can message us, and pages cannot load our files.
      expect(m).not.toHaveProperty('externally_connectable');
      expect(m).not.toHaveProperty('web_accessible_resources');
      // The browsers' strict default CSP for extension pages applies (no eval, no inline script).
      expect(m).not.toHaveProperty('content_security_policy');
    });
  }

  it('chrome: a service worker, no Firefox settings', () => {
    const m = read(CHROME_DIST);
    expect(m.background).toEqual({ service_worker: 'background.js' });
    expect(m).not.toHaveProperty('browser_specific_settings');
  });

  it('firefox: an event page, an add-on id, and no data collected by us', () => {
    const m = read(FIREFOX_DIST);
    expect(m.background).toEqual({ scripts: ['background.js'] });
    expect(m.browser_specific_settings?.gecko?.id).toBe('pageclip@pageclip.local');
    expect(m.browser_specific_settings?.gecko?.data_collection_permissions).toEqual({
      required: ['none'],
    });
  });
});

describe('web-ext lint (Firefox build)', () => {
  it('finds no errors and no warnings from our own code', async () => {
    const r = await lintFirefox(FIREFOX_DIST);
    const show = (ms: { code: string; file?: string }[]) => ms.map((m) => `${m.code} ${m.file}`);
    expect(show(r.errors)).toEqual([]);
    expect(show(r.ownWarnings)).toEqual([]);
    // Every allowed warning was matched against its library's own source text.
    for (const { message, known } of r.thirdPartyWarnings) expect(message.code).toBe(known.code);
    // web-ext parses every bundle: a minute on a quiet machine, over two on a loaded one.
  }, 300_000);
});
