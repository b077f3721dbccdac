// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { OutboxEntryView } from '../../lib/outbox/entry';
import {
  article,
  articleResult,
  BackgroundProblem,
  entry,
  FOLDER_READING,
  FOLDER_WORK,
  installFakeBackground,
  PAGE_JOURNAL,
} from './support/fake-background';
import { renderPopup } from './support/render-popup';
import { render as preactRender } from 'preact';
import { Popup } from '../../components/Popup';
import { startExtraction } from '../../lib/ui/start-extraction';
import { FOLDERS_WAIT_MS } from '../../lib/ui/use-popup-data';
import { installI18n } from '../ui/fake-i18n';

afterEach(cleanup);

const never = <T,>() => new Promise<T>(() => undefined);
const savedEntry = (write: OutboxEntryView['write'], label: string): OutboxEntryView =>
  entry({
    id: write.clipId,
    write,
    label,
    status: 'saved',
    attempts: 1,
    result: { pageId: '66666666-6666-4666-8666-666666666666' },
  });

async function ready() {
  await waitFor(() => expect(document.documentElement.dataset.ready).toBe('true'));
  await screen.findByDisplayValue('How rivers shape valleys');
}

describe('popup states', () => {
  it('shows a fixed-size skeleton until the background answers, and is not marked ready', async () => {
    renderPopup({ 'connection.get': () => never() });
    expect(screen.getByLabelText('Loading…').getAttribute('aria-busy')).toBe('true');
    expect(document.querySelectorAll('.skeleton').length).toBeGreaterThan(3);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(document.documentElement.dataset.ready).toBeUndefined();
  });

  it('shows the form from cached data while the extraction is still running', async () => {
    renderPopup({ 'tab.extract': () => never() });
    await waitFor(() => expect(document.documentElement.dataset.ready).toBe('true'));
    expect(performance.getEntriesByName('pageclip:interactive').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Reading the page…')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Top level/ })).toBeTruthy();
  });

  it('sends the requests its first usable frame needs while rendering, not a frame later', async () => {
    fakeBrowser.reset();
    installI18n('en');
    installFakeBackground({});
    const send = vi.spyOn(fakeBrowser.runtime, 'sendMessage');
    const root = document.body.appendChild(document.createElement('div'));
    try {
      // Preact's own render, not the testing library's, which flushes every effect at once.
      preactRender(<Popup extraction={startExtraction()} />, root);
      const sent = send.mock.calls.map(
        (args) => ((args as unknown[])[0] as { type?: string }).type,
      );
      for (const type of [
        'tab.extract',
        'connection.get',
        'recent.get',
        'settings.get',
        'outbox.list',
        'draft.get',
      ])
        expect(sent).toContain(type);
    } finally {
      preactRender(null, root);
      root.remove();
      send.mockRestore();
    }
  });

  it('asks for the folder tree once the extraction has answered, not before', async () => {
    let answer: (value: ReturnType<typeof article>) => void = () => undefined;
    const { bg } = renderPopup({
      'tab.extract': () => new Promise((resolve) => (answer = resolve)),
    });
    await waitFor(() => expect(document.documentElement.dataset.ready).toBe('true'));
    // The form is up and its small answers are in; the large folder answer still waits.
    expect(bg.callsOf('outbox.list').length).toBe(1);
    expect(bg.callsOf('folders.get')).toEqual([]);
    answer(article());
    await waitFor(() => expect(bg.callsOf('folders.get').length).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: /Top level/ }));
    const tree = screen.getByRole('tree', { name: 'Folders' });
    expect(await within(tree).findByText('Work')).toBeTruthy();
  });

  it('does not keep the folder tree waiting for an extraction that takes long', async () => {
    const { bg } = renderPopup({ 'tab.extract': () => never() });
    await waitFor(() => expect(document.documentElement.dataset.ready).toBe('true'));
    await waitFor(() => expect(bg.callsOf('folders.get').length).toBe(1), {
      timeout: FOLDERS_WAIT_MS * 4,
    });
  });

  it('does not wait for a highlight that may still be on its way', async () => {
    renderPopup({ 'highlight.pending': () => never() });
    await ready();
  });

  it('asks to connect when there is no token, and opens the options page', async () => {
    const { bg, openOptionsPage, close } = renderPopup({}, (bg) => {
      bg.state.connection = {
        ...bg.state.connection,
        hasToken: false,
        user: null,
        problem: { code: 'not-configured', message: 'x', status: null },
      };
    });
    const button = await screen.findByRole('button', { name: 'Open settings to connect' });
    expect(screen.getByRole('heading', { name: 'Connect Pageclip' })).toBeTruthy();
    fireEvent.click(button);
    expect(openOptionsPage).toHaveBeenCalled();
    expect(close).not.toHaveBeenCalled(); // window.close, not the test's close: the popup goes away with the tab
    expect(bg.callsOf('clip.submit')).toEqual([]);
  });

  it('says a revoked token needs reconnecting', async () => {
    renderPopup({}, (bg) => {
      bg.state.connection = {
        ...bg.state.connection,
        problem: { code: 'unauthenticated', message: 'revoked', status: 401 },
      };
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /revoked, has expired or is unknown/,
    );
  });

  it('saves a new page into the chosen folder and says Saved with a link', async () => {
    const { bg } = renderPopup({
      'clip.submit': (data) => savedEntry(data.write, data.label),
    });
    await ready();
    fireEvent.click(screen.getByRole('button', { name: /Top level/ }));
    const tree = screen.getByRole('tree', { name: 'Folders' });
    fireEvent.click(within(tree).getByText('Work'));
    fireEvent.input(screen.getByLabelText('Your note (before the article)'), {
      target: { value: 'Worth reading' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const status = await screen.findByText(/Saved to “How rivers shape valleys”/);
    const link = within(status.closest('.save-status') as HTMLElement).getByRole('link', {
      name: 'Open page',
    });
    expect(link.getAttribute('href')).toBe(
      'http://127.0.0.1:8787/view/pages/66666666-6666-4666-8666-666666666666',
    );
    const [submit] = bg.callsOf('clip.submit');
    expect(submit?.write).toMatchObject({
      kind: 'create-page',
      title: 'How rivers shape valleys',
      parentId: FOLDER_WORK,
      markdown: '---\ntitle: How rivers shape valleys\n---\nRivers carve valleys over time.',
    });
    expect(submit?.note).toBe('Worth reading');
    expect(submit?.write.clipId).toMatch(/^[0-9a-f-]{36}$/);
    expect(bg.callsOf('draft.set').at(-1)?.draft).toBeNull();
  });

  it('says Queued while the outbox has not confirmed, then Saved once it has', async () => {
    let release: (e: OutboxEntryView) => void = () => undefined;
    const { bg } = renderPopup({
      'clip.submit': (data) =>
        entry({
          id: data.write.clipId,
          write: data.write,
          label: data.label,
          status: 'queued',
          attempts: 1,
          lastError: { status: null, code: 'network', message: 'fetch failed', retryable: true },
        }),
      'outbox.wait': (data) =>
        new Promise((resolve) => (release = (e) => resolve({ ...e, id: data.id }))),
    });
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const queued = await screen.findByText(/Queued: “How rivers shape valleys” will be saved/);
    expect(queued.textContent).toMatch(/cannot be reached/);
    const write = bg.callsOf('clip.submit')[0]!.write;
    release(savedEntry(write, 'How rivers shape valleys'));
    await screen.findByText(/Saved to/);
  });

  it('shows a failure with its reason and retries it', async () => {
    const { bg } = renderPopup({
      'clip.submit': (data) =>
        entry({
          id: data.write.clipId,
          write: data.write,
          label: data.label,
          status: 'failed',
          attempts: 1,
          lastError: {
            status: 500,
            code: 'internal',
            message: 'The service broke',
            retryable: false,
          },
        }),
      'outbox.retry': () => ({ entries: [] }),
      'outbox.wait': (data) =>
        savedEntry(
          { ...bg.callsOf('clip.submit')[0]!.write, clipId: data.id },
          'How rivers shape valleys',
        ),
    });
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Not saved: the service had a problem \(500\)/);
    expect(screen.getByText(/Your clip is kept/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText(/Saved to/);
    expect(bg.callsOf('outbox.retry')[0]?.id).toBe(bg.callsOf('clip.submit')[0]?.write.clipId);
  });

  it('offers Open settings, not Retry, for a write refused for a missing scope', async () => {
    renderPopup({
      'clip.submit': (data) =>
        entry({
          id: data.write.clipId,
          write: data.write,
          label: data.label,
          status: 'failed',
          attempts: 1,
          lastError: {
            status: 403,
            code: 'insufficient_scope',
            message: 'The token lacks the pages:write scope',
            retryable: false,
          },
        }),
    });
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Not saved: the token lacks the “pages:write” permission/);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    const openOptions = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue();
    fireEvent.click(screen.getByRole('button', { name: 'Open settings' }));
    expect(openOptions).toHaveBeenCalledTimes(1);
  });

  it('shows a failure of the background itself and keeps the form', async () => {
    renderPopup({
      'clip.submit': () => {
        throw new BackgroundProblem({ code: 'unreachable', message: 'down', status: null });
      },
    });
    await ready();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Not saved: the service at http:\/\/127.0.0.1:8787 cannot be reached/);
    expect(screen.getByDisplayValue('How rivers shape valleys')).toBeTruthy();
  });

  it('says plainly that a page cannot be read and offers the tab as a bookmark', async () => {
    const { bg } = renderPopup({
      'tab.extract': async () => {
        const tab = await fakeBrowser.tabs.create({
          url: 'https://example.com/report (final).pdf',
        });
        return {
          ok: false,
          tabId: tab.id ?? null,
          problem: { code: 'other', message: 'Cannot access a PDF viewer', status: null },
        };
      },
      'clip.submit': (data) => savedEntry(data.write, data.label),
    });
    await screen.findByText("Pageclip can't read this page");
    await screen.findByText("The browser's PDF viewer is closed to extensions.");
    expect(screen.queryByText(/Cannot access/)).toBeNull();
    await waitFor(() =>
      expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(
        'https://example.com/report (final).pdf',
      ),
    );
    expect(
      screen.getByText('https://example.com/report (final).pdf', { selector: '.bookmark-address' }),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Markdown')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save bookmark' }));
    await screen.findByText(/Saved to/);
    expect(bg.callsOf('clip.submit')[0]?.write).toMatchObject({
      kind: 'create-page',
      markdown:
        '[https://example.com/report (final).pdf](https://example.com/report%20%28final%29.pdf)\n',
    });
  });

  it('keeps the address of a browser page in its bookmark, and says when there is none', async () => {
    const { bg } = renderPopup({
      'tab.extract': async () => {
        const tab = await fakeBrowser.tabs.create({ url: 'chrome://version/' });
        return {
          ok: false,
          tabId: tab.id ?? null,
          problem: { code: 'other', message: 'Cannot access a chrome:// URL', status: null },
        };
      },
      'clip.submit': (data) => savedEntry(data.write, data.label),
    });
    await screen.findByText('Browsers keep their own pages closed to extensions.');
    fireEvent.click(await screen.findByRole('button', { name: 'Save bookmark' }));
    await screen.findByText(/Saved to/);
    expect(bg.callsOf('clip.submit')[0]?.write).toMatchObject({
      kind: 'create-page',
      title: 'chrome://version/',
      markdown: 'chrome://version/: `chrome://version/`\n',
    });
    cleanup();

    renderPopup({
      'tab.extract': () => ({
        ok: false,
        tabId: 123456,
        problem: { code: 'other', message: 'No tab with id', status: null },
      }),
    });
    await screen.findByText('Its address cannot be read either, so there is nothing to save.');
    expect(screen.queryByRole('button', { name: /Save/ })).toBeNull();
  });

  it('opens in Selection mode when text is selected on the page, and saves only the selection', async () => {
    const { bg } = renderPopup({
      'tab.extract': (data) =>
        data.mode === 'selection'
          ? article({
              selectionAvailable: true,
              result: { ...articleResult(), mode: 'selection', body: 'Only the chosen words.' },
            })
          : article({ selectionAvailable: true }),
      'clip.submit': (data) => savedEntry(data.write, data.label),
    });
    await ready();
    await waitFor(() =>
      expect((screen.getByLabelText('Markdown') as HTMLTextAreaElement).value).toBe(
        'Only the chosen words.',
      ),
    );
    expect((screen.getByLabelText('Selection') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Saved to/);
    const write = bg.callsOf('clip.submit')[0]?.write;
    expect(write?.kind === 'create-page' && write.markdown).toMatch(/Only the chosen words\.\n?$/);
    expect(write?.kind === 'create-page' && write.markdown).not.toMatch(/Rivers carve/);
    // The user can still switch back.
    fireEvent.click(screen.getByLabelText('Article'));
    await waitFor(() =>
      expect((screen.getByLabelText('Markdown') as HTMLTextAreaElement).value).toBe(
        'Rivers carve valleys over time.',
      ),
    );
  });

  it('says when no article was found and switches to Full page in one click', async () => {
    const { bg } = renderPopup({
      'tab.extract': (data) =>
        article({
          result: {
            ...articleResult(),
            mode: data.mode ?? 'article',
            body: data.mode === 'full' ? 'Rivers carve valleys over time. Menu, footer.' : '',
          },
        }),
    });
    await ready();
    expect((await screen.findByText(/No article found on this page/)).className).toContain(
      'warning',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Clip the full page' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Markdown') as HTMLTextAreaElement).value).toBe(
        'Rivers carve valleys over time. Menu, footer.',
      ),
    );
    expect((screen.getByLabelText('Full page') as HTMLInputElement).checked).toBe(true);
    expect(bg.callsOf('tab.extract').map((call) => call.mode)).toContain('full');
    expect(screen.queryByText(/No article found/)).toBeNull();
    expect(screen.getByText('7 words')).toBeTruthy();
  });

  it('names an untitled page by its address, so it can be saved at once', async () => {
    const untitled = article();
    if (untitled.ok) untitled.result = { ...untitled.result, title: '' };
    renderPopup({ 'tab.extract': () => untitled });
    await waitFor(() =>
      expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe(
        'https://example.com/rivers',
      ),
    );
  });

  it('requires a title for a new page', async () => {
    const { bg } = renderPopup();
    await ready();
    fireEvent.input(screen.getByLabelText('Title'), { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Give the page a title.');
    expect(bg.callsOf('clip.submit')).toEqual([]);
  });
});

