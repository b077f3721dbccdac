// @vitest-environment happy-dom
/**
 * The popup's choice of where highlights go on a page without a clip: clip it first by default,
 * or a page picked with the folder and page pickers, remembered for the site by the background
 * and forgotten again.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_JOURNAL } from './support/fake-background';
import { renderPopup } from './support/render-popup';

afterEach(cleanup);

const noClip = { site: 'example.com', clipped: false, chosen: null };

describe('where highlights go', () => {
  it('remembers a picked page for the site and forgets it', async () => {
    const { bg } = renderPopup({
      'highlighter.destination': () => noClip,
      'highlighter.chooseDestination': (data) => ({ site: 'example.com', chosen: data.page }),
    });
    const summary = await screen.findByRole('button', {
      name: 'Highlights: this page is clipped first',
    });
    expect(bg.callsOf('highlighter.destination')[0]).toMatchObject({
      url: 'https://example.com/rivers',
    });
    fireEvent.click(summary);
    expect(screen.getByLabelText('Clip this page first')).toHaveProperty('checked', true);
    fireEvent.click(screen.getByLabelText('Add highlights to a page…'));

    const choice = within(document.getElementById('highlighter-destination-choice')!);
    fireEvent.click(choice.getByRole('button', { name: /Top level/ }));
    fireEvent.input(choice.getByLabelText('Search folders'), { target: { value: 'Reading' } });
    fireEvent.keyDown(choice.getByLabelText('Search folders'), { key: 'Enter' });
    fireEvent.click(await choice.findByText('Reading journal'));

    await screen.findByText(/Remembered for example\.com/);
    expect(bg.callsOf('highlighter.chooseDestination')).toEqual([
      {
        url: 'https://example.com/rivers',
        page: { pageId: PAGE_JOURNAL, title: 'Reading journal' },
      },
    ]);
    expect(screen.getByRole('button', { name: 'Highlights go to “Reading journal”' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Forget for this site' }));
    await screen.findByRole('button', { name: 'Highlights: this page is clipped first' });
    expect(bg.callsOf('highlighter.chooseDestination')[1]).toEqual({
      url: 'https://example.com/rivers',
      page: null,
    });
  });

  it('is not offered on a page that has a clip', async () => {
    const { bg } = renderPopup({
      'highlighter.destination': () => ({ ...noClip, clipped: true }),
    });
    await waitFor(() => expect(bg.callsOf('highlighter.destination')).toHaveLength(1));
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByText(/Highlights: this page is clipped first/)).toBeNull();
  });
});
