/**
 * Finds the note a wiki link names. A link names a note by its path or by any trailing part
 * of it (`Sub/C`, `C`); among the notes a name fits, the one with the shortest path wins (an
 * exact path is always the shortest), then the first listed. The paths go into a trie keyed
 * by their segments from the last one up, so building it reads each segment once and a
 * lookup reads the link's segments once, however many notes share a name.
 */
interface TrieNode {
  best: number;
  children: Map<string, TrieNode>;
}

export function noteIndex(paths: string[][], key: (segment: string) => string) {
  const root = new Map<string, TrieNode>();
  paths.forEach((segments, index) => {
    let level = root;
    for (let i = segments.length - 1; i >= 0; i--) {
      const name = key(segments[i]!);
      let node = level.get(name);
      if (!node) {
        node = { best: index, children: new Map() };
        level.set(name, node);
      } else if (paths[node.best]!.length > segments.length) {
        node.best = index;
      }
      level = node.children;
    }
  });
  return {
    /** The index in `paths` of the note `name` (`Sub/C` or `C`) names, if any. */
    lookup(name: string): number | undefined {
      const segments = name.split('/');
      let level = root;
      let found: TrieNode | undefined;
      for (let i = segments.length - 1; i >= 0; i--) {
        found = level.get(key(segments[i]!));
        if (!found) return undefined;
        level = found.children;
      }
      return found?.best;
    },
  };
}
