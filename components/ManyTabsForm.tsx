import { useState } from 'preact/hooks';
import type { Folder } from '../lib/messaging/library';
import type { ManyTabsLayout } from '../lib/messaging/many-tabs';
import { t } from '../lib/ui/i18n';
import { siteName, sitePatterns, type WindowTab } from '../lib/ui/many-tabs';
import type { ManyTabsChoice } from '../lib/ui/use-many-tabs';
import type { PopupData } from '../lib/ui/use-popup-data';
import { FolderPicker } from './FolderPicker';

/**
 * The tabs to clip, how (a page per tab, or links on one page), where, a note, and the
 * sites Pageclip will ask to read, said before the browser asks.
 */
export function ManyTabsForm(props: {
  tabs: WindowTab[];
  data: PopupData;
  busy: boolean;
  error: string | null;
  onCreateFolder: (name: string, parentId: string | null) => Promise<Folder>;
  onStart: (choice: ManyTabsChoice) => void;
  onCancel: () => void;
}) {
  const [layout, setLayout] = useState<ManyTabsLayout>('pages');
  const [folderId, setFolderId] = useState<string | null>(props.data.recent.folders[0]?.id ?? null);
  const [note, setNote] = useState('');
  const sites = sitePatterns(props.tabs.map((tab) => tab.url ?? '')).map(siteName);
  const count = props.tabs.length;

  const onSubmit = (event: Event) => {
    event.preventDefault();
    const folderName = props.data.folders.find((f) => f.id === folderId)?.name ?? t('folderRoot');
    props.onStart({ layout, parentId: folderId, folderName, note });
  };

  return (
    <form class="panel many-tabs-form" onSubmit={onSubmit} aria-busy={props.busy} noValidate>
      <h2 class="section-title" tabIndex={-1} data-autofocus>
        {t('manyTabsHeading', count)}
      </h2>
      <ul class="many-tabs-tabs">
        {props.tabs.map((tab) => (
          <li key={tab.id} title={tab.url}>
            {tab.title || tab.url}
          </li>
        ))}
      </ul>
      <fieldset class="segmented">
        <legend class="label">{t('manyTabsLayoutLabel')}</legend>
        <div class="segmented-options">
          {(['pages', 'links'] as const).map((value) => (
            <label class="segment" key={value}>
              <input
                type="radio"
                name="many-tabs-layout"
                value={value}
                checked={layout === value}
                onChange={() => setLayout(value)}
              />
              <span>{value === 'pages' ? t('manyTabsLayoutPages') : t('manyTabsLayoutLinks')}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p class="hint" id="many-tabs-sites">
        {layout === 'links'
          ? t('manyTabsLinksInfo')
          : sites.length > 0
            ? t('manyTabsSitesAsk', sites.join(', '))
            : t('manyTabsNoSites')}
      </p>
      <FolderPicker
        idPrefix="many-tabs"
        folders={props.data.folders}
        recent={props.data.recent.folders}
        value={folderId}
        refreshing={props.data.foldersRefreshing}
        onChange={setFolderId}
        onCreate={props.onCreateFolder}
      />
      <div class="field">
        <label class="label" for="many-tabs-note">
          {t('manyTabsNoteLabel')}
        </label>
        <textarea
          id="many-tabs-note"
          rows={2}
          value={note}
          onInput={(e) => setNote(e.currentTarget.value)}
        />
      </div>
      {props.error && (
        <p class="error" role="alert">
          {props.error}
        </p>
      )}
      <div class="actions">
        <button
          type="submit"
          class="button primary"
          disabled={props.busy}
          aria-describedby="many-tabs-sites"
        >
          {t('manyTabsSubmit', count)}
        </button>
        <button type="button" class="button ghost" onClick={props.onCancel}>
          {t('manyTabsCancel')}
        </button>
      </div>
    </form>
  );
}
