// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MarkClippedCard } from '../../components/MarkClippedCard';
import type { BackgroundContext } from '../../lib/background/context';
import { createHandlers } from '../../lib/background/handlers';
import { RequestSchemas } from '../../lib/messaging/requests';
import { markClippedItem } from '../../lib/settings';
import { installI18n } from '../ui/fake-i18n';
import { installFakeBackground } from './support/fake-background';

let granted: boolean;
beforeEach(() => {
  fakeBrowser.reset();
  installI18n('en');
  granted = false;
  vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(async () => granted);
  // The real settings handler behind the fake background: the choice lands in storage.
  const settings = createHandlers({} as BackgroundContext);
  installFakeBackground({
    'settings.set': (data) =>
      settings['settings.set'](RequestSchemas['settings.set'].request.parse(data), {}),
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Mark pages I have clipped', () => {
  it('is the tabs permission: asked for when turned on, given back when turned off', async () => {
    const request = vi.fn(async () => (granted = true));
    const remove = vi.fn(async () => !(granted = false));
    Object.assign(fakeBrowser.permissions, { request, remove });
    render(<MarkClippedCard />);
    const box = screen.getByRole('checkbox', {
      name: 'Mark pages I have clipped',
    }) as HTMLInputElement;
    await waitFor(() => expect(box.disabled).toBe(false));
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(true));
    expect(request).toHaveBeenCalledWith({ permissions: ['tabs'] });
    // Kept as a setting too, so a many-tabs job does not give the permission back.
    await waitFor(async () => expect(await markClippedItem.getValue()).toBe(true));
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(false));
    expect(remove).toHaveBeenCalledWith({ permissions: ['tabs'] });
    await waitFor(async () => expect(await markClippedItem.getValue()).toBe(false));
  });

  it('stays off when the user refuses', async () => {
    Object.assign(fakeBrowser.permissions, { request: vi.fn(async () => false) });
    render(<MarkClippedCard />);
    const box = screen.getByRole('checkbox', {
      name: 'Mark pages I have clipped',
    }) as HTMLInputElement;
    await waitFor(() => expect(box.disabled).toBe(false));
    fireEvent.click(box);
    await waitFor(() => expect(box.checked).toBe(false));
  });
});
