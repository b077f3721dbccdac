/** Import and export: a note vault in, one markdown page in or out, every page as a zip. */
import { operations as ops, type ImportFile, type ImportResult, type Page } from '../../contract';
import { filenameOf, requireMarkdown } from './answers';
import type { Caller } from './call';
import { invalidResponse, type CallOptions } from './transport';

export interface ExportedPage {
  markdown: string;
  /** From `Content-Disposition`, when the service names the download. */
  filename: string | null;
}

export interface ExportedArchive {
  bytes: Uint8Array;
  contentType: string | null;
  filename: string | null;
}

export interface ImportPageInput {
  /** The markdown document (frontmatter allowed). */
  markdown: string;
  /** The page title; the service derives one from the document when absent. */
  title?: string;
  /** Target folder; null or absent: the root. */
  parentId?: string | null;
}

/** Timeouts for the bulk operations, which move whole vaults. */
const BULK_TIMEOUT_MS = 5 * 60_000;

export function transferApi(api: Caller) {
  return {
    /** Imports a note-vault file list at the root (spec, POST /imports/vaultapp). */
    importVault(files: ImportFile[], opts?: CallOptions): Promise<ImportResult> {
      return api.call(
        ops.importVault,
        { json: { files } },
        { timeoutMs: BULK_TIMEOUT_MS, ...opts },
      );
    },

    /**
     * Imports one markdown document as a page (named only in the spec; the local service takes
     * the document as `text/markdown` and the target and title as query parameters).
     */
    importPage(input: ImportPageInput, opts?: CallOptions): Promise<Page> {
      const query = { parentId: input.parentId, title: input.title };
      return api.call(ops.importPage, { query, text: input.markdown }, opts);
    },

    /** One page as a markdown download (named only in the spec). */
    async exportPage(pageId: string, opts?: CallOptions): Promise<ExportedPage> {
      const { raw, request } = await api.send(ops.exportPage, { params: { pageId } }, opts);
      requireMarkdown(raw, request);
      return { markdown: raw.text, filename: filenameOf(raw.headers) };
    },

    /** Every page as an archive of the folder tree (named only; the local service sends a zip). */
    async exportAllPages(opts?: CallOptions): Promise<ExportedArchive> {
      const { raw, request } = await api.send(
        ops.exportAllPages,
        { headers: { accept: '*/*' } },
        { timeoutMs: BULK_TIMEOUT_MS, ...opts },
      );
      const bytes = raw.bytes ?? new Uint8Array();
      if (bytes.length === 0) throw invalidResponse(request, raw.status, 'the export is empty');
      return {
        bytes,
        contentType: raw.headers.get('content-type'),
        filename: filenameOf(raw.headers),
      };
    },
  };
}
export type TransferApi = ReturnType<typeof transferApi>;
