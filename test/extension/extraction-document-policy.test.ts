/**
 * The extraction document's content security policy (entrypoints/extraction/index.html): it
 * parses untrusted pages, so it may load nothing and run only our own script; inline styles
 * are allowed so that the pages' style attributes are not each refused and reported while
 * parsing (the costly part of a parse under a stricter policy).
 */
import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';

function declaredPolicy(): Map<string, string> {
  const html = readFileSync(
    new URL('../../entrypoints/extraction/index.html', import.meta.url),
    'utf8',
  );
  const metas = new JSDOM(html).window.document.querySelectorAll(
    'meta[http-equiv="Content-Security-Policy"]',
  );
  expect(metas).toHaveLength(1);
  const directives = new Map<string, string>();
  for (const part of (metas[0]!.getAttribute('content') ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values.join(' '));
  }
  return directives;
}

describe('the extraction document’s policy', () => {
  it('loads nothing, runs only our script, and takes the pages’ inline styles', () => {
    const policy = declaredPolicy();
    expect(policy.get('default-src')).toBe("'none'");
    expect(policy.get('script-src')).toBe("'self'");
    expect(policy.get('style-src')).toBe("'unsafe-inline'");
    // Nothing else loosens the default: no image, font, connect or frame source.
    expect([...policy.keys()].sort()).toEqual(['default-src', 'script-src', 'style-src']);
  });
});
