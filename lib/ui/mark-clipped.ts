/**
 * "Mark pages I have clipped": the option is the optional `tabs` permission itself, so the
 * toggle cannot say on while the browser says off. Turning it on asks the browser (inside the
 * click, a user gesture); turning it off gives the permission back.
 */
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { sendToBackground } from '../messaging/channel';

type PermissionSet = Parameters<typeof browser.permissions.contains>[0];
const TABS = { permissions: ['tabs'] } as PermissionSet;

export function useMarkClipped() {
  const toggle = usePermissionToggle(TABS);
  // The choice is also kept as a setting: a many-tabs job that asked for `tabs` for itself
  // gives it back at its end only while the option is off.
  const change = async (wanted: boolean): Promise<void> => {
    const on = await toggle.change(wanted);
    await sendToBackground('settings.set', { clipDefaults: {}, markClipped: on }).catch(
      () => undefined,
    );
  };
  return { on: toggle.on, change };
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
  /** Settles with whether the option is on afterwards. */
  const change = async (wanted: boolean): Promise<boolean> => {
    let now: boolean;
    try {
      const done = wanted
        ? (browser.permissions.request(permissions) as Promise<boolean>)
        : (browser.permissions.remove(permissions) as Promise<boolean>).then((removed) => !removed);
      now = (await done) === true;
    } catch {
      now = !wanted;
    }
    setOn(now);
    return now;
  };
  return { on, change };
}
