/**
 * "Mark pages I have clipped": the option is the optional `tabs` permission itself, so the
 * toggle cannot say on while the browser says off. Turning it on asks the browser (inside the
 * click, a user gesture); turning it off gives the permission back.
 */
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';

type PermissionSet = Parameters<typeof browser.permissions.contains>[0];
const TABS = { permissions: ['tabs'] } as PermissionSet;

export function useMarkClipped() {
  return usePermissionToggle(TABS);
}

/** "Show highlights on every site": host access to all https sites (the highlighter loads with them). */
const ALL_SITES = { origins: ['https://*/*'] } as PermissionSet;
export function useHighlightsEverywhere() {
  return usePermissionToggle(ALL_SITES);
}

function usePermissionToggle(permissions: PermissionSet) {
  const [on, setOn] = useState<boolean | null>(null);
  useEffect(() => {
    // Where the API is missing or throws, the option shows off.
    void Promise.resolve()
      .then(() => browser.permissions.contains(permissions) as Promise<boolean>)
      .then(
        (granted) => setOn(granted === true),
        () => setOn(false),
      );
  }, [permissions]);
  const change = async (wanted: boolean): Promise<void> => {
    try {
      const done = wanted
        ? (browser.permissions.request(permissions) as Promise<boolean>)
        : (browser.permissions.remove(permissions) as Promise<boolean>).then((removed) => !removed);
      setOn((await done) === true);
    } catch {
      setOn(!wanted);
    }
  };
  return { on, change };
}
