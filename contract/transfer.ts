/** Import and export: the note-vault import, one page in and out, every page as a zip. */
import { z } from 'zod';
import { defineOperation } from './operation';
import { Uuid, UuidString } from './primitives';
import { PageMeta, PageReading } from './pages';

/** The spec, Import file entry. */
export const ImportFile = z.object({
  path: z.string().min(1).max(1000),
  content: z.string().optional(),
  data: z.string().optional(),
  mimeType: z.string().max(200).optional(),
});
export type ImportFile = z.input<typeof ImportFile>;

const ImportResult = z
  .object({
    foldersCreated: z.number().int(),
    pagesCreated: z.number().int(),
    imagesUploaded: z.number().int(),
    backlinksCreated: z.number().int(),
    errors: z.array(z.string()),
    images: z.array(z.object({ path: z.string(), id: UuidString, url: z.string() })),
  })
  .meta({ id: 'ImportResult' });

/** The spec, Import result; `images` is the local service's addition. */
const ImportResultReading = ImportResult.omit({ images: true });
export type ImportResult = z.output<typeof ImportResultReading>;

export const transferOperations = {
  importVault: defineOperation({
    method: 'post',
    path: '/imports/vaultapp',
    tag: 'Import',
    summary: 'Import a note vault: .md notes into folders, images, wiki-link backlinks',
    access: 'write',
    body: {
      type: 'json',
      schema: z
        .object({ files: z.array(ImportFile).min(1).max(10_000) })
        .meta({ id: 'VaultImport' }),
    },
    status: 200,
    answer: {
      type: 'json',
      schema: ImportResult,
      description: 'Counts, and one error per file that failed',
    },
    reading: ImportResultReading,
    otherAnswers: { 413: 'payload_too_large (50 MiB)' },
    doc: 'import result',
  }),
  // Named only in the spec: the local service takes the document as `text/markdown`.
  importPage: defineOperation({
    method: 'post',
    path: '/imports/page',
    tag: 'Import',
    summary: 'Import one markdown document as a page',
    access: 'write',
    query: z.object({
      parentId: Uuid.optional().meta({ description: 'target folder; omitted: the root' }),
      title: z.string().min(1).max(1000).optional().meta({
        description:
          'omitted: the frontmatter `title`, else the first `# ` heading, else "Untitled"',
      }),
    }),
    body: { type: 'markdown' },
    status: 201,
    answer: { type: 'json', schema: PageMeta, description: 'The created page' },
    reading: PageReading,
    otherAnswers: { 413: 'payload_too_large', 415: 'unsupported_media_type' },
    doc: 'page (body `text/markdown`)',
  }),
  exportPage: defineOperation({
    method: 'get',
    path: '/pages/{pageId}/export',
    tag: 'Export',
    summary: 'Download one page as a markdown file',
    access: 'read',
    params: z.object({ pageId: Uuid }),
    status: 200,
    answer: { type: 'markdown', description: 'The page' },
    doc: '`text/markdown` attachment `<title>.md`',
  }),
  exportAllPages: defineOperation({
    method: 'get',
    path: '/exports/pages',
    tag: 'Export',
    summary: 'Download every accessible page as a zip of the folder tree',
    access: 'read',
    status: 200,
    answer: { type: 'zip', description: 'A zip: folders as directories, pages as `<title>.md`' },
    doc: '`application/zip` of the folder tree',
  }),
  getImage: defineOperation({
    method: 'get',
    path: '/images/{imageId}',
    tag: 'Import',
    summary: 'An image stored by the vault import',
    access: 'read',
    params: z.object({ imageId: Uuid }),
    status: 200,
    answer: { type: 'image', description: 'The image bytes with their stored media type' },
    doc: 'the image bytes (importer only)',
  }),
};
