/**
 * Templates, rules and tags in real Chromium against the real local service: a rule picks a
 * template by the page's URL and the stored page has the template's destination, title and
 * typed properties (from meta tags, JSON-LD and a CSS selector); tags complete from the tags of
 * earlier clips and are stored as a YAML list; the options page edits templates and refuses an
 * invalid import without changing anything. Writes the template screenshots.
 */
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Template } from '../../lib/templates/schema';
import { articleHtml, LAUNCH_TIMEOUT_MS, launchExtension, type ExtensionHarness } from './harness';
import { openPopupOn, screenshot, serviceApi } from './ui-support';
import { CONDITION_TIMEOUT_MS, E2E_TEST_TIMEOUT_MS } from './waits';

vi.setConfig({ testTimeout: E2E_TEST_TIMEOUT_MS });

let h: ExtensionHarness;
let api: Awaited<ReturnType<typeof serviceApi>>;

const PARAGRAPHS = [
  'Rinse the lentils and let them soak while the onions soften slowly in olive oil with a pinch of salt, until they turn golden and sweet.',
  'Add the cumin and the smoked paprika, stir for a minute, then pour in the stock and the tomatoes and bring everything to a gentle simmer.',
  'After twenty minutes the lentils fall apart and thicken the soup; blend half of it for a creamy texture and keep the rest for bite.',
  'Serve with lemon wedges, chopped parsley and warm flatbread. The soup keeps for three days in the fridge and freezes well.',
];

function recipeHtml(): string {
  const ld = {
    '@context': 'https://schema.org',
    '@type': 'Recipe',
    name: 'Red lentil soup',
    recipeYield: '4 servings',
    recipeCuisine: ['Turkish', 'Vegetarian'],
    author: { '@type': 'Person', name: 'Mina Kaya' },
  };
  return articleHtml('Red lentil soup', PARAGRAPHS)
    .replace(
      '</head>',
      `<meta property="og:type" content="recipe"><meta name="keywords" content="soup, lentils">
<script type="application/ld+json">${JSON.stringify(ld)}</script></head>`,
    )
    .replace('</article>', '<p>Rating: <span class="rating">4.5</span></p></article>');
}

const recipe: Template = {
  id: 'recipe',
  name: 'Recipe',
  destination: { kind: 'folder', folder: 'Kitchen/Soups' },
  title: 'Recipe: {{schema:Recipe.name}}',
  properties: [
    { name: 'type', type: 'text', value: '{{meta:og:type}}' },
    { name: 'cuisine', type: 'list', value: '{{schema:recipeCuisine|lower}}' },
    { name: 'serves', type: 'number', value: '{{schema:recipeYield|split:" "|first}}' },
    { name: 'rating', type: 'number', value: '{{selector:.rating|first}}' },
    { name: 'cook', type: 'text', value: '{{schema:author.name}}' },
    { name: 'tried', type: 'checkbox', value: 'no' },
    { name: 'saved', type: 'date', value: '{{date}}' },
  ],
  body: '> {{url}}\n\n{{content}}',
  rules: [{ kind: 'url', pattern: '127.0.0.1:*/recipes/*' }],
};
const reading: Template = {
  id: 'reading',
  name: 'Reading list',
  destination: { kind: 'ask' },
  title: '{{title|upper}}',
  properties: [{ name: 'status', type: 'text', value: 'unread' }],
  body: '{{content}}',
  rules: [{ kind: 'schema', type: 'Book' }],
};

beforeAll(async () => {
  h = await launchExtension();
  api = await serviceApi(h);
  await h.connect();
  await h.send('templates.set', { templates: [recipe, reading] });
}, LAUNCH_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
});

async function expectValue(locator: Locator, value: string) {
  await expect.poll(() => locator.inputValue(), { timeout: CONDITION_TIMEOUT_MS }).toBe(value);
}

