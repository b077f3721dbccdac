/** The many-tabs panel's rules: which tabs a click means, which sites are asked for, what a job says. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ManyTabsJob } from '../../lib/messaging/many-tabs';
import {
  jobView,
  offeredScope,
  siteName,
  sitePatterns,
  tabsInScope,
  type WindowTab,
} from '../../lib/ui/many-tabs';
import { installI18n } from './fake-i18n';

const OWN = 'chrome-extension://abc/';
const tab = (id: number, url: string, highlighted = false): WindowTab => ({
  id,
  url,
  title: `Tab ${id}`,
  highlighted,
});

beforeEach(() => {
  fakeBrowser.reset();
  installI18n('en');
});

describe('which tabs', () => {
  const window = [
    tab(1, 'https://a.example/', true),
    tab(2, `${OWN}popup.html`, true),
    tab(3, 'https://b.example/x', true),
    tab(4, 'chrome://version/'),
  ];

  it('takes the selected tabs, or the whole window, never Pageclip’s own pages', () => {
    expect(tabsInScope(window, 'selected', OWN).map((t) => t.id)).toEqual([1, 3]);
    expect(tabsInScope(window, 'window', OWN).map((t) => t.id)).toEqual([1, 3, 4]);
  });

  it('offers the selection when several tabs are selected, else the window, else nothing', () => {
    expect(offeredScope(window, OWN)).toBe('selected');
    const one = window.map((t) => ({ ...t, highlighted: t.id === 1 }));
    expect(offeredScope(one, OWN)).toBe('window');
    expect(offeredScope([window[0]!, window[1]!], OWN)).toBeNull();
  });
});

describe('which sites are asked for', () => {
  it('one pattern per host, https and the local machine only, ports ignored', () => {
    expect(
      sitePatterns([
        'https://a.example/one',
        'https://a.example:8443/two',
        'http://127.0.0.1:5173/x',
        'http://plain.example/',
        'chrome://version/',
        'not a url',
      ]),
    ).toEqual(['https://a.example/*', 'http://127.0.0.1/*']);
    expect(siteName('https://a.example/*')).toBe('a.example');
  });
});

describe('what a job says', () => {
  const job = (
    outcomes: ManyTabsJob['items'][number]['outcome'][],
    running: boolean,
  ): ManyTabsJob => ({
    id: crypto.randomUUID(),
    layout: 'pages',
    parentId: null,
    folderName: 'Reading',
    status: running ? 'running' : 'finished',
    startedAt: 0,
    items: outcomes.map((outcome, i) => ({
      tabId: i,
      title: `Tab ${i}`,
      url: `https://s.example/${i}`,
      clipId: crypto.randomUUID(),
      outcome,
      ...(outcome === 'bookmark' ? { reason: 'no-access' as const } : {}),
      ...(outcome === 'failed' ? { reason: 'closed' as const } : {}),
    })),
  });

  it('counts the tabs handled while it runs', () => {
    const view = jobView(job(['clipped', 'bookmark', 'pending', 'pending', 'pending'], true));
    expect(view).toMatchObject({ running: true, done: 2, total: 5 });
    expect(view.headline).toBe('Clipping tabs… 2 of 5');
  });

  it('names the tabs that became bookmarks or failed, with why', () => {
    const view = jobView(job(['clipped', 'bookmark', 'failed'], false));
    expect(view.headline).toBe('Clipped 2 tabs into “Reading”.');
    expect(view.bookmarks).toEqual([{ title: 'Tab 1', why: 'no access to this site' }]);
    expect(view.failed).toEqual([{ title: 'Tab 2', why: 'the tab was closed' }]);
  });

  it('says so when nothing was clipped, and counts links on one page', () => {
    expect(jobView(job(['failed'], false)).headline).toBe('No tab was clipped into “Reading”.');
    const links = { ...job(['clipped', 'clipped'], false), layout: 'links' as const };
    expect(jobView(links).headline).toBe('Saved 2 tabs as links on one page in “Reading”.');
  });
});
