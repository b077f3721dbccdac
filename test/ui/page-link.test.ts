import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_LINK_TEMPLATE } from '../../lib/settings';
import { pageLinkFor } from '../../lib/ui/page-link';

const page = '66666666-6666-4666-8666-666666666666';

describe('pageLinkFor', () => {
  it('links the service’s page view by default, at the service URL’s origin', () => {
    expect(pageLinkFor('http://127.0.0.1:8787/api/v1/', DEFAULT_PAGE_LINK_TEMPLATE, page)).toBe(
      `http://127.0.0.1:8787/view/pages/${page}`,
    );
    expect(pageLinkFor('https://pages.example/base/api/v1', DEFAULT_PAGE_LINK_TEMPLATE, page)).toBe(
      `https://pages.example/view/pages/${page}`,
    );
  });

  it('fills every placeholder of a custom template', () => {
    expect(
      pageLinkFor(
        'https://pages.example/api/v1',
        'https://notes.example/p/{id}?from={origin}#{id}',
        'abc',
      ),
    ).toBe('https://notes.example/p/abc?from=https://pages.example#abc');
  });

  it('URL-encodes the id, so it cannot leave its path segment', () => {
    expect(
      pageLinkFor('http://127.0.0.1:8787/api/v1', '{origin}/view/pages/{id}', '../a b?c#d/e'),
    ).toBe('http://127.0.0.1:8787/view/pages/..%2Fa%20b%3Fc%23d%2Fe');
  });

  it('yields no link unless the result is an http or https URL', () => {
    const service = 'http://127.0.0.1:8787/api/v1';
    expect(pageLinkFor(service, 'javascript:alert({id})', page)).toBeNull();
    expect(pageLinkFor(service, 'data:text/html,{id}', page)).toBeNull();
    expect(pageLinkFor(service, 'ftp://files.example/{id}', page)).toBeNull();
    expect(pageLinkFor(service, '/view/pages/{id}', page)).toBeNull();
    expect(pageLinkFor(service, 'not a url {id}', page)).toBeNull();
  });

  it('yields no link from {origin} when the service URL is not a web URL', () => {
    expect(pageLinkFor('javascript:alert(1)', DEFAULT_PAGE_LINK_TEMPLATE, page)).toBeNull();
    expect(pageLinkFor('not a url', DEFAULT_PAGE_LINK_TEMPLATE, page)).toBeNull();
    // A template without {origin} does not depend on the service URL.
    expect(pageLinkFor('not a url', 'https://notes.example/{id}', page)).toBe(
      `https://notes.example/${page}`,
    );
  });
});
