// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it } from 'vitest';
import type { KnownClip } from '../../lib/known-clips/known-clip';
import { clipDate } from '../../lib/ui/known-clip';
import { highlightOutcome } from '../../lib/ui/highlight-outcome';
import { article, entry, FOLDER_READING, PAGE_JOURNAL } from './support/fake-background';
import { renderPopup, renderPopupOnTab } from './support/render-popup';

afterEach(() => {
  cleanup();
  history.replaceState(null, '', '/');
});

const clip: KnownClip = {
  url: 'https://example.com/rivers',
  pageId: PAGE_JOURNAL,
  title: 'Reading journal',
  folderId: FOLDER_READING,
  clippedAt: Date.UTC(new Date().getUTCFullYear(), 10, 12, 12),
  at: 1,
  etag: '"e1"',
};

describe('the known-clip notice', () => {
  it('says where and when the page was clipped, with Open, Update, Add to it, Clip as new', async () => {
    const { bg } = renderPopup({ 'known.lookup': () => ({ clip }) });
    const notice = await screen.findByText('Clipped on 12 Nov into Reading / Reading journal');
    expect(notice).toBeTruthy();
    expect(bg.callsOf('known.lookup')[0]).toMatchObject({
      url: 'https://example.com/rivers',
      title: 'How rivers shape valleys',
    });
    const open = screen.getByRole('link', { name: 'Open' });
    expect(open.getAttribute('href')).toBe(`http://127.0.0.1:8787/view/pages/${PAGE_JOURNAL}`);
    for (const name of ['Update', 'Add to it', 'Clip as new'])
      expect(screen.getByRole('button', { name })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Clip as new' }));
    await waitFor(() => expect(screen.queryByText(/Clipped on/)).toBeNull());
  });

  it("looks the tab's address up in the index while the page is still being extracted", async () => {
    let extracted: (answer: ReturnType<typeof article>) => void = () => undefined;
    const { bg } = await renderPopupOnTab('https://example.com/rivers', {
      'tab.extract': () => new Promise((done) => (extracted = done)),
      'known.lookup': (data) => ({ clip: data.url === clip.url ? clip : null }),
    });
    await waitFor(() =>
      expect(bg.callsOf('known.lookup')).toEqual([
        { url: 'https://example.com/rivers', title: 'https://example.com/rivers', localOnly: true },
      ]),
    );
    extracted(article());
    expect(await screen.findByText(/Clipped on 12 Nov into Reading/)).toBeTruthy();
    // The index knew it: no second lookup once the extraction is in.
    expect(bg.callsOf('known.lookup')).toHaveLength(1);
  });

  it('shows nothing for a page that is not a known clip', async () => {
    renderPopup();
    await screen.findByDisplayValue('How rivers shape valleys');
    await waitFor(() => expect(screen.queryByText(/Clipped on/)).toBeNull());
  });

  it('Add to it makes the clip the destination', async () => {
    renderPopup({ 'known.lookup': () => ({ clip }) });
    fireEvent.click(await screen.findByRole('button', { name: 'Add to it' }));
    await waitFor(() =>
      expect(
        (screen.getByRole('radio', { name: 'Add to page…' }) as HTMLInputElement).checked,
      ).toBe(true),
    );
    const chosen = await screen.findByRole('option', { name: /Reading journal/ });
    expect(chosen.getAttribute('aria-selected')).toBe('true');
  });

  it('Update: an edited page shows what changed and the choice; Keep my edits sends it', async () => {
    const sent = entry({ status: 'saved', label: 'Reading journal' });
    const { bg } = renderPopup({
      'known.lookup': () => ({ clip }),
      'known.update': (data) =>
        data.choice
          ? { kind: 'queued', entry: sent }
          : {
              kind: 'edited',
              etag: '"e2"',
              changes: {
                onlyInPage: ['My own thought.'],
                onlyInPageCount: 1,
                onlyInNew: ['A new paragraph.'],
                onlyInNewCount: 1,
              },
            },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('“Reading journal” was changed since it was clipped.'),
    ).toBeTruthy();
    expect(screen.getByText('My own thought.')).toBeTruthy();
    expect(screen.getByText('A new paragraph.')).toBeTruthy();
    expect(bg.callsOf('known.update')[0]).toMatchObject({
      pageId: PAGE_JOURNAL,
      document: expect.stringContaining('Rivers carve valleys'),
    });
    fireEvent.click(
      screen.getByRole('button', { name: 'Keep my edits, add the new version as a section' }),
    );
    expect(await screen.findByText('Updated “Reading journal”.')).toBeTruthy();
    expect(bg.callsOf('known.update')[1]).toMatchObject({ choice: 'section', etag: '"e2"' });
  });

  it('Cancel leaves the page alone', async () => {
    const { bg } = renderPopup({
      'known.lookup': () => ({ clip }),
      'known.update': () => ({
        kind: 'edited',
        etag: '"e2"',
        changes: { onlyInPage: [], onlyInPageCount: 0, onlyInNew: [], onlyInNewCount: 0 },
      }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Update' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Replace' })).toBeNull());
    expect(bg.callsOf('known.update')).toHaveLength(1);
  });
});

describe('dates and highlight counts', () => {
  it('dates this year without the year, older ones with it', () => {
    const now = Date.UTC(2026, 10, 24);
    expect(clipDate(Date.UTC(2026, 10, 12, 12), now, 'en')).toBe('12 Nov');
    expect(clipDate(Date.UTC(2025, 10, 12, 12), now, 'en')).toBe('12 Nov 2025');
  });

  it('says "already in" or "n new, m already there"', () => {
    renderPopup();
    const result = (added: number, already: number) => ({
      label: 'Notes',
      result: { pageId: 'p', highlights: { added, already } },
    });
    expect(highlightOutcome(result(0, 1))).toBe('Already in “Notes”.');
    expect(highlightOutcome(result(2, 3))).toBe('2 new, 3 already there.');
    expect(highlightOutcome(result(1, 0))).toBeNull();
    expect(highlightOutcome({ label: 'x', result: { pageId: 'p' } })).toBeNull();
  });
});
