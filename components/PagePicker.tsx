import { useEffect, useMemo, useState } from 'preact/hooks';
import { sendToBackground } from '../lib/messaging/channel';
import type { PageSummary, RecentPage } from '../lib/messaging/library';
import { t } from '../lib/ui/i18n';
import { COMBOBOX } from '../lib/ui/combobox';
import { listMove } from '../lib/ui/keyboard';
import { rankByQuery, recentFirst } from '../lib/ui/search-rank';
import type { Operation } from '../lib/ui/compose';

const SHOWN = 50;

/**
 * "Add to page…": the pages of the chosen folder (recent pages first), type-to-search over
 * them plus the background's search and exact-title resolve, and append or prepend.
 */
export function PagePicker(props: {
  idPrefix: string;
  folderId: string | null;
  recent: RecentPage[];
  value: PageSummary | null;
  operation: Operation;
  onChange: (page: PageSummary) => void;
  /** Omitted where the operation is fixed (moving a queued addition keeps its own). */
  onOperationChange?: (operation: Operation) => void;
}) {
  const [pages, setPages] = useState<PageSummary[] | null>(null);
  const [found, setFound] = useState<PageSummary[]>([]);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  // Enter picks the highlighted page once the user typed or moved; otherwise it saves (global key).
  const [navigated, setNavigated] = useState(false);

  useEffect(() => {
    let alive = true;
    setPages(null);
    sendToBackground('pages.list', { parentId: props.folderId })
      .then((answer) => alive && setPages(answer.pages))
      .catch(() => alive && setPages([]));
    return () => {
      alive = false;
    };
  }, [props.folderId]);

  // Pages beyond the cached list (a folder with thousands of pages) come from the background's search.
  useEffect(() => {
    const q = query.trim();
    if (q === '') {
      setFound([]);
      return;
    }
    let alive = true;
    const timer = setTimeout(() => {
      sendToBackground('pages.search', { query: q, parentId: props.folderId })
        .then((answer) => alive && setFound(answer.pages))
        .catch(() => undefined);
    }, 150);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [query, props.folderId]);

  const recentIds = useMemo(
    () => props.recent.filter((p) => p.parentId === props.folderId).map((p) => p.id),
    [props.recent, props.folderId],
  );
  const shown = useMemo(() => {
    const all = new Map<string, PageSummary>();
    for (const page of [...(pages ?? []), ...found]) all.set(page.id, page);
    const list = [...all.values()];
    const ranked =
      query.trim() === ''
        ? recentFirst(list, recentIds, (p) => p.id)
        : rankByQuery(list, query, { text: (p) => p.title, id: (p) => p.id, recentIds });
    return ranked.slice(0, SHOWN);
  }, [pages, found, query, recentIds]);
  const listId = `${props.idPrefix}-page-results`;
  const optionId = (i: number) => `${props.idPrefix}-page-option-${i}`;

  return (
    <div class="page-picker">
      <label class="label" for={`${props.idPrefix}-page-search`}>
        {t('pageSearch')}
      </label>
      <input
        id={`${props.idPrefix}-page-search`}
        type="search"
        {...COMBOBOX}
        aria-expanded={shown.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={navigated && shown.length > 0 ? optionId(active) : undefined}
        placeholder={props.value?.title ?? t('pageSearchPlaceholder')}
        value={query}
        onInput={(e) => {
          setQuery(e.currentTarget.value);
          setActive(0);
          setNavigated(e.currentTarget.value.trim() !== '');
        }}
        onKeyDown={(e) => {
          const moved = listMove(e.key, active, shown.length);
          if (moved !== null && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
            setActive(moved);
            setNavigated(true);
            e.preventDefault();
          } else if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey && navigated) {
            const page = shown[active];
            if (page) props.onChange(page);
            setNavigated(false);
            e.preventDefault();
          }
        }}
      />
      <div class="picker-list pages">
        {pages === null ? (
          <p class="empty">{t('pageLoading')}</p>
        ) : shown.length === 0 ? (
          <p class="empty">
            {query.trim() === '' ? t('pageNone') : t('pageNoMatch', query.trim())}
          </p>
        ) : (
          <ul class="listbox" role="listbox" id={listId} aria-label={t('pageList')}>
            {shown.map((page, i) => (
              <li
                key={page.id}
                id={optionId(i)}
                role="option"
                aria-selected={page.id === props.value?.id}
                class={`option${navigated && i === active ? ' active' : ''}${page.id === props.value?.id ? ' chosen' : ''}`}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => props.onChange(page)}
              >
                <span class="option-title">{page.title}</span>
                {recentIds.includes(page.id) && (
                  <span class="option-detail">{t('pageRecent')}</span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {props.onOperationChange && (
        <fieldset class="segmented compact">
          <legend class="label">{t('operationLabel')}</legend>
          <div class="segmented-options">
            {(['append', 'prepend'] as const satisfies readonly Operation[]).map((op) => (
              <label class="segment" key={op}>
                <input
                  type="radio"
                  name={`${props.idPrefix}-operation`}
                  value={op}
                  checked={props.operation === op}
                  onChange={() => props.onOperationChange?.(op)}
                />
                <span>{op === 'append' ? t('operationAppend') : t('operationPrepend')}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
