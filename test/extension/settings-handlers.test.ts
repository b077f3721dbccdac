/** `settings.get` / `settings.set` in the background: what the options page saves is what the popup reads. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { BackgroundContext } from '../../lib/background/context';
import { createHandlers } from '../../lib/background/handlers';
import { RequestSchemas } from '../../lib/messaging/requests';
import { DEFAULT_PAGE_LINK_TEMPLATE, pageLinkTemplateItem } from '../../lib/settings';

// The settings handlers touch storage only; no outbox or client is reached.
const handlers = () => createHandlers({} as BackgroundContext);
const sender = {} as Parameters<ReturnType<typeof createHandlers>['settings.set']>[1];
const set = (data: unknown) =>
  handlers()['settings.set'](RequestSchemas['settings.set'].request.parse(data), sender);

describe('settings handlers', () => {
  beforeEach(() => fakeBrowser.reset());

  it('reports the default page link template, stores a new one trimmed, and restores the default when emptied', async () => {
    expect((await handlers()['settings.get']({}, sender)).pageLinkTemplate).toBe(
      DEFAULT_PAGE_LINK_TEMPLATE,
    );
    const saved = await set({
      clipDefaults: {},
      pageLinkTemplate: '  https://notes.example/{id} ',
    });
    expect(saved.pageLinkTemplate).toBe('https://notes.example/{id}');
    expect(await pageLinkTemplateItem.getValue()).toBe('https://notes.example/{id}');
    expect((await handlers()['settings.get']({}, sender)).pageLinkTemplate).toBe(
      'https://notes.example/{id}',
    );

    expect((await set({ clipDefaults: { mode: 'full' } })).pageLinkTemplate).toBe(
      'https://notes.example/{id}',
    );
    expect((await set({ clipDefaults: {}, pageLinkTemplate: '   ' })).pageLinkTemplate).toBe(
      DEFAULT_PAGE_LINK_TEMPLATE,
    );
    expect(await fakeBrowser.storage.local.get('pageLinkTemplate')).toEqual({});
  });

  it('rejects an overlong template at the message boundary', () => {
    expect(
      RequestSchemas['settings.set'].request.safeParse({
        clipDefaults: {},
        pageLinkTemplate: `https://x.example/${'a'.repeat(2001)}`,
      }).success,
    ).toBe(false);
  });
});
