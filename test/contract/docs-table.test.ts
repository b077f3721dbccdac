// docs/api.md's operations table is generated from the contract: this fails when they differ
// (fix: `npm run docs:api`).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { operations } from '../../contract';
import { documentedApi, operationsTable } from '../../scripts/api-table';

const file = fileURLToPath(new URL('../../docs/api.md', import.meta.url));

describe('the operations table of docs/api.md', () => {
  it('is exactly the table the contract generates', async () => {
    const markdown = readFileSync(file, 'utf8');
    expect(markdown).toBe(await documentedApi(markdown, operations, file));
  });

  it('lists every operation with its method, path, access and success status', () => {
    const table = operationsTable(operations);
    for (const op of Object.values(operations)) {
      expect(table).toContain(`| ${op.method.toUpperCase()} | \`${op.path}\` |`);
      expect(table).toContain(`| ${op.access} | ${op.status} ${op.doc} |`);
    }
    expect(table).toContain('`title, parentId?`');
    expect(table).toContain('`cursor?, limit?, parentId?`');
  });
});