describe('templates and rules', () => {
  it('a rule picks a template by URL; the page is stored with its destination, title and properties', async () => {
    const kitchen = await api.createFolder('Kitchen');
    const soups = await api.createFolder('Soups', kitchen.id);
    await h.send('folders.get', { refresh: true });
    const url = h.pages.add('/recipes/red-lentil-soup', recipeHtml());

    const { popup, article } = await openPopupOn(h, url);
    const picker = popup.getByLabel('Template');
    await expect.poll(() => picker.inputValue(), { timeout: CONDITION_TIMEOUT_MS }).toBe('recipe');
    await popup.getByText('chosen by a rule').waitFor();
    await expectValue(popup.getByLabel('Title', { exact: true }), 'Recipe: Red lentil soup');
    await expect.poll(() => popup.getByLabel('Markdown').inputValue()).toMatch(/^> http:\/\/127/);
    await popup.getByRole('button', { name: /Soups/ }).first().waitFor();
    await popup.getByLabel('Tags', { exact: true }).fill('dinner');
    await popup.getByLabel('Tags', { exact: true }).press('Enter');
    await popup.getByRole('list', { name: 'Tags of this clip' }).getByText('dinner').waitFor();
    await screenshot(popup, 'popup-template');
    await popup.getByRole('button', { name: 'Save', exact: true }).click();
    await popup.getByText(/Saved to/).waitFor({ timeout: CONDITION_TIMEOUT_MS });

    const pages = await api.pagesIn(soups.id);
    expect(pages.map((p) => p.title)).toEqual(['Recipe: Red lentil soup']);
    const markdown = await api.content(pages[0]!.id);
    const head = markdown.slice(0, markdown.indexOf('\n---\n') + 5);
    expect(head).toContain('type: "recipe"\n');
    expect(head).toContain('cuisine:\n  - "turkish"\n  - "vegetarian"\n');
    expect(head).toContain('serves: 4\n');
    expect(head).toContain('rating: 4.5\n');
    expect(head).toContain('cook: "Mina Kaya"\n');
    expect(head).toContain('tried: false\n');
    expect(head).toMatch(/saved: "\d{4}-\d{2}-\d{2}"\n/);
    expect(head).toContain('tags:\n  - "dinner"\n');
    expect(head).toMatch(/pageclip_id: [0-9a-f-]{36}/);
    expect(markdown).toContain(`> ${url}\n`);
    expect(markdown).toContain('Rinse the lentils');
    await popup.close();
    await article.close();
  });

  it('tags complete from earlier clips; switching the template re-applies it', async () => {
    // An earlier clip with tags, saved through the background like any clip.
    await h.send('clip.submit', {
      write: {
        kind: 'create-page',
        clipId: crypto.randomUUID(),
        title: 'Field trip',
        markdown: '---\ntitle: "Field trip"\ntags:\n  - "field-notes"\n---\n\nNotes.\n',
        parentId: null,
      },
      label: 'Field trip',
      waitMs: 5_000,
    });
    const url = h.pages.add(
      '/notes/marshes',
      articleHtml(
        'Salt marshes',
        PARAGRAPHS.map((p) => p.replace(/lentils/g, 'reeds')),
      ),
    );
    const { popup, article } = await openPopupOn(h, url);
    await expectValue(popup.getByLabel('Title', { exact: true }), 'Salt marshes');
    expect(await popup.getByLabel('Template').inputValue()).toBe('');

    const tags = popup.getByLabel('Tags', { exact: true });
    await tags.fill('fie');
    const option = popup.getByRole('option', { name: 'field-notes' });
    await option.waitFor();
    await tags.press('ArrowDown');
    await expect.poll(() => option.getAttribute('aria-selected')).toBe('true');
    await tags.press('Enter');
    await popup.getByRole('list', { name: 'Tags of this clip' }).getByText('field-notes').waitFor();
    await expectValue(tags, '');
    await tags.fill('di');
    await popup.getByRole('option', { name: 'dinner' }).waitFor();
    await tags.press('Escape');
    await expect
      .poll(() => popup.getByRole('listbox', { name: 'Tags from your clips' }).count())
      .toBe(0);
    await tags.fill('');

    await popup.getByLabel('Template').selectOption('reading');
    await expectValue(popup.getByLabel('Title', { exact: true }), 'SALT MARSHES');
    await popup.getByRole('button', { name: 'Save', exact: true }).click();
    await popup.getByText(/Saved to/).waitFor({ timeout: CONDITION_TIMEOUT_MS });
    const page = (await api.pagesIn(null)).find((p) => p.title === 'SALT MARSHES');
    expect(page).toBeDefined();
    const markdown = await api.content(page!.id);
    expect(markdown).toContain('status: "unread"\n');
    expect(markdown).toContain('tags:\n  - "field-notes"\n');
    await popup.close();
    await article.close();
  });

  it('the options page edits templates, and an invalid import changes nothing', async () => {
    const options = await h.openExtensionPage('options.html');
    await options.setViewportSize({ width: 1000, height: 900 });
    const card = options.getByRole('region', { name: 'Templates' });
    await card.getByText('Reading list').waitFor();
    await card.getByRole('button', { name: 'Duplicate Reading list' }).click();
    await card.getByText('Reading list (copy)').waitFor();
    await card.getByRole('button', { name: 'Delete Reading list (copy)' }).click();
    await expect.poll(() => card.getByText('Reading list (copy)').count()).toBe(0);

    await card.getByRole('button', { name: 'Edit Recipe' }).click();
    const editor = card.getByRole('form', { name: /Editing/ });
    await editor.getByLabel('Name', { exact: true }).fill('Recipes');
    await editor.getByLabel('Title format').fill('{{titel}}');
    await editor.getByText('unknown variable "titel"').waitFor();
    await editor.getByLabel('Title format').fill('Recipe: {{schema:Recipe.name}}');
    await screenshot(options, 'options-templates');
    await editor.getByRole('button', { name: 'Save template' }).click();
    await card.getByRole('button', { name: 'Edit Recipes' }).waitFor();
    const saved = await h.send('templates.get', {});
    expect(saved.templates.map((t) => t.name)).toEqual(['Recipes', 'Reading list']);

    await options.locator('input[type=file]').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        JSON.stringify({ format: 'pageclip-templates', version: 1, templates: [{ id: 'x' }] }),
      ),
    });
    await card
      .getByRole('alert')
      .getByText(/not valid at templates\.0\.name/)
      .waitFor();
    expect((await h.send('templates.get', {})).templates).toEqual(saved.templates);
    await options.close();
  });
});
