import { elementsByTag } from './dom';

/**
 * A recipe's ingredients set as a small table, around the Readability pass. Readability
 * counts a table as data only when it has a caption, a `summary`, header cells or more than
 * ten cells (`_markDataTables`); any other table it cleans like a layout block, and drops it
 * when links make up a fifth of its text (`_cleanConditionally`). A topping's five
 * ingredients, one of them linked to the product, are such a table, and the clip lost them.
 * Microdata naming the rows the recipe's ingredients (schema.org `recipeIngredient`, formerly
 * `ingredients`) says the table is content, so it carries a `summary` while Readability reads
 * the page; the mark survives Readability parsing the page again for a second attempt.
 */

const MARK = 'data-pageclip-summary';
const INGREDIENT = '[itemprop~="recipeIngredient"], [itemprop~="ingredients"]';

/** Gives each ingredient table of `doc` that has no `summary` one for Readability to see. */
export function markIngredientTables(doc: Document): void {
  if (!doc.body) return;
  for (const table of elementsByTag(doc.body, 'table')) {
    if (table.getAttribute('summary') || !table.querySelector(INGREDIENT)) continue;
    table.setAttribute('summary', 'ingredients');
    table.setAttribute(MARK, '');
  }
}

/** Takes the marks off again in `root` (Readability's result). */
export function unmarkIngredientTables(root: Element): void {
  for (const table of Array.from(root.querySelectorAll(`table[${MARK}]`))) {
    table.removeAttribute('summary');
    table.removeAttribute(MARK);
  }
}
