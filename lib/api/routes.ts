/**
 * Every path the client calls, relative to the base URL (which ends in `/api/v1`), in one
 * place. The spec fixes most of them; for the operations it only names (identity, token
 * list and revoke, page export and import, export of all pages) these are the local
 * service's routes from `docs/api.md`, so a deployment that differs needs an edit here only.
 */

const seg = (id: string): string => encodeURIComponent(id);

/**
 * How the resolve operations name the top level in their `parentId` query parameter (the
 * spec does not show their parameters; the local service takes `root`).
 */
export const ROOT_PARENT_QUERY = 'root';

export const routes = {
  // Spec, "Pages".
  pages: () => '/pages',
  pagesResolve: () => '/pages/resolve',
  page: (id: string) => `/pages/${seg(id)}`,
  pageContent: (id: string) => `/pages/${seg(id)}/content`,
  pageEdits: (id: string) => `/pages/${seg(id)}/edits`,
  pageContentOperations: (id: string) => `/pages/${seg(id)}/content-operations`,
  pageCopy: (id: string) => `/pages/${seg(id)}/copy`,
  // Spec, "Folders".
  folders: () => '/folders',
  foldersResolve: () => '/folders/resolve',
  folder: (id: string) => `/folders/${seg(id)}`,
  folderCopy: (id: string) => `/folders/${seg(id)}/copy`,
  folderRestore: (id: string) => `/folders/${seg(id)}/restore`,
  // Spec, "Lifecycle, remaining operations".
  pageMove: (id: string) => `/pages/${seg(id)}/move`,
  pageTrash: (id: string) => `/pages/${seg(id)}/trash`,
  pageRestore: (id: string) => `/pages/${seg(id)}/restore`,
  pagePermanent: (id: string) => `/pages/${seg(id)}/permanent`,
  folderTrash: (id: string) => `/folders/${seg(id)}/trash`,
  folderPermanent: (id: string) => `/folders/${seg(id)}/permanent`,
  trashPages: () => '/trash/pages',
  trashFolders: () => '/trash/folders',
  trashEmpty: () => '/trash/empty',
  // Spec, "Import".
  importVault: () => '/imports/vaultapp',
  // Spec, "Tokens" (POST) and "Other named operations" (list, revoke): decisions.md fixes them.
  tokens: () => '/tokens',
  token: (id: string) => `/tokens/${seg(id)}`,
  // Named only in the spec; routes of the local service (docs/api.md).
  me: () => '/me',
  pageExport: (id: string) => `/pages/${seg(id)}/export`,
  exportAll: () => '/exports/pages',
  importPage: () => '/imports/page',
} as const;
