/**
 * The highlighter's injected ids outlive the worker (session storage): the script connecting
 * again after the worker stopped is accepted, in `draw` mode, and only from its own tab.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { grantInjection, useInjection } from '../../lib/background/highlighter-grants';

beforeEach(() => fakeBrowser.reset());

describe('highlighter grants', () => {
  it('accepts the same id again from its tab, in draw mode', async () => {
    const id = crypto.randomUUID();
    await grantInjection(id, 4, 'on', 1_000);
    expect(await useInjection(id, 5, 2_000)).toBeNull();
    expect(await useInjection(id, 4, 2_000)).toBe('on');
    expect(await useInjection(id, 4, 60_000)).toBe('draw');
  });

  it('forgets an older id of the tab once it is injected again', async () => {
    const old = crypto.randomUUID();
    await grantInjection(old, 4, 'draw', 1_000);
    await grantInjection(crypto.randomUUID(), 4, 'on', 2_000);
    expect(await useInjection(old, 4, 3_000)).toBeNull();
  });
});
