import type { Repositories } from '../db/repositories';

/**
 * Permanently deletes pages; adds the stored images they linked to `linked`, for
 * `removeUnlinkedImages` once the request's deletions are done.
 */
export function removePages(repos: Repositories, pageIds: string[], linked: Set<string>): void {
  if (pageIds.length === 0) return;
  for (const id of repos.pages.linkedImages(pageIds)) linked.add(id);
  repos.pages.removeAll(pageIds);
}

/**
 * Deletes those of `candidates` (images that deleted pages linked) that no page links any
 * more (docs/api.md, Lifecycle, Images): the images of a clip saved with "Keep images" go
 * when the clip is deleted from Trash. A page in Trash still links its images, as it can be
 * restored, and so does a copy of the page.
 */
export function removeUnlinkedImages(repos: Repositories, candidates: Set<string>): number {
  if (candidates.size === 0) return 0;
  return repos.images.removeUnlinked([...candidates]);
}
