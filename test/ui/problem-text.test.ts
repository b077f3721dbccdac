import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { missingScope, problemText } from '../../lib/ui/problem-text';
import { installI18n } from './fake-i18n';

const url = 'http://127.0.0.1:8787/api/v1';

describe('problemText', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    installI18n('en');
  });

  it('says plainly what is wrong', () => {
    expect(problemText({ code: 'unreachable', message: 'fetch failed', status: null }, url)).toBe(
      'the service at http://127.0.0.1:8787 cannot be reached',
    );
    expect(problemText({ code: 'unauthenticated', message: 'x', status: 401 }, url)).toMatch(
      /revoked/,
    );
    expect(
      problemText(
        {
          code: 'insufficient_scope',
          message: 'This token lacks the pages:write scope',
          status: 403,
        },
        url,
      ),
    ).toBe('the token lacks the “pages:write” permission');
    expect(problemText({ code: 'no-permission', message: '', status: null }, url)).toBe(
      'Pageclip was not allowed to access http://127.0.0.1:8787',
    );
    expect(problemText({ code: 'server-error', message: '', status: 503 }, url)).toBe(
      'the service had a problem (503)',
    );
    expect(problemText({ code: 'weird', message: 'Something odd', status: 418 }, url)).toBe(
      'Something odd',
    );
  });

  it('speaks German too', () => {
    installI18n('de');
    expect(problemText({ code: 'unauthenticated', message: 'x', status: 401 }, url)).toMatch(
      /widerrufen/,
    );
  });

  it('finds the scope a 403 names', () => {
    expect(missingScope('missing scope pages:read')).toBe('pages:read');
    expect(missingScope('forbidden')).toBeNull();
  });
});
