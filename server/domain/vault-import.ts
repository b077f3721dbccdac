import crypto from 'node:crypto';
import type { Deps } from '../http/env';
import { IMAGE_PATH } from '../db/images';
import { MAX_CONTENT_BYTES, newEtag } from './content';
import { MAX_FOLDER_DEPTH, MAX_IMPORT_FOLDERS } from './folder-depth';
import { MAX_TITLE_LENGTH } from './names';
import { noteIndex } from './note-index';

/**
 * The note-vault import (spec, Import; docs/api.md, Vault import):
 * 1. Check every file on its own; a bad one becomes an `errors` entry naming it.
 * 2. Store images (base64 `data` with an image `mimeType`), served at /api/v1/images/{id}.
 * 3. Make folders from note paths (at the root; reused within one import; at most
 *    MAX_FOLDER_DEPTH deep and MAX_IMPORT_FOLDERS in all) and a page per `.md` note, titled
 *    by its file name; image embeds that name an imported image are rewritten to the
 *    image's URL so the note shows it.
 * 4. Count `[[wiki links]]` between imported notes as backlinks (distinct source, target pairs).
 * All of it runs in the caller's transaction. Every pattern below runs in linear time: a
 * bracket run such as `[[[[…` or `![a](![a](…` cannot make one match attempt rescan the
 * text of the next, and each captured part has a bounded length (docs/api.md, Limits).
 */
export interface VaultFile {
  path: string;
  content?: string | undefined;
  data?: string | undefined;
  mimeType?: string | undefined;
}

export const IMAGE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
  'image/avif',
  'image/bmp',
]);

const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export interface ImportResult {
  foldersCreated: number;
  pagesCreated: number;
  imagesUploaded: number;
  backlinksCreated: number;
  errors: string[];
  images: { path: string; id: string; url: string }[];
}

interface Note {
  /** The note's position in `files`, for its error message. */
  index: number;
  segments: string[];
  title: string;
  text: string;
}

function splitPath(raw: string): string[] | string {
  const segments = raw
    .replace(/\\/g, '/')
    .split('/')
    .filter((s) => s !== '' && s !== '.');
  if (segments.length === 0) return 'path is empty';
  if (segments.some((s) => s === '..')) return 'path must not contain ".."';
  // eslint-disable-next-line no-control-regex -- rejecting control characters is the point
  if (segments.some((s) => /[\u0000-\u001f]/.test(s))) return 'path contains control characters';
  return segments;
}

const stem = (name: string) => name.replace(/\.md$/i, '');

