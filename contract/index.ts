/**
 * The Page and Folder Service's contract: every operation and shared shape, declared once.
 * The service (`server/`) builds its routes and OpenAPI document from it, the client
 * (`lib/api`) its calls, and docs/api.md its operations table (`contract/docs-table.ts`).
 */
import { accountOperations } from './account';
import { contentOperations } from './content';
import { folderOperations } from './folders';
import type { Operation } from './operation';
import { pageOperations } from './pages';
import { transferOperations } from './transfer';
import { trashOperations } from './trash';

export * from './account';
export * from './content';
export * from './folders';
export * from './operation';
export * from './pages';
export * from './primitives';
export * from './transfer';
export * from './trash';
export { looseIdReading, type LooseIdResult } from './tolerant';

/** Every operation, in the order of the operations table in docs/api.md. */
export const operations = {
  ...accountOperations,
  ...pageOperations,
  ...contentOperations,
  ...folderOperations,
  ...trashOperations,
  ...transferOperations,
} satisfies Record<string, Operation>;
export type OperationName = keyof typeof operations;
