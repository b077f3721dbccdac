import { invalid } from '../http/api-error';
import type { Repositories } from '../db/repositories';

/** Folders nest at most this many levels (a top-level folder is level 1; docs/api.md, Limits). */
export const MAX_FOLDER_DEPTH = 256;
/** The most folders one vault import creates (docs/api.md, Limits). */
export const MAX_IMPORT_FOLDERS = 10_000;

/**
 * Refuses to place a tree `height` levels tall (1 for a single folder) inside `parentId`
 * (null: the root) when it would nest deeper than MAX_FOLDER_DEPTH.
 */
export function assertFolderFits(
  repos: Repositories,
  parentId: string | null,
  height: number,
  field = 'parentId',
): void {
  const depth = parentId === null ? 0 : repos.folders.depth(parentId);
  if (depth + height > MAX_FOLDER_DEPTH) {
    const what = height === 1 ? 'a folder' : `a folder tree ${height} levels tall`;
    throw invalid(
      `${field}: ${what} inside folder ${parentId} (at level ${depth}) would nest deeper than ${MAX_FOLDER_DEPTH} levels, the limit`,
    );
  }
}
