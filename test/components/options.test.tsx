// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { Options } from '../../components/Options';
import type { ConnectionState } from '../../lib/messaging/connection';
import { installI18n } from '../ui/fake-i18n';
import { connectedState, installFakeBackground, type Handlers } from './support/fake-background';

const disconnected: ConnectionState = connectedState({
  hasToken: false,
  user: null,
  permissionGranted: false,
  problem: { code: 'not-configured', message: 'no token', status: null },
});

let request: ReturnType<typeof vi.fn>;

function renderOptions(
  handlers: Handlers = {},
  initial: ConnectionState = disconnected,
  granted = true,
) {
  const bg = installFakeBackground({ 'connection.get': () => initial, ...handlers });
  request = vi.fn(async () => granted);
  (fakeBrowser.permissions as unknown as { request: unknown }).request = request;
  (fakeBrowser.commands as unknown as { getAll: unknown }).getAll = async () => [
    {
      name: 'quick-clip',
      description: 'Clip this page to the last folder',
      shortcut: 'Alt+Shift+S',
    },
  ];
  render(<Options />);
  return bg;
}

beforeEach(() => {
  fakeBrowser.reset();
  installI18n('en');
});
afterEach(cleanup);

describe('options page', () => {
  it('welcomes a first-time user with the steps to connect', async () => {
    renderOptions();
    expect(await screen.findByRole('heading', { name: 'Welcome to Pageclip' })).toBeTruthy();
    expect(screen.getByText('Sign in, or paste an API token.')).toBeTruthy();
    expect(screen.getByText('Not connected yet.')).toBeTruthy();
    expect((screen.getByLabelText('Service address') as HTMLInputElement).value).toBe(
      'http://127.0.0.1:8787/api/v1',
    );
  });

  it('asks for host access in the click, then connects with a token and shows who is connected', async () => {
    const bg = renderOptions({ 'connection.connectToken': () => connectedState() });
    fireEvent.input(await screen.findByLabelText('API token'), {
      target: { value: ' secret-token ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Connect with token' }));
    await screen.findByText('Connected as Demo (demo@pageclip.local)');
    expect(request).toHaveBeenCalledWith({
      permissions: ['webRequest'],
      origins: ['http://127.0.0.1:8787/*'],
    });
    expect(bg.callsOf('connection.connectToken')).toEqual([
      { serviceUrl: 'http://127.0.0.1:8787/api/v1', token: 'secret-token' },
    ]);
    expect(screen.getByRole('button', { name: 'Disconnect' })).toBeTruthy();
  });

  it('says when the permission was not granted, and sends nothing', async () => {
    const bg = renderOptions({}, disconnected, false);
    fireEvent.input(await screen.findByLabelText('API token'), { target: { value: 'tok' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect with token' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Pageclip needs permission to talk to http://127.0.0.1:8787. Click again and choose “Allow”.',
    );
    expect(bg.callsOf('connection.connectToken')).toEqual([]);
  });

  it('says plainly that a token was revoked, the service is unreachable or a scope is missing', async () => {
    const answers: ConnectionState['problem'][] = [
      { code: 'unauthenticated', message: 'Token revoked', status: 401 },
      { code: 'unreachable', message: 'fetch failed', status: null },
      { code: 'insufficient-scope', message: 'This operation needs pages:write', status: 403 },
    ];
    const expected = [
      /revoked, has expired or is unknown/,
      /cannot be reached/,
      /lacks the “pages:write” permission/,
    ];
    let i = 0;
    renderOptions({
      'connection.connectToken': () => ({ ...disconnected, problem: answers[i++] ?? null }),
    });
    for (const pattern of expected) {
      fireEvent.input(await screen.findByLabelText('API token'), { target: { value: 'tok' } });
      fireEvent.click(screen.getByRole('button', { name: 'Connect with token' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(pattern));
    }
  });

  it('rejects an address that is not http(s) before asking for anything', async () => {
    renderOptions();
    fireEvent.input(await screen.findByLabelText('Service address'), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Enter an http:// or https:// address.',
    );
    expect(request).not.toHaveBeenCalled();
  });

  it('signs in: tells the user to finish in the opened tab, names the account found, and connects only once confirmed', async () => {
    const account = { id: 'u1', email: 'demo@pageclip.local', name: 'Demo' };
    const bg = renderOptions({
      'connection.signIn': () => ({ ...disconnected, problem: null, signInPending: true }),
      'connection.confirmSignIn': () => connectedState(),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await screen.findByText('Finish signing in in the tab that opened, then come back here.');
    await bg.emit({
      type: 'connection-changed',
      state: { ...disconnected, signInAccount: account },
    });
    await screen.findByText(
      'http://127.0.0.1:8787 says this browser is signed in as Demo (demo@pageclip.local). ' +
        'Pageclip will save your clips to this account. Connect only if it is yours.',
    );
    await waitFor(() => expect(screen.queryByText(/Finish signing in/)).toBeNull());
    expect(bg.callsOf('connection.confirmSignIn')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Connect this account' }));
    await screen.findByText('Connected as Demo (demo@pageclip.local)');
    expect(bg.callsOf('connection.confirmSignIn')).toEqual([{ userId: 'u1' }]);
  });

  it('refuses an account that is not the user’s: nothing is minted, and it says how to use another', async () => {
    const planted = { id: 'u9', email: 'someone@else.example', name: null };
    const bg = renderOptions({
      'connection.signIn': () => ({ ...disconnected, signInAccount: planted }),
      'connection.cancelSignIn': () => disconnected,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    await screen.findByText(/signed in as someone@else\.example\./);
    // Waiting for the answer is not a failure: no error is shown next to the question.
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Not my account' }));
    await screen.findByText(/Nothing was connected\. To use another account, sign out/);
    expect(screen.queryByRole('button', { name: 'Connect this account' })).toBeNull();
    expect(bg.callsOf('connection.cancelSignIn')).toHaveLength(1);
    expect(bg.callsOf('connection.confirmSignIn')).toEqual([]);
  });

  it('shows the connection, the shortcuts, and saves the clipping defaults', async () => {
    const bg = renderOptions(
      {
        'settings.set': (data) => ({
          serviceUrl: 'http://127.0.0.1:8787/api/v1',
          clipDefaults: {
            mode: 'article',
            operation: 'append',
            highlightTemplate: '> {{quote}}',
            inboxTitle: 'Inbox',
            noteSource: true,
            ...data.clipDefaults,
          },
          pageLinkTemplate: data.pageLinkTemplate || '{origin}/view/pages/{id}',
        }),
      },
      connectedState(),
    );
    expect(await screen.findByRole('heading', { name: 'Pageclip settings' })).toBeTruthy();
    expect(await screen.findByText('Alt+Shift+S')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Default clip'), { target: { value: 'bookmark' } });
    fireEvent.input(screen.getByLabelText('Highlight template'), {
      target: { value: '> {{quote}} ({{url}})' },
    });
    const linkField = screen.getByLabelText('Link to a saved page');
    expect(linkField).toHaveProperty('value', '{origin}/view/pages/{id}');
    fireEvent.input(linkField, { target: { value: ' https://notes.example/p/{id} ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText('Settings saved.');
    expect(bg.callsOf('settings.set')).toEqual([
      {
        clipDefaults: { mode: 'bookmark', highlightTemplate: '> {{quote}} ({{url}})' },
        pageLinkTemplate: 'https://notes.example/p/{id}',
      },
    ]);
  });

  it('refuses a page link template that is not a web address, saving nothing', async () => {
    const bg = renderOptions({}, connectedState());
    fireEvent.input(await screen.findByLabelText('Link to a saved page'), {
      target: { value: 'javascript:alert({id})' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByText(/The page link must be an http or https address/);
    expect(bg.callsOf('settings.set')).toEqual([]);
  });

  it('lists the cached folders in the Inbox picker while the service is still answering', async () => {
    const bg = renderOptions(
      {
        'folders.get': (data) =>
          data.refresh
            ? new Promise(() => undefined) // a service that has not answered yet
            : { folders: [...bg.state.folders], fetchedAt: 1, refreshing: true, problem: null },
      },
      connectedState(),
    );
    const card = (await screen.findByRole('heading', { name: 'Inbox' })).closest('section')!;
    fireEvent.click(within(card as HTMLElement).getByRole('button', { name: /Top level/ }));
    fireEvent.input(within(card as HTMLElement).getByLabelText('Search folders'), {
      target: { value: 'Reci' },
    });
    expect(
      await within(card as HTMLElement).findByRole('option', { name: /Recipes/ }),
    ).toBeTruthy();
  });

  it('disconnects', async () => {
    const bg = renderOptions({ 'connection.disconnect': () => disconnected }, connectedState());
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect' }));
    await screen.findByText('Disconnected. The token was removed from this browser.');
    expect(bg.callsOf('connection.disconnect')).toHaveLength(1);
  });

  it('is in German for a German browser', async () => {
    installI18n('de');
    renderOptions();
    expect(await screen.findByRole('heading', { name: 'Willkommen bei Pageclip' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeTruthy();
  });
});
