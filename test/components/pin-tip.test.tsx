// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { Options } from '../../components/Options';
import { createHandlers } from '../../lib/background/handlers';
import type { BackgroundContext } from '../../lib/background/context';
import { RequestSchemas } from '../../lib/messaging/requests';
import { pinTipDismissedItem } from '../../lib/settings';
import { installI18n } from '../ui/fake-i18n';
import { connectedState, installFakeBackground } from './support/fake-background';

// The real settings handlers behind the fake background: the dismissal lands in storage.
const settings = createHandlers({} as BackgroundContext);
const sender = {} as Parameters<(typeof settings)['settings.get']>[1];

function renderOptions(connection = connectedState()) {
  (fakeBrowser.commands as unknown as { getAll: unknown }).getAll = async () => [];
  installFakeBackground({
    'connection.get': () => connection,
    'settings.get': () => settings['settings.get']({}, sender),
    'settings.set': (data) =>
      settings['settings.set'](RequestSchemas['settings.set'].request.parse(data), sender),
  });
  return render(<Options />);
}

beforeEach(() => {
  fakeBrowser.reset();
  installI18n('en');
});
afterEach(cleanup);

describe('the pin suggestion on the options page', () => {
  it('suggests pinning the button and a first clip once connected, and stays dismissed', async () => {
    renderOptions();
    expect(await screen.findByRole('heading', { name: 'Pageclip is ready' })).toBeTruthy();
    expect(screen.getByText(/click the pin next to Pageclip/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('heading', { name: 'Pageclip is ready' })).toBeNull();
    await waitFor(async () => expect(await pinTipDismissedItem.getValue()).toBe(true));
    cleanup();

    renderOptions();
    // Settings have arrived (the clipping card shows them): the suggestion would be there now.
    await waitFor(() => expect(document.getElementById('clipping-heading')).not.toBeNull());
    expect(screen.queryByRole('heading', { name: 'Pageclip is ready' })).toBeNull();
  });

  it('is not shown before connecting or while the connection has a problem', async () => {
    renderOptions(
      connectedState({
        hasToken: false,
        user: null,
        problem: { code: 'not-configured', message: 'no token', status: null },
      }),
    );
    await screen.findByRole('heading', { name: 'Welcome to Pageclip' });
    expect(screen.queryByRole('heading', { name: 'Pageclip is ready' })).toBeNull();
    cleanup();

    renderOptions(
      connectedState({ problem: { code: 'unauthenticated', message: 'revoked', status: 401 } }),
    );
    await waitFor(() => expect(document.getElementById('clipping-heading')).not.toBeNull());
    expect(screen.queryByRole('heading', { name: 'Pageclip is ready' })).toBeNull();
  });
});
