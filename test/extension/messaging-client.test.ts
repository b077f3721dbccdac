import { beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { dispatch, type Handlers } from '../../lib/background/router';
import {
  EVENT_CHANNEL,
  MessageError,
  onBackgroundEvent,
  sendToBackground,
} from '../../lib/messaging/channel';
import type { BackgroundEvent } from '../../lib/messaging/events';

const popupSender = () => ({ id: browser.runtime.id, url: browser.runtime.getURL('/popup.html') });

describe('messaging client', () => {
  beforeEach(() => fakeBrowser.reset());

  /** The background's router behind fakeBrowser's runtime (which passes no sender: we add the popup's). */
  function serve(handlers: Partial<Handlers>) {
    fakeBrowser.runtime.onMessage.addListener(
      (message: unknown, _sender: unknown, sendResponse: (r: unknown) => void) => {
        void dispatch(handlers as Handlers, message, popupSender()).then(sendResponse);
        return true;
      },
    );
  }

  it('round-trips a request through the router', async () => {
    serve({ 'highlight.discard': async () => ({ ok: true }) });
    expect(await sendToBackground('highlight.discard', {})).toEqual({ ok: true });
  });

  it('throws a MessageError with the Problem of a failed request', async () => {
    serve({});
    const error = await sendToBackground('connection.connectToken', {
      serviceUrl: '',
      token: '',
    }).catch((e) => e);
    expect(error).toBeInstanceOf(MessageError);
    expect(error.code).toBe('other');
    expect(error.message).toMatch(/Invalid "connection.connectToken" request/);
  });

  it('hears events from our own extension only', async () => {
    const heard: BackgroundEvent[] = [];
    const off = onBackgroundEvent((e) => heard.push(e));
    const listeners = fakeBrowser.runtime.onMessage as unknown as {
      trigger(...a: unknown[]): Promise<unknown>;
    };
    const event = { channel: EVENT_CHANNEL, event: { type: 'folders-changed' } };
    await listeners.trigger(
      event,
      { id: browser.runtime.id, url: 'https://evil.example/' },
      () => undefined,
    );
    await listeners.trigger(
      event,
      { id: 'other', url: 'chrome-extension://other/background.js' },
      () => undefined,
    );
    expect(heard).toEqual([]);
    await listeners.trigger(
      event,
      { id: browser.runtime.id, url: browser.runtime.getURL('/background.js') },
      () => undefined,
    );
    expect(heard).toEqual([{ type: 'folders-changed' }]);
    off();
  });
});
