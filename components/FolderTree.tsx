import { useMemo, useRef, useState } from 'preact/hooks';
import { visibleRows, type FolderNode } from '../lib/ui/folder-tree';
import { t } from '../lib/ui/i18n';
import { listMove } from '../lib/ui/keyboard';

const ROOT = '';

/**
 * The folder tree (WAI-ARIA tree pattern, flat rows with aria-level): one tab stop, arrows
 * move, Right/Left expand, collapse or go to the parent, Enter or Space chooses. Only
 * expanded branches are rendered, so 5,000 folders cost what the visible rows cost.
 */
export function FolderTree(props: {
  roots: FolderNode[];
  expanded: ReadonlySet<string>;
  selectedId: string | null;
  onToggle: (id: string, open: boolean) => void;
  onSelect: (id: string | null) => void;
}) {
  const rows = useMemo(
    () => visibleRows(props.roots, props.expanded),
    [props.roots, props.expanded],
  );
  const ids = useMemo(() => [ROOT, ...rows.map((row) => row.node.folder.id)], [rows]);
  const [active, setActive] = useState<string>(props.selectedId ?? ROOT);
  const activeId = ids.includes(active) ? active : (props.selectedId ?? ROOT);
  const list = useRef<HTMLUListElement>(null);

  const focusRow = (id: string) => {
    setActive(id);
    list.current?.querySelector<HTMLElement>(`[data-id="${CSS.escape(id)}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const index = ids.indexOf(activeId);
    const moved = listMove(event.key, index, ids.length);
    const row = rows.find((r) => r.node.folder.id === activeId);
    const hasChildren = (row?.node.children.length ?? 0) > 0;
    const open = row ? props.expanded.has(activeId) : false;
    if (moved !== null) {
      focusRow(ids[moved] ?? ROOT);
    } else if (event.key === 'ArrowRight' && row && hasChildren) {
      if (!open) props.onToggle(activeId, true);
      else focusRow(row.node.children[0]?.folder.id ?? activeId);
    } else if (event.key === 'ArrowLeft' && row) {
      if (open) props.onToggle(activeId, false);
      else
        focusRow(
          row.node.folder.parentId && ids.includes(row.node.folder.parentId)
            ? row.node.folder.parentId
            : ROOT,
        );
    } else if (event.key === 'Enter' || event.key === ' ') {
      props.onSelect(activeId === ROOT ? null : activeId);
    } else {
      return;
    }
    event.preventDefault();
  };

  return (
    <ul class="tree" role="tree" aria-label={t('folderTree')} ref={list} onKeyDown={onKeyDown}>
      <li
        role="treeitem"
        data-id={ROOT}
        aria-level={1}
        aria-selected={props.selectedId === null}
        tabIndex={activeId === ROOT ? 0 : -1}
        class="tree-row"
        onClick={() => {
          setActive(ROOT);
          props.onSelect(null);
        }}
      >
        <span class="tree-twisty" aria-hidden="true" />
        <span class="tree-name">{t('folderRoot')}</span>
      </li>
      {rows.map(({ node, depth, position, setSize }) => {
        const id = node.folder.id;
        const hasChildren = node.children.length > 0;
        const open = props.expanded.has(id);
        return (
          <li
            key={id}
            role="treeitem"
            data-id={id}
            aria-level={depth + 1}
            aria-posinset={position}
            aria-setsize={setSize}
            aria-expanded={hasChildren ? open : undefined}
            aria-selected={props.selectedId === id}
            tabIndex={activeId === id ? 0 : -1}
            class="tree-row"
            style={{ paddingInlineStart: `${(depth - 1) * 16 + 8}px` }}
            onClick={() => {
              setActive(id);
              props.onSelect(id);
            }}
          >
            <span
              class={`tree-twisty${hasChildren ? (open ? ' open' : ' closed') : ''}`}
              aria-hidden="true"
              onClick={(event) => {
                if (!hasChildren) return;
                event.stopPropagation();
                setActive(id);
                props.onToggle(id, !open);
              }}
            />
            <span class="tree-name">{node.folder.name}</span>
          </li>
        );
      })}
    </ul>
  );
}
