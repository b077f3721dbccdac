import { beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createMessageListener,
  dispatch,
  isOwnExtensionPage,
  type Handlers,
} from '../../lib/background/router';
import { MESSAGE_CHANNEL } from '../../lib/messaging/channel';

// Only the handlers a test calls are needed; the rest must never run.
function handlers(partial: Partial<Handlers>): Handlers {
  return new Proxy(partial as Handlers, {
    get: (target, key: string) =>
      target[key as keyof Handlers] ?? (() => Promise.reject(new Error(`unexpected ${key}`))),
  });
}

const settings = {
  serviceUrl: 'http://127.0.0.1:8787/api/v1',
  clipDefaults: {
    mode: 'article',
    operation: 'append',
    highlightTemplate: '> {{quote}}',
    inboxTitle: 'Inbox',
    noteSource: true,
  },
  pageLinkTemplate: '{origin}/view/pages/{id}',
} as const;

describe('message router', () => {
  beforeEach(() => fakeBrowser.reset());

  const popup = () => ({ id: browser.runtime.id, url: browser.runtime.getURL('/popup.html') });

  it('answers a valid request from our own page, validating the response', async () => {
    const h = handlers({ 'settings.get': async () => ({ ...settings, token: 'secret' }) as never });
    const answer = await dispatch(
      h,
      { channel: MESSAGE_CHANNEL, type: 'settings.get', data: {} },
      popup(),
    );
    expect(answer).toEqual({ ok: true, data: settings });
    // The response schema strips what the contract does not have: no token can leak.
    expect(JSON.stringify(answer)).not.toContain('secret');
  });

  it('rejects content scripts, other extensions and web pages', async () => {
    let called = false;
    const h = handlers({
      'connection.disconnect': async () => {
        called = true;
        return {} as never;
      },
    });
    const msg = { channel: MESSAGE_CHANNEL, type: 'connection.disconnect', data: {} };
    for (const sender of [
      { id: browser.runtime.id, url: 'https://evil.example/', tab: { id: 3 } },
      { id: 'another-extension', url: 'chrome-extension://another-extension/popup.html' },
      { url: 'https://evil.example/' },
      {
        id: browser.runtime.id,
        url: browser.runtime.getURL('/popup.html'),
        origin: 'https://evil.example',
      },
    ]) {
      const answer = await dispatch(h, msg, sender);
      expect(answer.ok).toBe(false);
    }
    expect(called).toBe(false);
    expect(isOwnExtensionPage(popup())).toBe(true);
  });

  it('rejects malformed data and unknown types with a clear message', async () => {
    const h = handlers({});
    const bad = await dispatch(
      h,
      { channel: MESSAGE_CHANNEL, type: 'connection.connectToken', data: { token: 5 } },
      popup(),
    );
    expect(bad).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('connection.connectToken') },
    });
    const unknown = await dispatch(
      h,
      { channel: MESSAGE_CHANNEL, type: 'toString', data: {} },
      popup(),
    );
    expect(unknown).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('Unknown message') },
    });
  });

  it('turns a thrown handler error into a Problem', async () => {
    const h = handlers({ 'outbox.list': async () => Promise.reject(new Error('boom')) });
    const answer = await dispatch(
      h,
      { channel: MESSAGE_CHANNEL, type: 'outbox.list', data: {} },
      popup(),
    );
    expect(answer).toEqual({ ok: false, error: { code: 'other', message: 'boom', status: null } });
  });

  it('ignores messages of other channels, so other listeners can answer them', () => {
    const listener = createMessageListener(handlers({}));
    expect(listener({ channel: 'pageclip/event', event: {} }, popup(), () => undefined)).toBe(
      false,
    );
    expect(listener('hello', popup(), () => undefined)).toBe(false);
    expect(
      listener(
        { channel: MESSAGE_CHANNEL, type: 'outbox.list', data: {} },
        popup(),
        () => undefined,
      ),
    ).toBe(true);
  });
});
