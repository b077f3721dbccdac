/**
 * The markdown of an updated clip. The frontmatter keeps the clip's `clipped` date and its
 * `pageclip_id`, and says when it was `updated`:
 * - `replace`: the new version's frontmatter and body;
 * - `section`: the page as it is (the user's edits kept, byte for byte below the frontmatter),
 *   then the new version's body under a `## New version (date)` heading.
 */
import { PAGECLIP_ID_FIELD, readFrontmatter, withFrontmatter } from '../clip-markdown';
import type { UpdateChoice } from '../messaging/known-clips';

function parts(markdown: string): { data: Record<string, unknown>; body: string } {
  const read = readFrontmatter(markdown);
  return read.kind === 'frontmatter'
    ? { data: read.data, body: read.body.replace(/^\n+/, '') }
    : { data: {}, body: markdown };
}

/** `updated` right after `clipped` (or last), every other key in its order. */
function withUpdated(data: Record<string, unknown>, updated: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'updated') continue;
    out[key] = value;
    if (key === 'clipped') out.updated = updated;
  }
  if (!('updated' in out)) out.updated = updated;
  return out;
}

export function composeUpdate(
  currentMarkdown: string,
  newDocument: string,
  choice: UpdateChoice,
  now: Date,
): string {
  const current = parts(currentMarkdown);
  const next = parts(newDocument);
  const updated = now.toISOString();
  if (choice === 'section') {
    const heading = `## New version (${updated.slice(0, 10)})`;
    const body = current.body.replace(/\n+$/, '');
    const added = next.body.replace(/^---/, '***');
    return withFrontmatter(withUpdated(current.data, updated), `${body}\n\n${heading}\n\n${added}`);
  }
  const data: Record<string, unknown> = {};
  const id = current.data[PAGECLIP_ID_FIELD];
  if (typeof id === 'string') data[PAGECLIP_ID_FIELD] = id;
  for (const [key, value] of Object.entries(next.data)) {
    if (key !== PAGECLIP_ID_FIELD) data[key] = value;
  }
  if (typeof current.data.clipped === 'string') data.clipped = current.data.clipped;
  return withFrontmatter(withUpdated(data, updated), next.body);
}
