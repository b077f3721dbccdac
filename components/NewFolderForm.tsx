import { useState } from 'preact/hooks';
import { t } from '../lib/ui/i18n';

/** Inline "New folder": Enter creates it inside the folder shown, Escape cancels (and does not close the popup). */
export function NewFolderForm(props: {
  parentName: string;
  onCreate: (name: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const create = async () => {
    if (name.trim() === '' || busy) return;
    setBusy(true);
    setError(null);
    try {
      await props.onCreate(name.trim());
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setBusy(false);
    }
  };

  return (
    <div class="new-folder" role="group" aria-label={t('folderNew')}>
      <label class="label" for="new-folder-name">
        {t('folderNewName')}
      </label>
      <div class="inline-row">
        <input
          id="new-folder-name"
          type="text"
          value={name}
          disabled={busy}
          autoFocus
          maxLength={500}
          onInput={(e) => setName(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void create();
            } else if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              props.onCancel();
            }
          }}
        />
        <button
          type="button"
          class="button"
          disabled={busy || name.trim() === ''}
          onClick={() => void create()}
        >
          {busy ? t('folderCreating') : t('folderCreate')}
        </button>
        <button type="button" class="button ghost" onClick={props.onCancel}>
          {t('cancel')}
        </button>
      </div>
      <p class="hint">{t('folderNewIn', props.parentName)}</p>
      {error !== null && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