// Targets, aliases and headings stop at brackets, so a match attempt ends where the next
// opener begins; the bounds keep any one attempt short.
const WIKI_EMBED = /!\[\[([^[\]|#\n]{1,1000})(?:\|([^[\]\n]{0,1000}))?\]\]/g;
const IMAGE_EMBED = /!\[([^[\]\n]{0,1000})\]\(([^()[\]\s]{1,2000})(\s{1,100}"[^"\n]{0,1000}")?\)/g;
const WIKI_LINK =
  /(?<!!)\[\[([^[\]|#\n]{1,1000})(?:#[^[\]|\n]{0,1000})?(?:\|[^[\]\n]{0,1000})?\]\]/g;
const key = (s: string) => s.normalize('NFC').toLowerCase();

export function importVault(deps: Deps, userId: string, files: VaultFile[]): ImportResult {
  const { repos } = deps;
  const now = deps.now();
  const errors: string[] = [];
  const notes: Note[] = [];
  const images: ImportResult['images'] = [];
  const imageByPath = new Map<string, string>();
  const imageByName = new Map<string, string>();
  const seen = new Set<string>();

  files.forEach((file, index) => {
    const fail = (reason: string) => errors.push(`files[${index}] (${file.path}): ${reason}`);
    const segments = splitPath(file.path);
    if (typeof segments === 'string') return fail(segments);
    const normal = key(segments.join('/'));
    if (seen.has(normal)) return fail('duplicate path');
    seen.add(normal);
    const name = segments[segments.length - 1]!;

    if (/\.md$/i.test(name)) {
      let text = file.content;
      if (text === undefined && file.data !== undefined) {
        if (!BASE64.test(file.data.replace(/\s+/g, ''))) return fail('data is not valid base64');
        text = Buffer.from(file.data, 'base64').toString('utf8');
      }
      if (text === undefined) return fail('a note needs content');
      if (Buffer.byteLength(text) > MAX_CONTENT_BYTES) return fail('note content exceeds 5 MiB');
      const title = stem(name).trim();
      if (title === '') return fail('a note needs a file name before .md');
      if (segments.length - 1 > MAX_FOLDER_DEPTH) {
        return fail(`folders nest at most ${MAX_FOLDER_DEPTH} levels`);
      }
      notes.push({ index, segments, title, text });
      return;
    }

    if (file.data !== undefined || file.mimeType !== undefined) {
      const mime = (file.mimeType ?? '').toLowerCase().split(';')[0]!.trim();
      if (!IMAGE_TYPES.has(mime)) {
        return fail(
          `mimeType ${JSON.stringify(file.mimeType ?? null)} is not a supported image type`,
        );
      }
      const base64 = (file.data ?? '').replace(/\s+/g, '');
      if (base64 === '' || base64.length % 4 === 1 || !BASE64.test(base64)) {
        return fail('data is not valid base64');
      }
      const bytes = Buffer.from(base64, 'base64');
      if (bytes.length > MAX_IMAGE_BYTES) return fail('image exceeds 20 MiB');
      const id = crypto.randomUUID();
      repos.images.insert({
        id,
        owner_id: userId,
        path: segments.join('/'),
        mime_type: mime,
        data: bytes,
        created_at: now,
      });
      const url = `${IMAGE_PATH}${id}`;
      images.push({ path: segments.join('/'), id, url });
      imageByPath.set(normal, url);
      imageByName.set(key(name), url);
      return;
    }
    fail('unsupported file: only .md notes and base64 images are imported');
  });

  // Folders from note paths, created once per distinct path.
  const folderIds = new Map<string, string>();
  let foldersCreated = 0;
  /** The folders a note's path still needs, or the error when they exceed the import's cap. */
  const missingFolders = (segments: string[]): number => {
    let missing = 0;
    for (let depth = 1; depth < segments.length; depth++) {
      if (!folderIds.has(key(segments.slice(0, depth).join('/')))) missing++;
    }
    return missing;
  };
  const folderFor = (segments: string[]): string | null => {
    let parent: string | null = null;
    for (let depth = 1; depth < segments.length; depth++) {
      const pathKey = key(segments.slice(0, depth).join('/'));
      let id = folderIds.get(pathKey);
      if (!id) {
        id = crypto.randomUUID();
        repos.folders.insert({
          id,
          owner_id: userId,
          parent_id: parent,
          name: segments[depth - 1]!.slice(0, 255),
          icon: null,
          created_at: now,
          updated_at: now,
        });
        folderIds.set(pathKey, id);
        foldersCreated++;
      }
      parent = id;
    }
    return parent;
  };

  const resolveImage = (target: string, noteSegments: string[]): string | undefined => {
    const clean = decodeURIComponentSafe(target.trim().replace(/^<|>$/g, '')).replace(/^\.\//, '');
    const relative = [...noteSegments.slice(0, -1), ...clean.split('/')];
    const relativeKey = splitPath(relative.join('/'));
    return (
      imageByPath.get(key(clean.replace(/^\//, ''))) ??
      (typeof relativeKey === 'string' ? undefined : imageByPath.get(key(relativeKey.join('/')))) ??
      imageByName.get(key(clean.split('/').pop() ?? ''))
    );
  };

  const placed = notes.filter((note) => {
    if (foldersCreated + missingFolders(note.segments) <= MAX_IMPORT_FOLDERS) {
      folderFor(note.segments);
      return true;
    }
    const limit = MAX_IMPORT_FOLDERS.toLocaleString('en-US');
    errors.push(
      `files[${note.index}] (${files[note.index]!.path}): one import creates at most ${limit} folders`,
    );
    return false;
  });
  errors.sort((a, b) => fileIndex(a) - fileIndex(b));

  // A link names a note by its path or any trailing part of it (`Sub/C`, `C`), as vault
  // apps resolve them; an exact path wins, then the shallowest note, then the first listed.
  const notesByName = noteIndex(
    placed.map((note) => [...note.segments.slice(0, -1), stem(note.segments.at(-1)!)]),
    key,
  );
  const links = new Set<string>();

  placed.forEach((note, index) => {
    let text = note.text.replace(WIKI_EMBED, (whole, target: string, alt?: string) => {
      const url = resolveImage(target, note.segments);
      return url ? `![${alt ?? target.trim()}](${url})` : whole;
    });
    text = text.replace(IMAGE_EMBED, (whole, alt: string, target: string, title?: string) => {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return whole;
      const url = resolveImage(target, note.segments);
      return url ? `![${alt}](${url}${title ?? ''})` : whole;
    });
    for (const match of note.text.matchAll(WIKI_LINK)) {
      const target = notesByName.lookup(stem(match[1]!.trim()));
      if (target !== undefined && target !== index) links.add(`${index}>${target}`);
    }
    repos.pages.insert({
      id: crypto.randomUUID(),
      owner_id: userId,
      parent_id: folderFor(note.segments),
      title: note.title.slice(0, MAX_TITLE_LENGTH),
      icon: null,
      content: text,
      etag: newEtag(),
    });
  });

  return {
    foldersCreated,
    pagesCreated: placed.length,
    imagesUploaded: images.length,
    backlinksCreated: links.size,
    errors,
    images,
  };
}

const fileIndex = (error: string) => Number(/^files\[(\d+)\]/.exec(error)?.[1] ?? 0);

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
