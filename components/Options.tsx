import { useEffect, useState } from 'preact/hooks';
import { onBackgroundEvent, sendToBackground } from '../lib/messaging/channel';
import type { ConnectionState } from '../lib/messaging/connection';
import type { PublicSettings } from '../lib/messaging/preferences';
import { t } from '../lib/ui/i18n';
import { useOutboxEntries } from '../lib/ui/use-outbox-entries';
import { usePinTip } from '../lib/ui/pin-tip';
import { ConnectionPanel } from './ConnectionPanel';
import { PinTip } from './PinTip';
import { ClipDefaultsForm } from './ClipDefaultsForm';
import { KeepImagesDefault } from './KeepImagesDefault';
import { InboxCard } from './InboxCard';
import { ReconnectNotice } from './ReconnectNotice';
import { MarkClippedCard } from './MarkClippedCard';
import { HighlightsEverywhereCard } from './HighlightsEverywhereCard';
import { ShortcutsCard } from './ShortcutsCard';
import { TemplatesCard } from './TemplatesCard';

/** The options page: a welcoming first run until connected, then connection and clipping settings. */
export function Options() {
  const [connection, setConnection] = useState<ConnectionState | null>(null);
  const [settings, setSettings] = useState<PublicSettings | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const outbox = useOutboxEntries();

  useEffect(() => {
    const unsubscribe = onBackgroundEvent((event) => {
      if (event.type === 'connection-changed') setConnection(event.state);
    });
    Promise.all([
      sendToBackground('connection.get', { check: true }),
      sendToBackground('settings.get', {}),
    ])
      .then(([state, loaded]) => {
        setConnection(state);
        setSettings(loaded);
      })
      .catch((error: unknown) =>
        setLoadError(error instanceof Error ? error.message : String(error)),
      );
    return unsubscribe;
  }, []);

  const firstRun = connection !== null && connection.user === null;
  const pinTip = usePinTip(connection, settings, setSettings);

  return (
    <main class="options">
      <header class="options-header">
        <span class="logo large" aria-hidden="true" />
        <div>
          <h1>{firstRun ? t('welcomeHeading') : t('optionsTitle')}</h1>
          {firstRun && <p class="lead">{t('welcomeBody')}</p>}
        </div>
      </header>
      {firstRun && (
        <ol class="steps">
          <li>{t('welcomeStep1')}</li>
          <li>{t('welcomeStep2')}</li>
          <li>{t('welcomeStep3')}</li>
        </ol>
      )}
      {loadError !== null && (
        <p class="error" role="alert">
          {loadError}
        </p>
      )}
      {connection === null ? (
        <p class="card" aria-busy="true">
          {t('loading')}
        </p>
      ) : (
        <ConnectionPanel connection={connection} onChange={setConnection} />
      )}
      {connection !== null && (
        <ReconnectNotice
          entries={outbox.entries}
          folders={outbox.folders}
          serviceUrl={connection.serviceUrl}
        />
      )}
      {pinTip.visible && <PinTip onDismiss={pinTip.dismiss} />}
      {settings !== null && <ClipDefaultsForm settings={settings} onSaved={setSettings} />}
      {settings !== null && <KeepImagesDefault settings={settings} onSaved={setSettings} />}
      {settings !== null && connection?.hasToken && (
        <InboxCard settings={settings} onSaved={setSettings} />
      )}
      {!firstRun && <TemplatesCard />}
      {!firstRun && <MarkClippedCard />}
      {!firstRun && <HighlightsEverywhereCard />}
      {!firstRun && <ShortcutsCard />}
    </main>
  );
}
