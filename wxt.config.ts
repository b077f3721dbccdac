import preact from '@preact/preset-vite';
import { defineConfig } from 'wxt';

/**
 * Host access: none at install. The configured service's origin is requested at run time
 * (`permissions.request` from the options page), so `optional_host_permissions` only bounds
 * what may be asked for: loopback for the local service (any port: Chrome and Firefox match
 * patterns ignore the port) and any https origin for a hosted one. Plain-http remote hosts are
 * deliberately not allowed: the token would travel in clear text.
 */
const OPTIONAL_HOSTS = ['http://127.0.0.1/*', 'http://localhost/*', 'https://*/*'];

/**
 * The e2e variant (`wxt build --mode e2e` → `.output/chrome-mv3-e2e`) is granted the local
 * test origin (and its https twin, for a certificate the browser refuses) at install: automation can neither click the toolbar button (`activeTab`) nor
 * answer a permission prompt (docs/development.md, "End-to-end tests in Chromium").
 */
const E2E_HOSTS = ['http://127.0.0.1/*', 'https://127.0.0.1/*'];

export default defineConfig({
  // `wxt/browser` is Mozilla's webextension-polyfill in every build: one promise-based
  // `browser` API in Chromium and Firefox alike (docs/development.md, "Extension APIs").
  modules: ['@wxt-dev/webextension-polyfill'],
  // Explicit imports everywhere: modules stay readable and run unchanged under vitest and Node.
  imports: false,
  // MV3 for Firefox too: one background model (event page there, service worker in Chromium).
  manifestVersion: 3,
  vite: () => ({ plugins: [preact()] }),
  // The sources zip is what a store reviewer rebuilds the extension from (`npm ci && npx wxt
  // build -b firefox`): the extension's code and build files only. The local service, tests and
  // their fixtures, screenshots and benchmark scripts are not part of the add-on
  // (test/release/zip.test.ts lists the zip). Dot-directories such as `.data` are left out by
  // WXT already.
  zip: {
    excludeSources: [
      'server/**',
      'test/**',
      'docs/screenshots/**',
      'scripts/**',
      'vitest.config.ts',
      'coverage/**',
      'test-results/**',
      '**/*.log',
    ],
  },
  manifest: ({ browser, mode }) => ({
    name: '__MSG_extName__',
    description: '__MSG_extDescription__',
    // Strings live in `public/_locales` (owned by the UI).
    default_locale: 'en',
    permissions: [
      'activeTab',
      'scripting',
      'storage',
      'unlimitedStorage',
      'contextMenus',
      'alarms',
      // Chromium's service worker has no DOM: extraction's second half runs in an offscreen
      // document (lib/background/extraction-document.ts). No install warning; Firefox's
      // background page has a DOM and needs none.
      ...(browser === 'firefox' ? [] : ['offscreen']),
      // The e2e build grants at install what a person grants with a click automation cannot make:
      // `tabs` for "Mark pages I have clipped" (options), and the `activeTab` grant's reading of
      // the title and address of pages the popup cannot script (browser pages); `webRequest`
      // asked for with the service's address on Connect.
      ...(mode === 'e2e' ? ['tabs', 'webRequest'] : []),
    ],
    optional_permissions: [
      // "Mark pages I have clipped" (options): tab addresses, asked for only when turned on.
      'tabs',
      // Asked for on Connect together with the service's address, the only host it can then
      // see: the browser's own reason when a request fails (refused, certificate), which fetch
      // hides. It never blocks or changes a request.
      'webRequest',
    ],
    optional_host_permissions: OPTIONAL_HOSTS,
    ...(mode === 'e2e' ? { host_permissions: E2E_HOSTS } : {}),
    action: { default_title: '__MSG_actionTitle__' },
    commands: {
      _execute_action: {
        // Ctrl+Shift+Y is Firefox's Downloads window; Chromium leaves Alt+Shift+P unassigned.
        suggested_key: { default: browser === 'firefox' ? 'Alt+Shift+Y' : 'Ctrl+Shift+Y' },
        description: '__MSG_commandOpenPopup__',
      },
      'quick-clip': {
        suggested_key: { default: 'Alt+Shift+S' },
        description: '__MSG_commandQuickClip__',
      },
      'append-selection': {
        suggested_key: { default: 'Alt+Shift+H' },
        description: '__MSG_commandAppendSelection__',
      },
      highlighter: {
        suggested_key: { default: 'Alt+Shift+L' },
        description: '__MSG_commandHighlighter__',
      },
    },
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: 'pageclip@pageclip.local',
              strict_min_version: '140.0',
              // Nothing is sent to us: clips go only to the service the user configured.
              data_collection_permissions: { required: ['none'] },
            },
            // Firefox for Android reads data_collection_permissions from 142 on (web-ext lint).
            gecko_android: { strict_min_version: '142.0' },
          },
        }
      : {}),
  }),
});
