/**
 * Builds the folder picker's tree from the service's flat, cursor-paginated folder list
 * (`GET /folders` gives `parentId` per folder and no order we may rely on, docs/api.md).
 *
 * The list can be inconsistent while it is being paged or cached: a parent may be missing
 * (not accessible to this caller, or on a later page) or, in a corrupt cache, folders may
 * form a cycle. Such folders become top-level nodes so nothing disappears from the picker.
 */
export interface FolderLite {
  id: string;
  parentId: string | null;
  name: string;
}

export interface FolderNode {
  folder: FolderLite;
  children: FolderNode[];
}

export interface VisibleRow {
  node: FolderNode;
  depth: number;
  /** 1-based position among its siblings and the sibling count, for aria-posinset/setsize. */
  position: number;
  setSize: number;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export function compareNames(a: string, b: string): number {
  return collator.compare(a, b);
}

export function buildFolderTree(folders: readonly FolderLite[]): FolderNode[] {
  const nodes = new Map<string, FolderNode>();
  for (const folder of folders) {
    if (!nodes.has(folder.id)) nodes.set(folder.id, { folder, children: [] });
  }
  const roots: FolderNode[] = [];
  for (const node of nodes.values()) {
    const parentId = node.folder.parentId;
    const parent = parentId === null ? undefined : nodes.get(parentId);
    if (parent && !createsCycle(node.folder.id, parentId, nodes)) parent.children.push(node);
    else roots.push(node);
  }
  sortDeep(roots);
  return roots;
}

/** True when walking up from `parentId` reaches `id` again (a corrupt cache must not hang the UI). */
function createsCycle(
  id: string,
  parentId: string | null,
  nodes: Map<string, FolderNode>,
): boolean {
  const seen = new Set<string>();
  let current = parentId;
  while (current !== null && !seen.has(current)) {
    if (current === id) return true;
    seen.add(current);
    current = nodes.get(current)?.folder.parentId ?? null;
  }
  return current !== null;
}

function sortDeep(list: FolderNode[]): void {
  list.sort((a, b) => compareNames(a.folder.name, b.folder.name));
  for (const node of list) sortDeep(node.children);
}

/** The rows a tree shows given the expanded folder ids, depth-first, in display order. */
export function visibleRows(
  roots: readonly FolderNode[],
  expanded: ReadonlySet<string>,
): VisibleRow[] {
  const rows: VisibleRow[] = [];
  const walk = (list: readonly FolderNode[], depth: number) => {
    list.forEach((node, index) => {
      rows.push({ node, depth, position: index + 1, setSize: list.length });
      if (node.children.length > 0 && expanded.has(node.folder.id)) walk(node.children, depth + 1);
    });
  };
  walk(roots, 1);
  return rows;
}

/** Names from the top-level folder down to `id` ("Work / Reading"), for labels and search. */
export function folderPath(id: string, byId: ReadonlyMap<string, FolderLite>): string[] {
  const names: string[] = [];
  const seen = new Set<string>();
  let current: string | null = id;
  while (current !== null && !seen.has(current)) {
    seen.add(current);
    const folder = byId.get(current);
    if (!folder) break;
    names.unshift(folder.name);
    current = folder.parentId;
  }
  return names;
}

/** The ids of all ancestors of `id`, so the tree can expand to reveal a chosen folder. */
export function ancestorIds(id: string, byId: ReadonlyMap<string, FolderLite>): string[] {
  const ids: string[] = [];
  const seen = new Set<string>([id]);
  let current = byId.get(id)?.parentId ?? null;
  while (current !== null && !seen.has(current)) {
    seen.add(current);
    ids.push(current);
    current = byId.get(current)?.parentId ?? null;
  }
  return ids;
}
