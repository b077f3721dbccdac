/**
 * The operations table of docs/api.md, generated from `contract/` so the documentation cannot
 * drift from it: `npm run docs:api` writes it between the markers, and
 * test/contract/docs-table.test.ts fails while the file differs.
 */
import * as prettier from 'prettier';
import type { z } from 'zod';
import type { Operation } from '../contract';

export const TABLE_START = '<!-- operations table: written by npm run docs:api -->';
export const TABLE_END = '<!-- end of operations table -->';

/** `title, parentId?`: the query parameters, optional ones marked. */
function queryOf(query: z.ZodObject | undefined): string {
  if (!query) return '';
  const names = Object.entries(query.shape).map(([name, schema]) =>
    (schema as z.ZodType).safeParse(undefined).success ? `${name}?` : name,
  );
  return `\`${names.join(', ')}\``;
}

/** The table as markdown rows (prettier aligns the columns). */
export function operationsTable(operations: Record<string, Operation>): string {
  return [
    '| Method | Path | Query | Access | Success |',
    '| --- | --- | --- | --- | --- |',
    ...Object.values(operations).map(
      (op) =>
        `| ${op.method.toUpperCase()} | \`${op.path}\` | ${queryOf(op.query)} | ${op.access} | ${op.status} ${op.doc} |`,
    ),
  ].join('\n');
}

/** `markdown` with the generated table between the markers, formatted as prettier would. */
export async function documentedApi(
  markdown: string,
  operations: Record<string, Operation>,
  filepath: string,
): Promise<string> {
  const start = markdown.indexOf(TABLE_START);
  const end = markdown.indexOf(TABLE_END);
  if (start < 0 || end < start)
    throw new Error(`${filepath}: the operations table markers are missing`);
  const table = operationsTable(operations);
  const text = `${markdown.slice(0, start + TABLE_START.length)}\n\n${table}\n\n${markdown.slice(end)}`;
  const config = (await prettier.resolveConfig(filepath)) ?? {};
  return prettier.format(text, { ...config, filepath });
}
