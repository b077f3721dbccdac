/** The on-load highlighter script: granted web origins only, never the service's own pages. */
import { describe, expect, it } from 'vitest';
import { autoloadRegistration } from '../../lib/background/highlighter-autoload';

describe('highlighter autoload registration', () => {
  it('matches the granted web origins and excludes the service origin with its port', () => {
    const r = autoloadRegistration(
      ['http://127.0.0.1/*', 'https://e.x/*', 'chrome-extension://abc/*'],
      'http://127.0.0.1:8787/api/v1',
    );
    expect(r?.matches).toEqual(['http://127.0.0.1/*', 'https://e.x/*']);
    expect(r?.excludeMatches).toEqual(['http://127.0.0.1:8787/*']);
  });

  it('registers nothing without a granted web origin', () => {
    expect(autoloadRegistration(['chrome-extension://abc/*'], 'https://notes.e.x/api')).toBeNull();
  });
});
