import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { Folder } from '../lib/messaging/library';
import { t } from '../lib/ui/i18n';
import { offeredScope, tabsInScope } from '../lib/ui/many-tabs';
import { useManyTabs } from '../lib/ui/use-many-tabs';
import type { PopupData } from '../lib/ui/use-popup-data';
import { ManyTabsForm } from './ManyTabsForm';
import { ManyTabsJobView } from './ManyTabsJobView';

/**
 * Many tabs at once, around the single clip (`children`): an entry when several tabs are
 * selected (or the window has several), the form in place of the clip once chosen, and the
 * job's progress and result while the background works and after, also in a popup opened
 * later. The clip stays mounted underneath, so nothing typed there is lost.
 *
 * The entry is handed to the clip to place beside its title: most windows hold several tabs,
 * so a row of its own would cost the markdown a row in nearly every popup at 600 px.
 */
export function ManyTabs(props: {
  data: PopupData;
  onCreateFolder: (name: string, parentId: string | null) => Promise<Folder>;
  children: (entry: ComponentChildren) => ComponentChildren;
}) {
  const m = useManyTabs();
  const entry = offeredScope(m.tabs, m.ownBase);
  const count = entry ? tabsInScope(m.tabs, entry, m.ownBase).length : 0;
  const showing = m.scope !== null ? 'form' : m.job ? 'job' : 'clip';
  const region = useRef<HTMLDivElement>(null);
  // Keyboard users land on what replaced the clip, not at the top of the popup.
  useEffect(() => {
    if (showing !== 'clip') region.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
  }, [showing]);

  return (
    <>
      {showing === 'clip' && m.error && (
        <p class="error many-tabs-entry" role="alert">
          {m.error}
        </p>
      )}
      <div ref={region}>
        {showing === 'form' && m.scope && (
          <ManyTabsForm
            tabs={tabsInScope(m.tabs, m.scope, m.ownBase)}
            data={props.data}
            busy={m.busy}
            error={m.error}
            onCreateFolder={props.onCreateFolder}
            onStart={(choice) => void m.start(choice)}
            onCancel={m.cancel}
          />
        )}
        {showing === 'job' && m.job && (
          <ManyTabsJobView job={m.job} onDismiss={() => void m.dismiss()} />
        )}
      </div>
      <div class="many-tabs-clip" hidden={showing !== 'clip'}>
        {props.children(
          entry && (
            <button
              type="button"
              class="button ghost small many-tabs-entry"
              onClick={() => void m.open(entry)}
            >
              {entry === 'selected' ? t('manyTabsSelected', count) : t('manyTabsWindow', count)}
            </button>
          ),
        )}
      </div>
    </>
  );
}
