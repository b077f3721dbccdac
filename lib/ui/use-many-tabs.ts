/**
 * Runs the many-tabs panel in the popup: which tabs the window has, the job the background
 * runs (read when the popup opens, then followed through its events), and the two clicks
 * that ask the browser for permissions. `permissions.request` needs the user gesture, so in
 * each click it is the first thing awaited.
 */
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { onBackgroundEvent, sendToBackground } from '../messaging/channel';
import type { ManyTabsJob, ManyTabsLayout } from '../messaging/many-tabs';
import { t } from './i18n';
import { sitePatterns, tabsInScope, type TabScope, type WindowTab } from './many-tabs';

type PermissionSet = Parameters<typeof browser.permissions.request>[0];
const TABS = { permissions: ['tabs'] } as PermissionSet;

export interface ManyTabsChoice {
  layout: ManyTabsLayout;
  parentId: string | null;
  folderName: string;
  note: string;
}

async function windowTabs(): Promise<WindowTab[]> {
  const tabs = await browser.tabs.query({ currentWindow: true });
  return tabs.map((tab) => ({
    id: tab.id,
    title: tab.title,
    url: tab.url,
    highlighted: tab.highlighted,
  }));
}

async function grantedOrigins(): Promise<string[]> {
  const all = await Promise.resolve()
    .then(() => browser.permissions.getAll())
    .catch(() => ({ origins: [] as string[] }));
  return all.origins ?? [];
}

export function useManyTabs() {
  const ownBase = browser.runtime.getURL('/');
  const [tabs, setTabs] = useState<WindowTab[]>([]);
  const [tabsHeld, setTabsHeld] = useState(false);
  const [heldOrigins, setHeldOrigins] = useState<string[]>([]);
  const [job, setJob] = useState<ManyTabsJob | null>(null);
  const [scope, setScope] = useState<TabScope | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const stop = onBackgroundEvent((event) => {
      if (event.type === 'many-tabs-changed') setJob(event.job);
    });
    // Where an API is missing or throws, the entry simply does not show.
    void Promise.resolve()
      .then(windowTabs)
      .then(setTabs, () => undefined);
    void Promise.resolve()
      .then(() => browser.permissions.contains(TABS) as Promise<boolean>)
      .then(
        (held) => setTabsHeld(held === true),
        () => undefined,
      );
    void sendToBackground('tabs.manyStatus', {}).then(
      (answer) => setJob(answer.job),
      () => undefined,
    );
    return stop;
  }, []);

  /** The entry's click: see the tabs' titles and addresses (the `tabs` permission), then the form. */
  const open = async (wanted: TabScope) => {
    setError(null);
    const granted = await Promise.resolve()
      .then(() => browser.permissions.request(TABS) as Promise<boolean>)
      .catch(() => false);
    if (!granted) return setError(t('manyTabsTabsDenied'));
    const [listed, origins] = await Promise.all([windowTabs(), grantedOrigins()]);
    setTabs(listed);
    setHeldOrigins(origins);
    setScope(wanted);
  };

  /** The form's click: ask for exactly the chosen tabs' sites, then hand the work to the background. */
  const start = async (choice: ManyTabsChoice) => {
    if (!scope || busy) return;
    const chosen = tabsInScope(tabs, scope, ownBase);
    const patterns =
      choice.layout === 'pages' ? sitePatterns(chosen.map((tab) => tab.url ?? '')) : [];
    setBusy(true);
    setError(null);
    try {
      // Refused or dismissed: the tabs of those sites are saved as bookmarks.
      const sites =
        patterns.length > 0
          ? await Promise.resolve()
              .then(() => browser.permissions.request({ origins: patterns }) as Promise<boolean>)
              .catch(() => false)
          : false;
      const answer = await sendToBackground('tabs.clipMany', {
        tabIds: chosen.map((tab) => tab.id as number),
        layout: choice.layout,
        parentId: choice.parentId,
        folderName: choice.folderName,
        ...(choice.note.trim() ? { note: choice.note } : {}),
        release: {
          permissions: tabsHeld ? [] : ['tabs'],
          origins: sites ? patterns.filter((p) => !heldOrigins.includes(p)) : [],
        },
      });
      setJob(answer.job);
      setScope(null);
    } catch (e) {
      setError(t('manyTabsStartFailed', e instanceof Error ? e.message : String(e)));
    } finally {
      setBusy(false);
    }
  };

  const dismiss = async () => {
    const answer = await sendToBackground('tabs.manyDismiss', {}).catch(() => ({ job: null }));
    setJob(answer.job);
  };

  return {
    tabs,
    ownBase,
    job,
    scope,
    busy,
    error,
    open,
    start,
    dismiss,
    cancel: () => setScope(null),
  };
}
