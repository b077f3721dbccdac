import { useEffect, useMemo, useReducer } from 'preact/hooks';
import type { Folder, RecentFolder } from '../lib/messaging/library';
import { COMBOBOX } from '../lib/ui/combobox';
import {
  folderHint,
  folderPickerReducer,
  folderResults,
  initialFolderPicker,
  recentChips,
  searchKey,
} from '../lib/ui/folder-picker';
import { buildFolderTree, folderPath, type FolderLite } from '../lib/ui/folder-tree';
import { t } from '../lib/ui/i18n';
import { FolderTree } from './FolderTree';
import { NewFolderForm } from './NewFolderForm';

/**
 * Where a clip goes: the chosen folder with one-click recent folders, and on "Change" the
 * whole tree with type-to-search (ranked, recent first) and an inline "New folder". The
 * state and its rules live in `lib/ui/folder-picker.ts`.
 */
export function FolderPicker(props: {
  idPrefix: string;
  folders: Folder[];
  recent: RecentFolder[];
  value: string | null;
  refreshing: boolean;
  onChange: (id: string | null) => void;
  onCreate: (name: string, parentId: string | null) => Promise<Folder>;
}) {
  const byId = useMemo(
    () => new Map<string, FolderLite>(props.folders.map((f) => [f.id, f])),
    [props.folders],
  );
  const roots = useMemo(() => buildFolderTree(props.folders), [props.folders]);
  const [state, dispatch] = useReducer(folderPickerReducer, undefined, () =>
    initialFolderPicker(props.value, byId),
  );
  const { open, query, active, creating, expanded } = state;
  // With a cold cache the folders arrive after the first render: reveal the chosen folder then.
  useEffect(() => dispatch({ type: 'reveal', id: props.value, byId }), [byId, props.value]);
  const results = useMemo(
    () => folderResults(props.folders, query, byId, props.recent),
    [query, props.folders, byId, props.recent],
  );
  const chips = recentChips(props.recent, byId);
  const hint = folderHint(state, props.refreshing, props.folders.length);
  const pathOf = (id: string | null) =>
    id === null ? t('folderRoot') : folderPath(id, byId).join(' / ') || t('folderRoot');

  const choose = (id: string | null) => {
    props.onChange(id);
    dispatch({ type: 'chose', id, byId });
  };
  const chooseResult = (id: string | null) => {
    if (id !== null) props.onChange(id);
    dispatch({ type: 'chose-result', id, byId });
  };
  const listId = `${props.idPrefix}-folder-results`;
  const optionId = (i: number) => `${props.idPrefix}-folder-option-${i}`;

  return (
    <div class="folder-picker">
      <div class="field-row">
        <span class="label" id={`${props.idPrefix}-folder-label`}>
          {t('folderLabel')}
        </span>
        <button
          type="button"
          class="folder-current"
          aria-expanded={open}
          aria-describedby={`${props.idPrefix}-folder-label`}
          onClick={() => dispatch({ type: 'toggle-open' })}
        >
          <span class="folder-icon" aria-hidden="true" />
          <span class="folder-path">{pathOf(props.value)}</span>
          <span class="folder-change">{open ? t('folderDone') : t('folderChange')}</span>
        </button>
      </div>
      {!open && chips.length > 0 && (
        <div class="chips" role="group" aria-label={t('folderRecent')}>
          {chips.map((r) => (
            <button
              type="button"
              key={r.id ?? 'root'}
              class={`chip${r.id === props.value ? ' selected' : ''}`}
              aria-pressed={r.id === props.value}
              onClick={() => choose(r.id)}
            >
              {r.id === null ? t('folderRoot') : (byId.get(r.id)?.name ?? r.name)}
            </button>
          ))}
        </div>
      )}
      {open && (
        <div class="picker-panel">
          <label class="visually-hidden" for={`${props.idPrefix}-folder-search`}>
            {t('folderSearch')}
          </label>
          <input
            id={`${props.idPrefix}-folder-search`}
            type="search"
            {...COMBOBOX}
            aria-expanded={results.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={results.length > 0 ? optionId(active) : undefined}
            placeholder={t('folderSearchPlaceholder')}
            value={query}
            onInput={(e) => dispatch({ type: 'query', query: e.currentTarget.value })}
            onKeyDown={(e) => {
              const intent = searchKey(e.key, e.ctrlKey || e.metaKey, active, results.length);
              if (intent === null) return;
              e.preventDefault();
              if ('move' in intent) dispatch({ type: 'move', active: intent.move });
              else chooseResult(results[intent.choose]?.id ?? null);
            }}
          />
          <div class="picker-list">
            {query.trim() !== '' ? (
              results.length === 0 ? (
                <p class="empty">{t('folderNoMatch', query.trim())}</p>
              ) : (
                <ul class="listbox" role="listbox" id={listId} aria-label={t('folderTree')}>
                  {results.map((folder, i) => (
                    <li
                      key={folder.id}
                      id={optionId(i)}
                      role="option"
                      aria-selected={i === active}
                      class={`option${i === active ? ' active' : ''}${folder.id === props.value ? ' chosen' : ''}`}
                      onMouseDown={(e) => e.preventDefault()}
                      onClick={() => chooseResult(folder.id)}
                    >
                      <span class="option-title">{folder.name}</span>
                      <span class="option-detail">
                        {folderPath(folder.id, byId).slice(0, -1).join(' / ')}
                      </span>
                    </li>
                  ))}
                </ul>
              )
            ) : (
              <FolderTree
                roots={roots}
                expanded={expanded}
                selectedId={props.value}
                onSelect={choose}
                onToggle={(id, isOpen) => dispatch({ type: 'branch', id, open: isOpen })}
              />
            )}
          </div>
          <p class="hint" aria-live="polite">
            {hint === null ? '' : 'name' in hint ? t(hint.key, hint.name) : t(hint.key)}
          </p>
          {creating ? (
            <NewFolderForm
              parentName={pathOf(props.value)}
              onCancel={() => dispatch({ type: 'creating', creating: false })}
              onCreate={async (name) => {
                const folder = await props.onCreate(name, props.value);
                props.onChange(folder.id);
                dispatch({ type: 'created', id: folder.id, name: folder.name, byId });
              }}
            />
          ) : (
            <button
              type="button"
              class="button ghost small"
              onClick={() => dispatch({ type: 'creating', creating: true })}
            >
              + {t('folderNew')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
