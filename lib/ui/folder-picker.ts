/**
 * The folder picker's state as pure transitions: open or closed, the search query and its
 * active result, the expanded branches of the tree, the inline "New folder" form and what
 * was last announced. `FolderPicker.tsx` renders it.
 */
import type { Folder, RecentFolder } from '../messaging/library';
import { ancestorIds, folderPath, type FolderLite } from './folder-tree';
import { listMove } from './keyboard';
import { rankByQuery } from './search-rank';

export const RESULT_LIMIT = 50;
/** Recent folders offered as one-click chips while the picker is closed. */
export const RECENT_CHIPS = 4;

export interface FolderPickerState {
  open: boolean;
  query: string;
  /** Index of the highlighted search result. */
  active: number;
  creating: boolean;
  /** The name of the folder just created, to announce; null when there is nothing to say. */
  created: string | null;
  expanded: ReadonlySet<string>;
}

export type FolderPickerAction =
  | { type: 'toggle-open' }
  | { type: 'query'; query: string }
  | { type: 'move'; active: number }
  | { type: 'chose'; id: string | null; byId: ReadonlyMap<string, FolderLite> }
  | { type: 'chose-result'; id: string | null; byId: ReadonlyMap<string, FolderLite> }
  | { type: 'reveal'; id: string | null; byId: ReadonlyMap<string, FolderLite> }
  | { type: 'branch'; id: string; open: boolean }
  | { type: 'creating'; creating: boolean }
  | { type: 'created'; id: string; name: string; byId: ReadonlyMap<string, FolderLite> };

export function initialFolderPicker(
  value: string | null,
  byId: ReadonlyMap<string, FolderLite>,
): FolderPickerState {
  return {
    open: false,
    query: '',
    active: 0,
    creating: false,
    created: null,
    expanded: new Set(value ? ancestorIds(value, byId) : []),
  };
}

/** The tree opened down to a folder; the same set when it already is, so nothing re-renders. */
function reveal(
  expanded: ReadonlySet<string>,
  id: string | null,
  byId: ReadonlyMap<string, FolderLite>,
): ReadonlySet<string> {
  if (id === null || !byId.has(id)) return expanded;
  const up = ancestorIds(id, byId);
  return up.every((a) => expanded.has(a)) ? expanded : new Set([...expanded, ...up]);
}

export function folderPickerReducer(
  state: FolderPickerState,
  action: FolderPickerAction,
): FolderPickerState {
  switch (action.type) {
    case 'toggle-open':
      return { ...state, open: !state.open };
    case 'query':
      return { ...state, query: action.query, active: 0 };
    case 'move':
      return { ...state, active: action.active };
    case 'chose':
      return { ...state, expanded: reveal(state.expanded, action.id, action.byId) };
    case 'chose-result':
      // Choosing a search result ends the search; the tree then shows where the folder is.
      return { ...state, query: '', expanded: reveal(state.expanded, action.id, action.byId) };
    case 'reveal':
      return { ...state, expanded: reveal(state.expanded, action.id, action.byId) };
    case 'branch': {
      const expanded = new Set(state.expanded);
      if (action.open) expanded.add(action.id);
      else expanded.delete(action.id);
      return { ...state, expanded };
    }
    case 'creating':
      return { ...state, creating: action.creating };
    case 'created':
      return {
        ...state,
        creating: false,
        created: action.name,
        expanded: reveal(state.expanded, action.id, action.byId),
      };
  }
}

/** What a key in the search box does: move through the results, or choose the active one. */
export function searchKey(
  key: string,
  modified: boolean,
  active: number,
  count: number,
): { move: number } | { choose: number } | null {
  if (count === 0) return null;
  if (key === 'ArrowDown' || key === 'ArrowUp') {
    const moved = listMove(key, active, count);
    return moved === null ? null : { move: moved };
  }
  if (key === 'Enter' && !modified) return { choose: active };
  return null;
}

/** Search results for the query: ranked by name and path, recent folders first. */
export function folderResults(
  folders: Folder[],
  query: string,
  byId: ReadonlyMap<string, FolderLite>,
  recent: RecentFolder[],
): Folder[] {
  if (query.trim() === '') return [];
  return rankByQuery(folders, query, {
    text: (f) => `${f.name} ${folderPath(f.id, byId).join(' / ')}`,
    id: (f) => f.id,
    recentIds: recent.map((r) => r.id ?? ''),
    limit: RESULT_LIMIT,
  });
}

/** The recent folders still there, offered as chips. */
export function recentChips(
  recent: RecentFolder[],
  byId: ReadonlyMap<string, FolderLite>,
): RecentFolder[] {
  return recent.filter((r) => r.id === null || byId.has(r.id)).slice(0, RECENT_CHIPS);
}

/** What the hint line under the tree says. */
export function folderHint(
  state: Pick<FolderPickerState, 'created'>,
  refreshing: boolean,
  folderCount: number,
): { key: 'folderCreated'; name: string } | { key: 'folderRefreshing' | 'folderEmpty' } | null {
  if (state.created !== null) return { key: 'folderCreated', name: state.created };
  if (refreshing) return { key: 'folderRefreshing' };
  if (folderCount === 0) return { key: 'folderEmpty' };
  return null;
}
