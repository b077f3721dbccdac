import { describe, expect, it } from 'vitest';
import {
  appendRecipeCard,
  isPageRecipe,
  readDuration,
  readRecipe,
} from '../../lib/extract/recipe-card';
import { parseHtml } from '../../scripts/parse-html';
import { EXTRACT_WAYS } from './support/extract-ways';
import { rootDoms } from './support/root-doms';

// Recipes written for these tests, shaped as recipe sites publish them in JSON-LD.
const RECIPE = {
  '@type': ['Recipe'],
  recipeYield: ['4', '4 servings'],
  totalTime: 'P0DT1H20M',
  recipeIngredient: ['250 g plain flour', '2 eggs', '100 ml milk'],
  recipeInstructions: 'Whisk the eggs with the milk.\n\nFold in the flour and rest the batter.',
};

describe.each(Object.entries(rootDoms('https://kitchen.example/r')))(
  'recipe card (%s)',
  (_, parse) => {
    const card = (body: string, recipe: Record<string, unknown> = RECIPE) => {
      const doc = parse(body);
      const root = doc.getElementById('root')!;
      const parsed = readRecipe(doc, [{ '@type': 'WebPage' }, recipe]);
      const added = parsed ? appendRecipeCard(root, parsed) : false;
      return { added, text: (root.textContent ?? '').replace(/\s+/g, ' ').trim(), root };
    };

    it('appends the ingredients and the steps a clip lacks, with the yield and the time', () => {
      const { added, root } = card('<p>A batter for the weekend.</p>');
      expect(added).toBe(true);
      const items = Array.from(root.querySelectorAll('ul > li'), (li) => li.textContent);
      expect(items).toEqual(['250 g plain flour', '2 eggs', '100 ml milk']);
      const steps = Array.from(root.querySelectorAll('ol > li'), (li) => li.textContent);
      expect(steps).toEqual([
        'Whisk the eggs with the milk.',
        'Fold in the flour and rest the batter.',
      ]);
      expect(root.querySelector('section > p')?.textContent).toBe(
        'Yield: 4 servings · Total time: 1 h 20 min',
      );
    });

    it('adds nothing the clip already holds', () => {
      const { added } = card(
        '<ul><li>250 g plain flour</li><li>2 eggs</li><li>100 ml milk</li></ul>' +
          '<ol><li>Whisk the eggs with the milk.</li><li>Fold in the flour and rest the batter.</li></ol>',
      );
      expect(added).toBe(false);
    });

    it('adds only the part the clip lacks', () => {
      const { added, root } = card(
        '<ul><li>250 g plain flour</li><li>2 eggs</li><li>100 ml milk</li></ul>',
      );
      expect(added).toBe(true);
      expect(root.querySelectorAll('h2')).toHaveLength(1);
      expect(root.querySelector('h2')?.textContent).toBe('Instructions');
    });

    it('keeps markup in the data as text, and reads none from a page without a recipe', () => {
      const hostile = { ...RECIPE, recipeIngredient: ['<img src=x onerror=alert(1)>2 eggs'] };
      const { root } = card('<p>Text.</p>', hostile);
      expect(root.querySelector('img')).toBeNull();
      expect(root.querySelector('ul > li')?.textContent).toBe('2 eggs');
      expect(readRecipe(parse(''), [{ '@type': 'NewsArticle', headline: 'x' }])).toBeNull();
    });
  },
);

describe.each(Object.entries(rootDoms('https://kitchen.example/r')))(
  'the page recipe (%s)',
  (_, parse) => {
    it("takes the page's one recipe when its name is the page's, never one of several", () => {
      const doc = parse('');
      const named = readRecipe(doc, [{ ...RECIPE, name: 'Weekend pancakes' }])!;
      expect(isPageRecipe(named, ['Weekend pancakes | Kitchen Example'])).toBe(true);
      expect(isPageRecipe(named, ['Council votes on the harbour', null])).toBe(false);
      expect(readRecipe(doc, [RECIPE, { ...RECIPE, name: 'Another' }])).toBeNull();
    });
  },
);

describe('readDuration', () => {
  it('reads ISO 8601 durations as hours and minutes', () => {
    expect(readDuration('PT15M')).toBe('15 min');
    expect(readDuration('PT1H')).toBe('1 h');
    expect(readDuration('P0DT1H50M')).toBe('1 h 50 min');
    expect(readDuration('P1DT2H')).toBe('26 h');
    expect(readDuration('15 minutes')).toBeNull();
    expect(readDuration('PT0M')).toBeNull();
  });
});

describe('the card in a clip', () => {
  it.each(EXTRACT_WAYS)("is left out when the page's recipe is not its subject (%s)", (_, run) => {
    const url = 'https://news.example/harbour';
    const ld = JSON.stringify({ ...RECIPE, name: 'Weekend pancakes' });
    const page =
      `<html><head><title>Council votes on the harbour</title><script type="application/ld+json">${ld}</script></head>` +
      `<body><article><h1>Council votes on the harbour</h1><p>${'The council voted on the harbour plans late on Tuesday. '.repeat(12)}</p></article></body></html>`;
    const r = run(parseHtml(page, url), url, { now: new Date('2026-01-01T00:00:00Z') });
    expect(r.body).toContain('The council voted');
    expect(r.body).not.toContain('Ingredients');
  });
});
