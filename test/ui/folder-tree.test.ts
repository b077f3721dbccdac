import { describe, expect, it } from 'vitest';
import {
  ancestorIds,
  buildFolderTree,
  folderPath,
  visibleRows,
  type FolderLite,
} from '../../lib/ui/folder-tree';

const f = (id: string, name: string, parentId: string | null = null): FolderLite => ({
  id,
  name,
  parentId,
});
const names = (rows: ReturnType<typeof visibleRows>) =>
  rows.map((r) => `${r.depth}:${r.node.folder.name}`);

describe('buildFolderTree', () => {
  it('nests folders by parentId and sorts siblings by name, numbers naturally', () => {
    const tree = buildFolderTree([
      f('c', 'Reading', 'a'),
      f('a', 'Work'),
      f('b', 'archive'),
      f('d', 'Project 10', 'a'),
      f('e', 'Project 9', 'a'),
    ]);
    expect(tree.map((n) => n.folder.name)).toEqual(['archive', 'Work']);
    expect(tree[1]!.children.map((n) => n.folder.name)).toEqual([
      'Project 9',
      'Project 10',
      'Reading',
    ]);
  });

  it('keeps folders whose parent is missing (not accessible, or on a later page) at the top', () => {
    const tree = buildFolderTree([f('x', 'Shared with me', 'not-in-list'), f('a', 'Work')]);
    expect(tree.map((n) => n.folder.name)).toEqual(['Shared with me', 'Work']);
  });

  it('survives a cycle in a corrupt cache without hanging or losing folders', () => {
    const tree = buildFolderTree([f('a', 'A', 'b'), f('b', 'B', 'a'), f('c', 'C', 'a')]);
    const all = visibleRows(tree, new Set(['a', 'b', 'c']));
    expect(all.map((r) => r.node.folder.id).sort()).toEqual(['a', 'b', 'c']);
  });

  it('ignores a duplicated folder from overlapping pages', () => {
    expect(buildFolderTree([f('a', 'Work'), f('a', 'Work')])).toHaveLength(1);
  });
});

describe('visibleRows', () => {
  const tree = buildFolderTree([
    f('a', 'Work'),
    f('b', 'Reading', 'a'),
    f('c', 'Deep', 'b'),
    f('d', 'Home'),
  ]);

  it('shows only expanded branches, with depth, position and set size', () => {
    expect(names(visibleRows(tree, new Set()))).toEqual(['1:Home', '1:Work']);
    const rows = visibleRows(tree, new Set(['a', 'b']));
    expect(names(rows)).toEqual(['1:Home', '1:Work', '2:Reading', '3:Deep']);
    expect(rows.map((r) => [r.position, r.setSize])).toEqual([
      [1, 2],
      [2, 2],
      [1, 1],
      [1, 1],
    ]);
  });

  it('renders 5,000 collapsed folders as only the top level', () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      f(`f${i}`, `Folder ${i}`, i < 50 ? null : `f${i % 50}`),
    );
    expect(visibleRows(buildFolderTree(many), new Set())).toHaveLength(50);
  });
});

describe('folderPath and ancestorIds', () => {
  const byId = new Map(
    [f('a', 'Work'), f('b', 'Reading', 'a'), f('c', 'Deep', 'b')].map((x) => [x.id, x]),
  );
  it('names the path from the top', () => {
    expect(folderPath('c', byId)).toEqual(['Work', 'Reading', 'Deep']);
    expect(folderPath('zzz', byId)).toEqual([]);
  });
  it('lists ancestors nearest first', () => {
    expect(ancestorIds('c', byId)).toEqual(['b', 'a']);
    expect(ancestorIds('a', byId)).toEqual([]);
  });
});
