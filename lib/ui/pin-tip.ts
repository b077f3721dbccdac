/**
 * The options page's suggestion once Pageclip is connected: pin the toolbar button and try a
 * clip. Shown while connected until dismissed; the dismissal is kept in settings, so it does
 * not come back on the next visit.
 */
import { useState } from 'preact/hooks';
import { sendToBackground } from '../messaging/channel';
import type { ConnectionState } from '../messaging/connection';
import type { PublicSettings } from '../messaging/preferences';

export function pinTipVisible(
  connection: ConnectionState | null,
  settings: PublicSettings | null,
  dismissedHere: boolean,
): boolean {
  if (connection === null || settings === null || dismissedHere) return false;
  const connected = connection.hasToken && connection.user !== null && connection.problem === null;
  return connected && settings.pinTipDismissed !== true;
}

export function usePinTip(
  connection: ConnectionState | null,
  settings: PublicSettings | null,
  onSettings: (settings: PublicSettings) => void,
) {
  const [dismissedHere, setDismissedHere] = useState(false);
  const dismiss = () => {
    // Gone at once; the stored dismissal follows (a failure only means it shows again next time).
    setDismissedHere(true);
    sendToBackground('settings.set', { clipDefaults: {}, pinTipDismissed: true })
      .then(onSettings)
      .catch(() => undefined);
  };
  return { visible: pinTipVisible(connection, settings, dismissedHere), dismiss };
}
