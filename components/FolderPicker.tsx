import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Folder, RecentFolder } from '../lib/messaging/library';
import { ancestorIds, buildFolderTree, folderPath, type FolderLite } from '../lib/ui/folder-tree';
import { t } from '../lib/ui/i18n';
import { COMBOBOX } from '../lib/ui/combobox';
import { listMove } from '../lib/ui/keyboard';
import { rankByQuery } from '../lib/ui/search-rank';
import { FolderTree } from './FolderTree';
import { NewFolderForm } from './NewFolderForm';

const RESULT_LIMIT = 50;

/**
 * Where a clip goes: the chosen folder with one-click recent folders, and on "Change" the
 * whole tree with type-to-search (ranked, recent first) and an inline "New folder".
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
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [creating, setCreating] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const byId = useMemo(
    () => new Map<string, FolderLite>(props.folders.map((f) => [f.id, f])),
    [props.folders],
  );
  const roots = useMemo(() => buildFolderTree(props.folders), [props.folders]);
  const [expanded, setExpanded] = useState<Set<string>>(
    () => new Set(props.value ? ancestorIds(props.value, byId) : []),
  );
  // With a cold cache the folders arrive after the first render: reveal the chosen folder then.
  useEffect(() => {
    if (props.value !== null && byId.has(props.value)) {
      const up = ancestorIds(props.value, byId);
      if (up.length > 0)
        setExpanded((set) => (up.every((id) => set.has(id)) ? set : new Set([...set, ...up])));
    }
  }, [byId, props.value]);
  const recentIds = useMemo(() => props.recent.map((r) => r.id ?? ''), [props.recent]);
  const pathOf = (id: string | null) =>
    id === null ? t('folderRoot') : folderPath(id, byId).join(' / ') || t('folderRoot');
  const results = useMemo(
    () =>
      query.trim() === ''
        ? []
        : rankByQuery(props.folders, query, {
            text: (f) => `${f.name} ${folderPath(f.id, byId).join(' / ')}`,
            id: (f) => f.id,
            recentIds,
            limit: RESULT_LIMIT,
          }),
    [query, props.folders, byId, recentIds],
  );
  const recentChips = props.recent.filter((r) => r.id === null || byId.has(r.id)).slice(0, 4);

  const choose = (id: string | null) => {
    props.onChange(id);
    if (id !== null) setExpanded((set) => new Set([...set, ...ancestorIds(id, byId)]));
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
          onClick={() => setOpen(!open)}
        >
          <span class="folder-icon" aria-hidden="true" />
          <span class="folder-path">{pathOf(props.value)}</span>
          <span class="folder-change">{open ? t('folderDone') : t('folderChange')}</span>
        </button>
      </div>
      {!open && recentChips.length > 0 && (
        <div class="chips" role="group" aria-label={t('folderRecent')}>
          {recentChips.map((r) => (
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
            onInput={(e) => {
              setQuery(e.currentTarget.value);
              setActive(0);
            }}
            onKeyDown={(e) => {
              if (results.length === 0) return;
              const moved = listMove(e.key, active, results.length);
              if (moved !== null && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
                setActive(moved);
                e.preventDefault();
              } else if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
                const folder = results[active];
                if (folder) choose(folder.id);
                setQuery('');
                e.preventDefault();
              }
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
                      onClick={() => {
                        choose(folder.id);
                        setQuery('');
                      }}
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
                onToggle={(id, isOpen) =>
                  setExpanded((set) => {
                    const next = new Set(set);
                    if (isOpen) next.add(id);
                    else next.delete(id);
                    return next;
                  })
                }
              />
            )}
          </div>
          <p class="hint" aria-live="polite">
            {announcement !== ''
              ? announcement
              : props.refreshing
                ? t('folderRefreshing')
                : props.folders.length === 0
                  ? t('folderEmpty')
                  : ''}
          </p>
          {creating ? (
            <NewFolderForm
              parentName={pathOf(props.value)}
              onCancel={() => setCreating(false)}
              onCreate={async (name) => {
                const folder = await props.onCreate(name, props.value);
                choose(folder.id);
                setCreating(false);
                setAnnouncement(t('folderCreated', folder.name));
              }}
            />
          ) : (
            <button type="button" class="button ghost small" onClick={() => setCreating(true)}>
              + {t('folderNew')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
