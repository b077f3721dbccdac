/**
 * Forged messages never reach a handler. Every request type of the contract is tried from
 * every sender that is not one of our own extension pages (our extractor running in a page,
 * a web page, another extension, a page pretending with our id), and with malformed data from
 * our own page. The router is A's real one (`lib/background/router.ts`); the handlers only
 * record that they were called. The e2e half (a real tab sending to the real background) is
 * in `test/security/extension-e2e.test.ts`.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  createMessageListener,
  dispatch,
  type Handlers,
  type Sender,
} from '../../lib/background/router';
import { MESSAGE_CHANNEL } from '../../lib/messaging/channel';
import { type MessageType, RequestSchemas } from '../../lib/messaging/requests';

const TYPES = Object.keys(RequestSchemas) as MessageType[];

function recordingHandlers(calls: string[]): Handlers {
  return new Proxy({} as Handlers, {
    get: (_target, key: string) => async () => {
      calls.push(key);
      throw new Error(`handler ${key} must not run`);
    },
  });
}

function forgedSenders(): [string, Sender][] {
  const id = browser.runtime.id;
  const base = browser.runtime.getURL('/');
  return [
    [
      'our extractor in a page (content script)',
      { id, url: 'https://evil.example/a', tab: { id: 7 } },
    ],
    [
      'a content script in a frame',
      { id, url: 'https://ads.example/frame', tab: { id: 7 }, origin: 'https://ads.example' },
    ],
    ['a web page', { url: 'https://evil.example/', origin: 'https://evil.example' }],
    ['no sender information', {}],
    [
      'another extension',
      {
        id: 'abcdefghijklmnopabcdefghijklmnop',
        url: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop/popup.html',
      },
    ],
    ['another extension claiming our page url', { id: 'other', url: `${base}popup.html` }],
    ['our id with a page url', { id, url: 'https://evil.example/?u=' + encodeURIComponent(base) }],
    [
      'our id and page url but a web origin',
      { id, url: `${base}popup.html`, origin: 'https://evil.example' },
    ],
    [
      'a look-alike extension host',
      { id, url: base.replace(/\/$/, '') + '.evil.example/popup.html' },
    ],
  ];
}

describe('forged messages', () => {
  beforeEach(() => fakeBrowser.reset());

  it('are refused for every request type from every sender that is not our own page', async () => {
    const calls: string[] = [];
    const handlers = recordingHandlers(calls);
    for (const type of TYPES) {
      for (const [who, sender] of forgedSenders()) {
        const answer = await dispatch(
          handlers,
          { channel: MESSAGE_CHANNEL, type, data: {} },
          sender,
        );
        expect(answer, `${type} from ${who}`).toMatchObject({
          ok: false,
          error: { message: 'Message rejected: unknown sender.' },
        });
      }
    }
    expect(calls).toEqual([]);
  });

  it('are refused through the runtime listener too, which answers every Pageclip message', async () => {
    const calls: string[] = [];
    const listener = createMessageListener(recordingHandlers(calls));
    const [, contentScript] = forgedSenders()[0]!;
    const answer = await new Promise((resolve) => {
      expect(
        listener(
          { channel: MESSAGE_CHANNEL, type: 'connection.disconnect', data: {} },
          contentScript,
          resolve,
        ),
      ).toBe(true);
    });
    expect(answer).toMatchObject({ ok: false });
    // Someone else's message (another channel) is not ours to answer.
    expect(
      listener({ type: 'connection.disconnect', data: {} }, contentScript, () => undefined),
    ).toBe(false);
    expect(calls).toEqual([]);
  });

  it('with malformed data are refused by the zod schema even from our own page', async () => {
    const calls: string[] = [];
    const handlers = recordingHandlers(calls);
    const popup: Sender = { id: browser.runtime.id, url: browser.runtime.getURL('/popup.html') };
    let refused = 0;
    for (const type of TYPES) {
      for (const data of [42, 'x', [], true, { write: { kind: 'drop-table' } }]) {
        if (RequestSchemas[type].request.safeParse(data).success) continue;
        refused++;
        const answer = await dispatch(handlers, { channel: MESSAGE_CHANNEL, type, data }, popup);
        expect(answer, `${type} with ${JSON.stringify(data)}`).toMatchObject({ ok: false });
        expect((answer as { error: { message: string } }).error.message).toMatch(/^Invalid "/);
      }
    }
    expect(refused).toBeGreaterThanOrEqual(TYPES.length * 4);
    // Names from Object.prototype are not handlers; a polluting payload pollutes nothing.
    for (const type of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const answer = await dispatch(handlers, { channel: MESSAGE_CHANNEL, type, data: {} }, popup);
      expect(answer).toMatchObject({ ok: false, error: { message: `Unknown message "${type}".` } });
    }
    const polluted = JSON.parse(
      `{"channel":"${MESSAGE_CHANNEL}","type":"settings.set","data":{"__proto__":{"polluted":true},"clipDefaults":{"__proto__":{"polluted":true}}}}`,
    ) as unknown;
    await dispatch(handlers, polluted, popup);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
    // Envelopes that are not envelopes at all.
    for (const junk of [
      null,
      'settings.get',
      { channel: MESSAGE_CHANNEL },
      { channel: MESSAGE_CHANNEL, type: 5 },
    ]) {
      expect(await dispatch(handlers, junk, popup)).toMatchObject({
        ok: false,
        error: { message: 'Malformed message.' },
      });
    }
    expect(calls.filter((c) => c !== 'settings.set')).toEqual([]);
  });
});
