import { htmlText, normalizedText } from './dom';

/**
 * A recipe the page declares in JSON-LD (schema.org `Recipe`, which recipe sites publish for
 * search engines) but the clip lacks: its ingredients and steps, appended as a card. Some
 * sites build the card in script, and others set it beside the introduction Readability
 * picks (eatsmarter's ingredients and method were left out, the clip kept the nutrition
 * table). When the clip already holds most of the ingredients or steps, that part is not
 * repeated. The headings are English, as the rest of the extension's own words are.
 */

type Json = Record<string, unknown>;

export interface RecipeSteps {
  /** A `HowToSection`'s name ("For the filling"), null for steps outside sections. */
  section: string | null;
  steps: string[];
}

export interface Recipe {
  /** The recipe's `name`, or null. */
  name: string | null;
  ingredients: string[];
  instructions: RecipeSteps[];
  /** "Yield: 12 pieces · Total time: 1 h 30 min", or null. */
  facts: string | null;
}

// Hostile or broken data stays small: no real recipe comes near these.
const MAX_ITEMS = 100;
const MAX_CHARS = 2000;
// Under this share of its ingredients (or steps) found in the clip, the clip lacks that part.
const PRESENT_SHARE = 0.5;

/** Lower case, words separated by single spaces: how names and texts are compared. */
const fold = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ');

function isRecipe(o: Json): boolean {
  const type = o['@type'];
  const types = Array.isArray(type) ? type : [type];
  return types.some((t) => typeof t === 'string' && /(?:^|\/)Recipe$/.test(t));
}

function text(doc: Document, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const t = (htmlText(doc, value) ?? '').replace(/\s+/g, ' ').trim();
  return t && t.length <= MAX_CHARS ? t : null;
}

function stepText(doc: Document, step: unknown): string[] {
  if (typeof step === 'string')
    return step
      .split(/\n+/)
      .map((line) => text(doc, line))
      .filter((s): s is string => !!s);
  if (step && typeof step === 'object') {
    const o = step as Json;
    const t = text(doc, o.text) ?? text(doc, o.name);
    return t ? [t] : [];
  }
  return [];
}

function readInstructions(doc: Document, value: unknown): RecipeSteps[] {
  const list = Array.isArray(value) ? value : [value];
  const out: RecipeSteps[] = [];
  let loose: RecipeSteps | null = null;
  let count = 0;
  for (const item of list.slice(0, MAX_ITEMS)) {
    const o = item && typeof item === 'object' ? (item as Json) : null;
    const inner = o?.itemListElement;
    if (o && Array.isArray(inner)) {
      const steps = inner.slice(0, MAX_ITEMS).flatMap((s) => stepText(doc, s));
      if (steps.length) out.push({ section: text(doc, o.name), steps });
      loose = null;
      count += steps.length;
    } else {
      const steps = stepText(doc, item);
      if (!steps.length) continue;
      if (!loose) out.push((loose = { section: null, steps: [] }));
      loose.steps.push(...steps);
      count += steps.length;
    }
    if (count >= MAX_ITEMS) break;
  }
  return out;
}

/** "PT1H30M", "P0DT0H45M" as "1 h 30 min", "45 min"; null for anything else. */
export function readDuration(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:\d+S)?)?$/i.exec(value.trim());
  if (!m) return null;
  const hours = Number(m[1] ?? 0) * 24 + Number(m[2] ?? 0);
  const minutes = Number(m[3] ?? 0);
  const parts = [hours ? `${hours} h` : '', minutes ? `${minutes} min` : ''].filter(Boolean);
  return parts.length ? parts.join(' ') : null;
}

function readYield(doc: Document, value: unknown): string | null {
  const values = (Array.isArray(value) ? value : [value]).map((v) =>
    typeof v === 'number' ? String(v) : text(doc, v),
  );
  // ["8", "8 People"]: the longest says most.
  return values.filter((v): v is string => !!v).sort((a, b) => b.length - a.length)[0] ?? null;
}

/**
 * The page's `Recipe` among its JSON-LD objects, read as text; null without one, and with
 * several: a round-up of recipes is an article about them, not one recipe to complete.
 */
export function readRecipe(doc: Document, objects: readonly Json[]): Recipe | null {
  const recipes = objects.filter(isRecipe);
  if (recipes.length !== 1) return null;
  const o = recipes[0]!;
  const raw = o.recipeIngredient ?? o.ingredients;
  const ingredients = (Array.isArray(raw) ? raw : [raw])
    .slice(0, MAX_ITEMS)
    .map((i) => text(doc, i))
    .filter((i): i is string => !!i);
  const instructions = readInstructions(doc, o.recipeInstructions);
  if (!ingredients.length && !instructions.length) return null;
  const servings = readYield(doc, o.recipeYield);
  const total = readDuration(o.totalTime);
  const facts = [servings ? `Yield: ${servings}` : '', total ? `Total time: ${total}` : '']
    .filter(Boolean)
    .join(' · ');
  return { name: text(doc, o.name), ingredients, instructions, facts: facts || null };
}

/**
 * Whether the recipe is the page's subject: its name shares most of its words with one of the
 * page's titles or headlines (a news page may declare a recipe it only links to). A recipe
 * without a name is taken as the page's.
 */
export function isPageRecipe(recipe: Recipe, titles: readonly (string | null)[]): boolean {
  if (!recipe.name) return true;
  const words = fold(recipe.name)
    .split(' ')
    .filter((w) => w.length >= 3);
  if (!words.length) return true;
  return titles.some((t) => {
    if (!t) return false;
    const title = fold(t);
    return words.filter((w) => title.includes(w)).length >= words.length * PRESENT_SHARE;
  });
}

/** Whether `clipText` holds most of `items`, each by its words of three letters or more. */
function holdsMost(clipText: string, items: readonly string[]): boolean {
  if (!items.length) return true;
  let found = 0;
  for (const item of items) {
    const words = fold(item)
      .split(' ')
      .filter((w) => w.length >= 3)
      .slice(0, 12);
    if (words.every((w) => clipText.includes(w))) found++;
  }
  return found >= items.length * PRESENT_SHARE;
}

/**
 * Appends to `content` the parts of `recipe` it lacks; returns whether it added any. Built
 * with `textContent` only: the data is the page's and is never parsed as markup here.
 */
export function appendRecipeCard(content: Element, recipe: Recipe): boolean {
  const doc = content.ownerDocument;
  const clipText = fold(normalizedText(content));
  const needIngredients = !holdsMost(clipText, recipe.ingredients);
  const steps = recipe.instructions.flatMap((s) => s.steps);
  const needSteps = !holdsMost(clipText, steps);
  if (!needIngredients && !needSteps) return false;
  const el = (tag: string, value?: string): Element => {
    const e = doc.createElement(tag);
    if (value !== undefined) e.textContent = value;
    return e;
  };
  const card = el('section');
  if (needIngredients && recipe.ingredients.length) {
    card.append(el('h2', 'Ingredients'));
    if (recipe.facts) card.append(el('p', recipe.facts));
    const list = el('ul');
    for (const item of recipe.ingredients) list.append(el('li', item));
    card.append(list);
  }
  if (needSteps && steps.length) {
    card.append(el('h2', 'Instructions'));
    for (const part of recipe.instructions) {
      if (part.section) card.append(el('h3', part.section));
      const list = el('ol');
      for (const step of part.steps) list.append(el('li', step));
      card.append(list);
    }
  }
  if (!card.firstChild) return false;
  content.append(card);
  return true;
}
