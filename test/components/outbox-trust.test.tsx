// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { Options } from '../../components/Options';
import type { OutboxEntryView } from '../../lib/outbox/entry';
import { installI18n } from '../ui/fake-i18n';
import { entry, FOLDER_WORK, installFakeBackground } from './support/fake-background';
import { renderPopup } from './support/render-popup';

afterEach(cleanup);

const scopeError = {
  status: 403,
  code: 'insufficient_scope',
  message: 'the API token lacks the scope pages:write',
  retryable: false,
};

/** Two clips the read-only token could not save, marked when the user reconnected. */
function previousConnectionFailures(): OutboxEntryView[] {
  const first = crypto.randomUUID();
  const second = crypto.randomUUID();
  return [
    entry({
      id: first,
      write: {
        kind: 'create-page',
        clipId: first,
        title: 'Rivers',
        markdown: 'x',
        parentId: FOLDER_WORK,
      },
      label: 'Rivers',
      status: 'failed',
      attempts: 1,
      lastError: scopeError,
      previousConnection: true,
    }),
    entry({
      id: second,
      write: {
        kind: 'add-to-page',
        clipId: second,
        pageId: '66666666-6666-4666-8666-666666666666',
        operation: 'append',
        content: '## [Valleys](https://example.com/v)\n\ntext',
      },
      label: 'Reading journal',
      status: 'failed',
      attempts: 1,
      lastError: scopeError,
      previousConnection: true,
    }),
  ];
}

async function popupReady() {
  await waitFor(() => expect(document.documentElement.dataset.ready).toBe('true'));
  await screen.findByDisplayValue('How rivers shape valleys');
}

describe('failures of a previous connection', () => {
  it('says so in the popup, with Retry all and a Review list of title, destination and error', async () => {
    const failures = previousConnectionFailures();
    const { bg } = renderPopup(
      {
        'outbox.retryPreviousConnection': () => ({ entries: [] }),
        'outbox.retry': () => ({ entries: [] }),
        'outbox.discard': () => ({ entries: [] }),
      },
      (bg) => {
        bg.state.outbox = failures;
      },
    );
    await popupReady();
    const notice = screen
      .getByText('2 clips failed to save with the previous connection.')
      .closest('section')!;
    // The notice has them; they are not listed a second time in the outbox groups.
    expect(screen.queryByRole('region', { name: /Failed — needs you/ })).toBeNull();
    expect(within(notice).queryByText('Rivers')).toBeNull();

    fireEvent.click(within(notice).getByRole('button', { name: 'Review' }));
    const rivers = within(notice).getByText('Rivers').closest('li')!;
    expect(within(rivers).getByText('New page in Work')).toBeTruthy();
    expect(within(rivers).getByText(/pages:write/)).toBeTruthy();
    const valleys = within(notice).getByText('Valleys').closest('li')!;
    expect(within(valleys).getByText('Added to “Reading journal”')).toBeTruthy();

    fireEvent.click(within(valleys).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bg.callsOf('outbox.retry')).toEqual([{ id: failures[1]!.id }]));
    fireEvent.click(within(rivers).getByRole('button', { name: 'Discard' }));
    fireEvent.click(within(rivers).getByRole('button', { name: 'Discard for good' }));
    await waitFor(() => expect(bg.callsOf('outbox.discard')).toEqual([{ id: failures[0]!.id }]));

    expect(bg.callsOf('outbox.retryPreviousConnection')).toEqual([]);
    fireEvent.click(within(notice).getByRole('button', { name: 'Retry all' }));
    await waitFor(() => expect(bg.callsOf('outbox.retryPreviousConnection')).toHaveLength(1));
  });

  it('says so on the options page, and the notice goes once nothing is left', async () => {
    fakeBrowser.reset();
    installI18n('en');
    const bg = installFakeBackground({ 'outbox.retryPreviousConnection': () => ({ entries: [] }) });
    bg.state.outbox = previousConnectionFailures().slice(0, 1);
    (fakeBrowser.commands as unknown as { getAll: unknown }).getAll = async () => [];
    render(<Options />);
    const text = await screen.findByText('1 clip failed to save with the previous connection.');
    fireEvent.click(within(text.closest('section')!).getByRole('button', { name: 'Retry all' }));
    await waitFor(() => expect(bg.callsOf('outbox.retryPreviousConnection')).toHaveLength(1));
    await bg.emit({ type: 'outbox-changed', entries: [] });
    await waitFor(() => expect(screen.queryByText(/failed to save with the previous/)).toBeNull());
  });
});

describe('the clip being saved appears once', () => {
  it('is not listed in the outbox while Saving…, nor once Queued', async () => {
    let answer: (e: OutboxEntryView) => void = () => undefined;
    const { bg } = renderPopup({
      'clip.submit': () => new Promise((resolve) => (answer = resolve)),
      'outbox.wait': () => new Promise(() => undefined),
    });
    await popupReady();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const write = await waitFor(() => bg.callsOf('clip.submit')[0]!.write);
    const queued = entry({
      id: write.clipId,
      write,
      label: 'How rivers shape valleys',
      status: 'queued',
      attempts: 1,
      lastError: { status: null, code: 'network', message: 'fetch failed', retryable: true },
    });
    const other = entry({ label: 'An older clip', status: 'queued', attempts: 2 });
    // The background announces the new entry before it answers the submit.
    await bg.emit({ type: 'outbox-changed', entries: [queued, other] });
    const waiting = await screen.findByRole('region', { name: 'Waiting to be saved (1)' });
    expect(within(waiting).getByText('An older clip')).toBeTruthy();
    expect(within(waiting).queryByText('How rivers shape valleys')).toBeNull();

    answer(queued);
    await screen.findByText(/Queued: “How rivers shape valleys” will be saved/);
    expect(
      screen.getAllByText(/How rivers shape valleys/).filter((n) => n.closest('.outbox')),
    ).toEqual([]);
  });
});