describe('keyboard', () => {
  it('saves with Enter in the title and Ctrl+Enter in a text area, not plain Enter there', async () => {
    const { bg } = renderPopup({ 'clip.submit': (data) => savedEntry(data.write, data.label) });
    await ready();
    fireEvent.keyDown(screen.getByLabelText('Your note (before the article)'), { key: 'Enter' });
    expect(bg.callsOf('clip.submit')).toHaveLength(0);
    fireEvent.keyDown(screen.getByLabelText('Title'), { key: 'Enter' });
    await waitFor(() => expect(bg.callsOf('clip.submit')).toHaveLength(1));
    await screen.findByText(/Saved to/);
    // The same clip again is not a second page: Save is off until something changes.
    fireEvent.keyDown(screen.getByLabelText('Title'), { key: 'Enter' });
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    fireEvent.input(screen.getByLabelText('Markdown'), { target: { value: 'Shorter.' } });
    fireEvent.keyDown(screen.getByLabelText('Markdown'), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(bg.callsOf('clip.submit')).toHaveLength(2));
  });

  it('puts focus where typing starts: the title, and the note on the Quick note tab', async () => {
    renderPopup();
    await ready();
    expect(document.activeElement).toBe(screen.getByLabelText('Title'));
    fireEvent.click(screen.getByRole('tab', { name: 'Quick note' }));
    await waitFor(() => expect(document.activeElement?.id).toBe('quick-note'));
  });

  it('closes with Escape, but Escape in the new-folder field only cancels it', async () => {
    const { close } = renderPopup();
    await ready();
    fireEvent.click(screen.getByRole('button', { name: /Top level/ }));
    fireEvent.click(screen.getByRole('button', { name: /New folder/ }));
    fireEvent.keyDown(screen.getByLabelText('Name of the new folder'), { key: 'Escape' });
    expect(close).not.toHaveBeenCalled();
    expect(screen.queryByLabelText('Name of the new folder')).toBeNull();
    fireEvent.keyDown(screen.getByLabelText('Title'), { key: 'Escape' });
    expect(close).toHaveBeenCalledTimes(1);
  });

  it('walks the folder tree with arrows: Right expands, Down moves, Enter chooses', async () => {
    renderPopup();
    await ready();
    fireEvent.click(screen.getByRole('button', { name: /Top level/ }));
    const tree = screen.getByRole('tree');
    const rows = () => within(tree).getAllByRole('treeitem');
    expect(rows().map((r) => r.textContent)).toEqual(['Top level', 'Recipes', 'Work']);
    fireEvent.keyDown(rows()[0]!, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('Work');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(rows()[2]!.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('Reading');
    expect(document.activeElement?.getAttribute('aria-level')).toBe('3');
    fireEvent.keyDown(document.activeElement!, { key: 'Enter' });
    expect(screen.getByRole('button', { name: /Work \/ Reading/ })).toBeTruthy();
  });
});

describe('destination', () => {
  it('finds a folder by typing and creates a folder inline inside the chosen one', async () => {
    const { bg } = renderPopup();
    await ready();
    fireEvent.click(screen.getByRole('button', { name: /Top level/ }));
    const search = screen.getByLabelText('Search folders');
    fireEvent.input(search, { target: { value: 'rea' } });
    const options = screen.getAllByRole('option');
    expect(options[0]?.textContent).toContain('Reading');
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(screen.getByRole('button', { name: /Work \/ Reading/ })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /New folder/ }));
    fireEvent.input(screen.getByLabelText('Name of the new folder'), {
      target: { value: 'Rivers' },
    });
    fireEvent.keyDown(screen.getByLabelText('Name of the new folder'), { key: 'Enter' });
    await screen.findByRole('button', { name: /Work \/ Reading \/ Rivers/ });
    expect(bg.callsOf('folders.create')).toEqual([{ name: 'Rivers', parentId: FOLDER_READING }]);
    expect(screen.getByText('Folder “Rivers” created.')).toBeTruthy();
  });

  it('adds to an existing page of the folder, prepending', async () => {
    const { bg } = renderPopup({ 'clip.submit': (data) => savedEntry(data.write, data.label) });
    await ready();
    fireEvent.click(screen.getByRole('button', { name: /Top level/ }));
    fireEvent.input(screen.getByLabelText('Search folders'), { target: { value: 'Reading' } });
    fireEvent.keyDown(screen.getByLabelText('Search folders'), { key: 'Enter' });
    fireEvent.click(screen.getByLabelText('Add to page…'));
    fireEvent.click(await screen.findByText('Reading journal'));
    fireEvent.click(screen.getByLabelText('At the top'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Saved to “Reading journal”/);
    expect(bg.callsOf('clip.submit')[0]?.write).toMatchObject({
      kind: 'add-to-page',
      pageId: PAGE_JOURNAL,
      operation: 'prepend',
      // A section: the linked heading, the site and today's date, then the article.
      content: expect.stringMatching(
        /^## \[How rivers shape valleys\]\(https:\/\/example\.com\/rivers\)\n\n\*example\.com · \d{4}-\d\d-\d\d\*\n\nRivers carve valleys over time\.$/,
      ),
    });
  });

  it('does not wait for a cold folder cache, and reveals the last folder once the tree arrives', async () => {
    let deliver: () => void = () => undefined;
    const { bg } = renderPopup(
      {
        'folders.get': () =>
          new Promise((resolve) => {
            deliver = () =>
              resolve({
                folders: [...bg.state.folders],
                fetchedAt: 1,
                refreshing: false,
                problem: null,
              });
          }),
      },
      (bg) => {
        bg.state.recent = {
          folders: [],
          pages: [],
          lastDestination: { kind: 'folder', folderId: FOLDER_READING, name: 'Reading' },
        };
      },
    );
    await waitFor(() => expect(document.documentElement.dataset.ready).toBe('true'));
    fireEvent.click(screen.getByRole('button', { name: /Top level|Change/ }));
    expect(screen.getByText('Updating folders…')).toBeTruthy();
    deliver();
    await screen.findByRole('button', { name: /Work \/ Reading/ });
    const reading = await screen.findByRole('treeitem', { name: 'Reading' });
    expect(reading.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('treeitem', { name: 'Work' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('offers the last folder and recent folders first', async () => {
    renderPopup({}, (bg) => {
      bg.state.recent = {
        folders: [
          { id: FOLDER_READING, name: 'Reading', usedAt: 2 },
          { id: null, name: 'Top level', usedAt: 1 },
        ],
        pages: [],
        lastDestination: { kind: 'folder', folderId: FOLDER_READING, name: 'Reading' },
      };
    });
    await ready();
    expect(screen.getByRole('button', { name: /Work \/ Reading/ })).toBeTruthy();
    const recent = screen.getByRole('group', { name: 'Recent' });
    expect(
      within(recent)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reading', 'Top level']);
  });
});

describe('untrusted page content', () => {
  it('renders a hostile title and body as text, never as HTML', async () => {
    const hostile = '<img src=x onerror="window.__pwned=1">';
    const { bg } = renderPopup({
      'tab.extract': () =>
        article({
          result: {
            ...(article() as { result: object }).result,
            title: hostile,
            body: `${hostile}\n<script>alert(1)</script>`,
          } as never,
        }),
      'clip.submit': (data) => savedEntry(data.write, data.label),
    });
    const title = await screen.findByLabelText('Title');
    await waitFor(() => expect((title as HTMLInputElement).value).toBe(hostile));
    expect((screen.getByLabelText('Markdown') as HTMLTextAreaElement).value).toContain('<script>');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(
      new RegExp(`Saved to “${hostile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}”`),
    );
    expect(document.querySelector('img, script')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    expect(bg.callsOf('clip.submit')[0]?.label).toBe(hostile);
  });
});

describe('quick note', () => {
  it('adds the note to the one Inbox, not to the last folder used', async () => {
    const { bg } = renderPopup(
      {
        'note.submit': (data) =>
          savedEntry(
            {
              kind: 'add-to-titled-page',
              clipId: data.clipId,
              title: 'Inbox',
              parentId: null,
              operation: 'append',
              content: data.text,
            },
            'Inbox',
          ),
      },
      (bg) => {
        bg.state.recent = {
          folders: [],
          pages: [],
          lastDestination: { kind: 'folder', folderId: FOLDER_WORK, name: 'Work' },
        };
      },
    );
    await ready();
    fireEvent.click(screen.getByRole('tab', { name: 'Quick note' }));
    const panel = screen.getByRole('tabpanel', { name: 'Quick note' });
    await within(panel).findByText(/Goes to “Inbox” at the top level, made with the first note/);
    expect(within(panel).queryByLabelText('Page title')).toBeNull();
    fireEvent.input(within(panel).getByLabelText('Quick note'), {
      target: { value: 'Call the plumber' },
    });
    fireEvent.keyDown(within(panel).getByLabelText('Quick note'), { key: 'Enter', metaKey: true });
    await within(panel).findByText(/Saved to “Inbox”/);
    expect(bg.callsOf('note.submit')[0]).toMatchObject({ text: 'Call the plumber' });
    expect(bg.callsOf('clip.submit')).toEqual([]);
  });

  it('saves the note as a new page when asked', async () => {
    const { bg } = renderPopup({ 'clip.submit': (data) => savedEntry(data.write, data.label) });
    await ready();
    fireEvent.click(screen.getByRole('tab', { name: 'Quick note' }));
    const panel = screen.getByRole('tabpanel', { name: 'Quick note' });
    fireEvent.click(within(panel).getByLabelText('As a new page'));
    fireEvent.input(within(panel).getByLabelText('Page title'), { target: { value: 'Idea' } });
    fireEvent.input(within(panel).getByLabelText('Quick note'), {
      target: { value: 'Solar kettle' },
    });
    fireEvent.click(within(panel).getByRole('button', { name: 'Save' }));
    await within(panel).findByText(/Saved to “Idea”/);
    expect(bg.callsOf('clip.submit')[0]?.write).toMatchObject({
      kind: 'create-page',
      title: 'Idea',
      markdown: 'Solar kettle',
      parentId: null,
    });
  });
});

describe('outbox section', () => {
  it('lists failed and waiting clips in two groups with retry, and discards only on the second click', async () => {
    const failed = entry({
      label: 'Old clip',
      status: 'failed',
      attempts: 3,
      lastError: { status: 404, code: 'not_found', message: 'gone', retryable: false },
    });
    const { bg } = renderPopup(
      { 'outbox.retry': () => ({ entries: [] }), 'outbox.discard': () => ({ entries: [] }) },
      (bg) => {
        bg.state.outbox = [failed, entry({ label: 'Waiting clip' })];
      },
    );
    await ready();
    // Failed and waiting clips are two groups: only the failed one needs the user.
    expect(
      within(screen.getByRole('region', { name: 'Waiting to be saved (1)' })).getByText(
        'Waiting clip',
      ),
    ).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Failed — needs you (1)' });
    expect(within(section).queryByText('Waiting clip')).toBeNull();
    expect(within(section).getByText('the page or folder no longer exists')).toBeTruthy();
    const item = within(section).getByText('Old clip').closest('li')!;
    fireEvent.click(within(item).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bg.callsOf('outbox.retry')).toEqual([{ id: failed.id }]));
    fireEvent.click(within(item).getByRole('button', { name: 'Discard' }));
    expect(bg.callsOf('outbox.discard')).toEqual([]);
    fireEvent.click(within(item).getByRole('button', { name: 'Discard for good' }));
    await waitFor(() => expect(bg.callsOf('outbox.discard')).toEqual([{ id: failed.id }]));
  });

  it('shows why an outbox action was refused', async () => {
    renderPopup(
      {
        'outbox.retry': () => {
          throw new BackgroundProblem({
            code: 'other',
            message: 'No such outbox entry',
            status: null,
          });
        },
      },
      (bg) => {
        bg.state.outbox = [entry({ label: 'Gone meanwhile', status: 'failed' })];
      },
    );
    await ready();
    const item = screen.getByText('Gone meanwhile').closest('li')!;
    fireEvent.click(within(item).getByRole('button', { name: 'Retry' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No such outbox entry');
  });

  it('updates from outbox events pushed by the background', async () => {
    const { bg } = renderPopup();
    await ready();
    expect(screen.queryByRole('region', { name: /Waiting to be saved/ })).toBeNull();
    await bg.emit({ type: 'outbox-changed', entries: [entry({ label: 'Pushed clip' })] });
    await screen.findByText('Pushed clip');
  });

  it('moves a failed clip to another folder with the same clip id', async () => {
    const failed = entry({
      label: 'Misfiled',
      status: 'failed',
      lastError: { status: 404, code: 'not_found', message: 'gone', retryable: false },
    });
    const { bg } = renderPopup({ 'outbox.retarget': () => ({ entries: [] }) }, (bg) => {
      bg.state.outbox = [failed];
    });
    await ready();
    const item = screen.getByText('Misfiled').closest('li')!;
    fireEvent.click(within(item).getByRole('button', { name: 'Change destination' }));
    fireEvent.click(within(item).getByRole('button', { name: /Top level/ }));
    fireEvent.click(within(within(item).getByRole('tree')).getByText('Recipes'));
    fireEvent.click(within(item).getByRole('button', { name: 'Send there' }));
    await waitFor(() => expect(bg.callsOf('outbox.retarget')).toHaveLength(1));
    expect(bg.callsOf('outbox.retarget')[0]?.write).toMatchObject({
      clipId: failed.id,
      kind: 'create-page',
    });
    expect(bg.callsOf('outbox.retarget')[0]?.write).not.toMatchObject({ parentId: null });
  });
});

describe('draft', () => {
  it('keeps edits in the background session draft and restores them on the next open', async () => {
    const first = renderPopup();
    await ready();
    fireEvent.input(screen.getByLabelText('Your note (before the article)'), {
      target: { value: 'half-written thought' },
    });
    await waitFor(() => expect(first.bg.callsOf('draft.set').length).toBeGreaterThan(0), {
      timeout: 2000,
    });
    const draft = first.bg.callsOf('draft.set').at(-1)!.draft!;
    expect(draft).toMatchObject({
      url: 'https://example.com/rivers',
      note: 'half-written thought',
    });
    cleanup();

    renderPopup({ 'draft.get': () => ({ draft }) });
    await screen.findByDisplayValue('half-written thought');
  });
});

describe('draft after saving', () => {
  it('does not bring the draft back when Save follows an edit at once', async () => {
    const { bg } = renderPopup({ 'clip.submit': (data) => savedEntry(data.write, data.label) });
    await ready();
    fireEvent.input(screen.getByLabelText('Title'), { target: { value: 'Edited and saved' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Saved to “Edited and saved”/);
    await new Promise((r) => setTimeout(r, 600)); // longer than the draft debounce
    expect(bg.callsOf('draft.set').map((c) => c.draft)).toEqual([null]);
  });

  it('keeps the draft when the background could not take the clip', async () => {
    const { bg } = renderPopup({
      'clip.submit': () => {
        throw new BackgroundProblem({ code: 'other', message: 'storage full', status: null });
      },
    });
    await ready();
    fireEvent.input(screen.getByLabelText('Title'), { target: { value: 'Not lost' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(/Not saved: storage full/);
    fireEvent.input(screen.getByLabelText('Your note (before the article)'), {
      target: { value: 'x' },
    });
    await waitFor(() => expect(bg.callsOf('draft.set').at(-1)?.draft?.title).toBe('Not lost'));
  });
});

describe('highlight from the context menu', () => {
  const pending = {
    clipId: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    quote: 'Rivers <b>carve</b> valleys',
    content: '> Rivers <b>carve</b> valleys\n\n— [Rivers](https://example.com/rivers), 2026-11-21',
    sourceTitle: 'How rivers shape valleys',
    sourceUrl: 'https://example.com/rivers',
    createdAt: 1,
  };

  it('appends the pending highlight to the chosen page with the clip id minted at the click', async () => {
    const { bg } = renderPopup(
      {
        'highlight.pending': () => ({ pending }),
        'clip.submit': (data) => savedEntry(data.write, data.label),
      },
      (bg) => {
        bg.state.recent = {
          folders: [],
          pages: [
            { id: PAGE_JOURNAL, title: 'Reading journal', parentId: FOLDER_READING, usedAt: 1 },
          ],
          lastDestination: null,
        };
      },
    );
    await screen.findByRole('heading', { name: 'Append your highlight' });
    expect(screen.getByText('Rivers <b>carve</b> valleys').tagName).toBe('BLOCKQUOTE');
    expect(document.querySelector('blockquote b')).toBeNull();
    fireEvent.click(await screen.findByText('Reading journal'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved to “Reading journal”.');
    expect(bg.callsOf('clip.submit')[0]?.write).toEqual({
      kind: 'add-to-page',
      clipId: pending.clipId,
      pageId: PAGE_JOURNAL,
      operation: 'append',
      content: pending.content,
      highlights: [{ quote: pending.quote, content: pending.content }],
    });
  });

  it('discards the highlight and shows the clip form', async () => {
    const { bg } = renderPopup({
      'highlight.pending': () => ({ pending }),
      'highlight.discard': () => ({ ok: true as const }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Discard highlight' }));
    await screen.findByDisplayValue('How rivers shape valleys');
    expect(bg.callsOf('highlight.discard')).toHaveLength(1);
  });
});
