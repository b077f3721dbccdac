/**
 * The popup's highlighter controls. Opening the popup grants `activeTab`, so the page's
 * highlights are drawn at once (`highlighter.start`, mode `draw`); the button turns
 * highlighter mode on and closes the popup. "Show highlights here on load" is the site's
 * optional host access itself, requested inside the click (a user gesture) and given back
 * when turned off; the background registers the page script for granted sites.
 */
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { sendToBackground } from '../messaging/channel';
import type { ResponseOf } from '../messaging/requests';
import { originPatternOf } from './origin-pattern';

type Extraction = ResponseOf<'tab.extract'>;
type PermissionSet = Parameters<typeof browser.permissions.contains>[0];

export function useHighlighter(extraction: Promise<Extraction>, close: () => void) {
  const [tab, setTab] = useState<{ id: number; origin: PermissionSet | null } | null>(null);
  const [onLoad, setOnLoad] = useState<boolean | null>(null);
  useEffect(() => {
    void extraction.then(async (answer) => {
      if (answer.tabId === null || !answer.ok) return;
      const pattern = originPatternOf(answer.result.url);
      const origin = pattern ? ({ origins: [pattern] } as PermissionSet) : null;
      setTab({ id: answer.tabId, origin });
      void sendToBackground('highlighter.start', { tabId: answer.tabId, mode: 'draw' }).catch(
        () => undefined,
      );
      if (!origin) return;
      try {
        setOnLoad((await browser.permissions.contains(origin)) === true);
      } catch {
        setOnLoad(null); // the browser cannot tell: the switch is not offered
      }
    });
  }, [extraction]);
  const start = async (): Promise<void> => {
    if (!tab) return;
    const { started } = await sendToBackground('highlighter.start', { tabId: tab.id, mode: 'on' });
    if (started) close();
  };
  const changeOnLoad = async (wanted: boolean): Promise<void> => {
    if (!tab?.origin) return;
    try {
      const done = wanted
        ? browser.permissions.request(tab.origin)
        : browser.permissions.remove(tab.origin).then((removed) => !removed);
      setOnLoad((await done) === true);
    } catch {
      setOnLoad(!wanted);
    }
  };
  return { available: tab !== null, onLoad, start, changeOnLoad };
}
