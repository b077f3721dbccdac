import { normalizedText, tagName } from './dom';

/**
 * Table rules: layout tables (role=presentation, a single column, or holding another
 * table) are flattened into their content; label/value tables with full-width rows are
 * reshaped to fit GFM (fitLabelValue); other data tables whose cells span rows or columns
 * are marked for a clean HTML table; every other table becomes a GFM table. Rows whose
 * cells hold nothing but code leave their table as blocks first (splitAroundCode).
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
  // A fence cannot live in a cell: a table still holding code (splitAroundCode did not
  // apply) or another table is layout.
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

/** A fragment starting with the table's own caption as a paragraph, if it has one. */
function captionFragment(table: Element): DocumentFragment {
  const doc = table.ownerDocument;
  const frag = doc.createDocumentFragment();
  const caption = table.querySelector('caption');
  if (caption && caption.closest('table') === table && normalizedText(caption)) {
    const p = doc.createElement('p');
    while (caption.firstChild) p.appendChild(caption.firstChild);
    frag.appendChild(p);
  }
  return frag;
}

/** Appends a row's non-empty cells to `frag` as blocks. */
function appendCellsAsBlocks(frag: DocumentFragment, tr: Element): void {
  for (const cell of cellsOf(tr)) {
    if (!normalizedText(cell) && !cell.querySelector('img, pre, table, [data-pageclip-tex]'))
      continue;
    const div = tr.ownerDocument.createElement('div');
    while (cell.firstChild) div.appendChild(cell.firstChild);
    frag.appendChild(div);
  }
}

function flatten(table: Element): void {
  const frag = captionFragment(table);
  for (const tr of rowsOf(table)) appendCellsAsBlocks(frag, tr);
  table.replaceWith(frag);
}

/**
 * Whether every code block of the table fills a cell on its own, as in reference docs'
 * declaration tables (header rows, then a row whose first cell is one `<pre>` and whose
 * last says "since v2"). Code mixed with prose in a cell is a page laid out in a grid.
 */
function hasCodeOnlyCells(table: Element): boolean {
  const pres = Array.from(table.querySelectorAll('pre'));
  if (pres.length === 0) return false;
  for (const pre of pres) {
    const cell = pre.closest('td, th');
    if (!cell || cell.closest('table') !== table) return false;
    const rest = cell.cloneNode(true) as Element;
    for (const code of Array.from(rest.querySelectorAll('pre'))) code.remove();
    if (normalizedText(rest)) return false;
  }
  return true;
}

function splittable(table: Element): boolean {
  const role = table.getAttribute('role');
  if (role === 'presentation' || role === 'none') return false;
  // Spans may cross the cut; a nested table makes the whole thing layout anyway.
  return !table.querySelector('table') && !spans(table) && hasCodeOnlyCells(table);
}

/**
 * A fence cannot live in a cell, so rows holding code leave the table as blocks (the code
 * stays a fenced block), and each run of rows between them becomes a table of its own,
 * classified like any other. Returns those tables.
 */
function splitAroundCode(table: Element): Element[] {
  const doc = table.ownerDocument;
  const frag = captionFragment(table);
  const pieces: Element[] = [];
  let piece: Element | null = null;
  for (const tr of rowsOf(table)) {
    if (tr.querySelector('pre')) {
      piece = null;
      appendCellsAsBlocks(frag, tr);
      continue;
    }
    if (!piece) {
      piece = doc.createElement('table');
      pieces.push(piece);
      frag.appendChild(piece);
    }
    piece.appendChild(tr);
  }
  table.replaceWith(frag);
  return pieces;
}

/**
 * A label/value table (an infobox, a spec sheet): two cells a row, except full-width rows
 * (one cell spanning both). Those are what GFM cannot hold, so they change shape: the ones
 * heading the table (its image, its name) go before it as blocks, the ones inside (section
 * labels) become a label row with an empty value. Returns whether the table now fits GFM.
 */
function fitLabelValue(table: Element): boolean {
  const rows = rowsOf(table);
  let pairs = 0;
  const wide: Element[] = [];
  for (const tr of rows) {
    const cells = cellsOf(tr);
    if (cells.some((c) => Number.parseInt(c.getAttribute('rowspan') ?? '1', 10) > 1)) return false;
    if (cells.length === 2 && !cells.some((c) => c.hasAttribute('colspan'))) pairs++;
    else if (
      cells.length === 1 &&
      Number.parseInt(cells[0]!.getAttribute('colspan') ?? '1', 10) === 2
    )
      wide.push(tr);
    else if (cells.length !== 0) return false;
  }
  if (pairs < 2 || wide.length === 0) return false;
  const doc = table.ownerDocument;
  const before = doc.createDocumentFragment();
  let leading = true;
  for (const tr of rows) {
    if (!wide.includes(tr)) {
      if (cellsOf(tr).length) leading = false;
      continue;
    }
    if (leading) {
      appendCellsAsBlocks(before, tr);
      tr.remove();
      continue;
    }
    const cell = cellsOf(tr)[0]!;
    const label = doc.createElement('th');
    while (cell.firstChild) label.appendChild(cell.firstChild);
    cell.replaceWith(label, doc.createElement('td'));
  }
  table.before(before);
  return true;
}

export function classifyTables(root: Element): void {
  // Outermost first: flattening a layout table exposes its inner tables, handled in turn.
  for (const table of Array.from(root.querySelectorAll('table'))) {
    if (!table.isConnected) continue;
    for (const piece of splittable(table) ? splitAroundCode(table) : [table]) {
      if (isLayoutTable(piece)) flatten(piece);
      else {
        const gfm = !spans(piece) || fitLabelValue(piece);
        piece.setAttribute(TABLE_ATTR, gfm ? 'gfm' : 'html');
      }
    }
  }
}
