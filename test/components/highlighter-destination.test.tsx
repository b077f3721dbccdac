// @vitest-environment happy-dom
/**
 * Where highlights go, from the ▾ beside the popup's Highlight button: a popover (not a line in
 * the clip panel) where a page picked with the folder and page pickers is remembered for the
 * site by the background and forgotten again; Escape closes only the popover; a page with a
 * clip says its highlights go there. The site's on-load switch lives in the popover too, never
 * in the tab row.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { PAGE_JOURNAL } from './support/fake-background';
import { renderPopup } from './support/render-popup';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const noClip = { site: 'example.com', clipped: false, chosen: null };

describe('where highlights go', () => {
  it('remembers a page picked in the popover for the site, and forgets it', async () => {
    const { bg } = renderPopup({
      'highlighter.destination': () => noClip,
      'highlighter.chooseDestination': (data) => ({ site: 'example.com', chosen: data.page }),
    });
    const trigger = await screen.findByRole('button', { name: 'Where highlights go' });
    expect(bg.callsOf('highlighter.destination')[0]).toMatchObject({
      url: 'https://example.com/rivers',
    });
    expect(trigger.getAttribute('aria-haspopup')).toBe('dialog');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(trigger);
    const dialog = within(await screen.findByRole('dialog', { name: 'Where highlights go' }));
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    // Beside the tabs, never inside the clip panel's flow.
    expect(screen.getByRole('dialog').closest('[role="tabpanel"]')).toBeNull();
    const clipFirst = dialog.getByLabelText('Clip this page first');
    expect(clipFirst).toHaveProperty('checked', true);
    expect(document.activeElement).toBe(clipFirst);

    fireEvent.click(dialog.getByLabelText('Add to a page…'));
    fireEvent.click(dialog.getByRole('button', { name: /Top level/ }));
    fireEvent.input(dialog.getByLabelText('Search folders'), { target: { value: 'Reading' } });
    fireEvent.keyDown(dialog.getByLabelText('Search folders'), { key: 'Enter' });
    fireEvent.click(await dialog.findByText('Reading journal'));

    await dialog.findByText(/Remembered for example\.com/);
    // The pickers closed under the focus: it is back in the popover, where Escape works.
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
    expect(bg.callsOf('highlighter.chooseDestination')).toEqual([
      {
        url: 'https://example.com/rivers',
        page: { pageId: PAGE_JOURNAL, title: 'Reading journal' },
      },
    ]);
    // The control says where they go now, in its name and its tooltip.
    expect(trigger.getAttribute('aria-label')).toBe('Highlights go to “Reading journal”');
    expect(screen.getByRole('button', { name: 'Highlight' }).title).toBe(
      'Highlights go to “Reading journal”',
    );

    fireEvent.click(dialog.getByRole('button', { name: 'Forget for example.com' }));
    await screen.findByRole('button', { name: 'Where highlights go' });
    expect(bg.callsOf('highlighter.chooseDestination')[1]).toEqual({
      url: 'https://example.com/rivers',
      page: null,
    });
    expect(screen.getByRole('button', { name: 'Highlight' }).title).toBe('');
  });

  it('starts from the page remembered for the site; Escape closes only the popover', async () => {
    const chosen = { pageId: PAGE_JOURNAL, title: 'Reading journal' };
    const { close } = renderPopup({ 'highlighter.destination': () => ({ ...noClip, chosen }) });
    const trigger = await screen.findByRole('button', {
      name: 'Highlights go to “Reading journal”',
    });
    fireEvent.click(trigger);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Add to a page…')).toHaveProperty('checked', true);

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(close).not.toHaveBeenCalled();
  });

  it('on a page with a clip, says the highlights go there and offers no choice', async () => {
    const { bg } = renderPopup({
      'highlighter.destination': () => ({ ...noClip, clipped: true }),
    });
    await waitFor(() => expect(bg.callsOf('highlighter.destination')).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Where highlights go' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('This page has a clip: its highlights go there.')).toBeTruthy();
    expect(dialog.queryByRole('radio')).toBeNull();
  });

  it("holds the site's on-load switch, asking for the site inside the click", async () => {
    // The browser's permission prompt, which fakeBrowser does not implement.
    let granted = false;
    vi.spyOn(fakeBrowser.permissions, 'contains').mockImplementation(async () => granted);
    const request = vi
      .spyOn(fakeBrowser.permissions, 'request')
      .mockImplementation(async () => (granted = true));
    const remove = vi
      .spyOn(fakeBrowser.permissions, 'remove')
      .mockImplementation(async () => !(granted = false));
    renderPopup({ 'highlighter.destination': () => noClip });
    const trigger = await screen.findByRole('button', { name: 'Where highlights go' });
    await waitFor(() => expect(fakeBrowser.permissions.contains).toHaveBeenCalled());
    // The tab row holds the tabs and the split control only, whatever the language.
    const row = trigger.closest('.tab-row') as HTMLElement;
    expect(within(row).queryByRole('checkbox')).toBeNull();

    fireEvent.click(trigger);
    const dialog = within(await screen.findByRole('dialog', { name: 'Where highlights go' }));
    const box = (await dialog.findByRole('checkbox', {
      name: 'Show my highlights when this site loads',
    })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    // Focus goes to the chosen destination, not to the switch.
    expect(document.activeElement).toBe(dialog.getByLabelText('Clip this page first'));

    fireEvent.click(box);
    // Asked within the click itself, before anything is awaited: it needs the user's gesture.
    expect(request).toHaveBeenCalledWith({ origins: ['https://example.com/*'] });
    await waitFor(() => expect(box.checked).toBe(true));
    fireEvent.click(box);
    expect(remove).toHaveBeenCalledWith({ origins: ['https://example.com/*'] });
    await waitFor(() => expect(box.checked).toBe(false));
  });
});
