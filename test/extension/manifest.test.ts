/**
 * Least privilege, checked on the manifest function itself for every build: no host access at
 * install (only optional, requested at run time for the configured service), no content script
 * on every page, no `<all_urls>`, and Firefox-only settings only in the Firefox manifest.
 */
import { describe, expect, it } from 'vitest';
import config from '../../wxt.config';

type Manifest = Record<string, unknown> & {
  permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  browser_specific_settings?: { gecko?: { id?: string } };
  commands?: Record<string, unknown>;
};

async function manifestFor(browser: string, mode = 'production'): Promise<Manifest> {
  const fn = config.manifest as (env: object) => Manifest | Promise<Manifest>;
  return fn({ browser, mode, command: 'build', manifestVersion: 3 });
}

describe('manifest', () => {
  it('asks only for what Pageclip uses', async () => {
    for (const browser of ['chrome', 'firefox']) {
      const m = await manifestFor(browser);
      expect(m.permissions).toEqual([
        'activeTab',
        'scripting',
        'storage',
        'unlimitedStorage',
        'contextMenus',
        'alarms',
        // Chromium's worker has no DOM: extraction's second half runs in an offscreen document.
        ...(browser === 'chrome' ? ['offscreen'] : []),
      ]);
      expect(m.optional_permissions).toEqual(['tabs', 'webRequest']);
      expect(m.host_permissions).toBeUndefined();
      expect(m.optional_host_permissions).toEqual([
        'http://127.0.0.1/*',
        'http://localhost/*',
        'https://*/*',
      ]);
      expect(JSON.stringify(m)).not.toContain('<all_urls>');
      expect(m).not.toHaveProperty('content_scripts');
      expect(m).not.toHaveProperty('externally_connectable');
      expect(m.default_locale).toBe('en');
      expect(Object.keys(m.commands ?? {}).sort()).toEqual([
        '_execute_action',
        'append-selection',
        'highlighter',
        'quick-clip',
      ]);
    }
  });

  it('puts gecko settings in the Firefox manifest only', async () => {
    expect((await manifestFor('firefox')).browser_specific_settings?.gecko?.id).toBe(
      'pageclip@pageclip.local',
    );
    expect(await manifestFor('chrome')).not.toHaveProperty('browser_specific_settings');
  });

  it('grants the local test origin only in the e2e build', async () => {
    expect((await manifestFor('chrome', 'e2e')).host_permissions).toEqual([
      'http://127.0.0.1/*',
      'https://127.0.0.1/*',
    ]);
    expect((await manifestFor('chrome', 'e2e')).permissions).toEqual(
      expect.arrayContaining(['tabs', 'webRequest']),
    );
    expect(await manifestFor('chrome')).toHaveProperty(
      'permissions',
      expect.not.arrayContaining(['tabs']),
    );
  });
});
