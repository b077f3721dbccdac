import { normalizedText, tagName } from './dom';

/**
 * Table rules: layout tables (role=presentation, a single column, or holding another
 * table) are flattened into their content; data tables whose cells span rows or columns
 * are marked for a clean HTML table; every other table becomes a GFM table.
 */

export const TABLE_ATTR = 'data-pageclip-table';

function rowsOf(table: Element): Element[] {
  // Only this table's own rows, not those of nested tables.
  return Array.from(table.querySelectorAll('tr')).filter((tr) => tr.closest('table') === table);
}

function cellsOf(tr: Element): Element[] {
  return Array.from(tr.children).filter((c) => {
    const t = tagName(c);
    return t === 'td' || t === 'th';
  });
}

export function isLayoutTable(table: Element): boolean {
  const role = table.getAttribute('role');
  if (role === 'presentation' || role === 'none') return true;
  // A fence cannot live in a cell: a table holding code (or another table) is layout.
  if (table.querySelector('table, pre')) return true;
  const rows = rowsOf(table);
  if (rows.length === 0) return true;
  let maxCells = 0;
  for (const r of rows) maxCells = Math.max(maxCells, cellsOf(r).length);
  return maxCells <= 1;
}

function spans(table: Element): boolean {
  for (const cell of Array.from(
    table.querySelectorAll('td[rowspan], td[colspan], th[rowspan], th[colspan]'),
  )) {
    const r = Number.parseInt(cell.getAttribute('rowspan') ?? '1', 10);
    const c = Number.parseInt(cell.getAttribute('colspan') ?? '1', 10);
    if ((r > 1 && r < 1000) || (c > 1 && c < 1000)) return true;
  }
  return false;
}

function flatten(table: Element): void {
  const doc = table.ownerDocument;
  const frag = doc.createDocumentFragment();
  const caption = table.querySelector('caption');
  if (caption && caption.closest('table') === table && normalizedText(caption)) {
    const p = doc.createElement('p');
    while (caption.firstChild) p.appendChild(caption.firstChild);
    frag.appendChild(p);
  }
  for (const tr of rowsOf(table)) {
    for (const cell of cellsOf(tr)) {
      if (!normalizedText(cell) && !cell.querySelector('img, pre, table, [data-pageclip-tex]'))
        continue;
      const div = doc.createElement('div');
      while (cell.firstChild) div.appendChild(cell.firstChild);
      frag.appendChild(div);
    }
  }
  table.replaceWith(frag);
}

export function classifyTables(root: Element): void {
  // Outermost first: flattening a layout table exposes its inner tables, handled in turn.
  for (const table of Array.from(root.querySelectorAll('table'))) {
    if (!table.isConnected) continue;
    if (isLayoutTable(table)) flatten(table);
    else table.setAttribute(TABLE_ATTR, spans(table) ? 'html' : 'gfm');
  }
}
