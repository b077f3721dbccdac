/**
 * Writes the operations table of docs/api.md from `contract/` (`npm run docs:api`); the test
 * test/contract/docs-table.test.ts fails while the file differs from what this writes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { operations } from '../contract';
import { documentedApi } from './api-table';

const file = fileURLToPath(new URL('../docs/api.md', import.meta.url));
const before = readFileSync(file, 'utf8');
const after = await documentedApi(before, operations, file);
if (after === before) {
  console.log('docs/api.md: the operations table is up to date');
} else {
  writeFileSync(file, after);
  console.log('docs/api.md: operations table rewritten from contract/');
}
