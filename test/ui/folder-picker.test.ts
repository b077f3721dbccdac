import { describe, expect, it } from 'vitest';
import type { Folder, RecentFolder } from '../../lib/messaging/library';
import {
  folderHint,
  folderPickerReducer,
  folderResults,
  initialFolderPicker,
  recentChips,
  searchKey,
  type FolderPickerAction,
  type FolderPickerState,
} from '../../lib/ui/folder-picker';
import type { FolderLite } from '../../lib/ui/folder-tree';

const folder = (id: string, name: string, parentId: string | null = null): Folder => ({
  id,
  name,
  parentId,
  permission: 'admin',
});
const folders = [
  folder('work', 'Work'),
  folder('reading', 'Reading', 'work'),
  folder('papers', 'Papers', 'reading'),
  folder('recipes', 'Recipes'),
];
const byId = new Map<string, FolderLite>(folders.map((f) => [f.id, f]));
const run = (state: FolderPickerState, ...actions: FolderPickerAction[]) =>
  actions.reduce(folderPickerReducer, state);

describe('the folder picker', () => {
  it('starts closed with the chosen folder’s branch expanded', () => {
    const state = initialFolderPicker('papers', byId);
    expect(state.open).toBe(false);
    expect([...state.expanded].sort()).toEqual(['reading', 'work']);
    expect(initialFolderPicker(null, byId).expanded.size).toBe(0);
  });

  it('reveals the chosen folder once the folders arrive, without a new set when nothing changes', () => {
    const cold = initialFolderPicker('papers', new Map());
    expect(cold.expanded.size).toBe(0);
    const warm = run(cold, { type: 'reveal', id: 'papers', byId });
    expect([...warm.expanded].sort()).toEqual(['reading', 'work']);
    expect(run(warm, { type: 'reveal', id: 'papers', byId }).expanded).toBe(warm.expanded);
    expect(run(warm, { type: 'reveal', id: null, byId }).expanded).toBe(warm.expanded);
  });

  it('opens and closes, expands and collapses branches', () => {
    const open = run(initialFolderPicker(null, byId), { type: 'toggle-open' });
    expect(open.open).toBe(true);
    expect(run(open, { type: 'toggle-open' }).open).toBe(false);
    const expanded = run(open, { type: 'branch', id: 'work', open: true });
    expect(expanded.expanded.has('work')).toBe(true);
    expect(run(expanded, { type: 'branch', id: 'work', open: false }).expanded.has('work')).toBe(
      false,
    );
  });

  it('a new query starts at the first result; choosing a result ends the search, a chip keeps it', () => {
    const typed = run(
      initialFolderPicker(null, byId),
      { type: 'query', query: 'pa' },
      { type: 'move', active: 2 },
    );
    expect(run(typed, { type: 'query', query: 'pap' }).active).toBe(0);
    const chosen = run(typed, { type: 'chose-result', id: 'papers', byId });
    expect(chosen.query).toBe('');
    expect([...chosen.expanded].sort()).toEqual(['reading', 'work']);
    expect(run(typed, { type: 'chose', id: 'recipes', byId }).query).toBe('pa');
  });

  it('moves through results with the arrows and chooses with Enter, but not Ctrl+Enter (that saves)', () => {
    expect(searchKey('ArrowDown', false, 0, 3)).toEqual({ move: 1 });
    expect(searchKey('ArrowUp', false, 1, 3)).toEqual({ move: 0 });
    expect(searchKey('Enter', false, 2, 3)).toEqual({ choose: 2 });
    expect(searchKey('Enter', true, 2, 3)).toBeNull();
    expect(searchKey('Enter', false, 0, 0)).toBeNull();
    expect(searchKey('a', false, 0, 3)).toBeNull();
  });

  it('ranks search results by name and path, recent folders first', () => {
    expect(folderResults(folders, '  ', byId, [])).toEqual([]);
    expect(folderResults(folders, 'work', byId, []).map((f) => f.id)).toContain('papers');
    const recentFirst = folderResults(folders, 're', byId, [
      { id: 'recipes', name: 'Recipes', usedAt: 1 },
    ]);
    expect(recentFirst[0]?.id).toBe('recipes');
  });

  it('offers at most four recent folders that still exist, the top level included', () => {
    const recent: RecentFolder[] = ['gone', null, 'work', 'reading', 'papers', 'recipes'].map(
      (id, usedAt) => ({ id, name: id ?? '', usedAt }),
    );
    expect(recentChips(recent, byId).map((r) => r.id)).toEqual([null, 'work', 'reading', 'papers']);
  });

  it('announces a folder just created, else a refresh in progress or an empty tree', () => {
    const creating = run(initialFolderPicker(null, byId), { type: 'creating', creating: true });
    expect(creating.creating).toBe(true);
    const created = run(creating, { type: 'created', id: 'papers', name: 'Papers', byId });
    expect(created).toMatchObject({ creating: false, created: 'Papers' });
    expect([...created.expanded].sort()).toEqual(['reading', 'work']);
    expect(folderHint(created, true, 0)).toEqual({ key: 'folderCreated', name: 'Papers' });
    expect(folderHint({ created: null }, true, 4)).toEqual({ key: 'folderRefreshing' });
    expect(folderHint({ created: null }, false, 0)).toEqual({ key: 'folderEmpty' });
    expect(folderHint({ created: null }, false, 4)).toBeNull();
  });
});
