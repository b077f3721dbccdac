/** Rules choosing a template, templates as a file, and the settings item they live in. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readItem, templatesItem } from '../../lib/settings';
import {
  matchTemplate,
  templateProblems,
  templateSelectors,
  urlMatches,
} from '../../lib/templates';
import type { Template } from '../../lib/templates/schema';
import {
  exportTemplatesFile,
  mergeTemplates,
  parseTemplatesFile,
} from '../../lib/templates/transfer';
import { importTemplates } from '../../lib/background/templates';

const base: Omit<Template, 'id' | 'name' | 'rules'> = {
  destination: { kind: 'ask' },
  title: '{{title}}',
  properties: [],
  body: '{{content}}',
};
const news: Template = {
  ...base,
  id: 'news',
  name: 'News',
  rules: [{ kind: 'schema', type: 'NewsArticle' }],
};
const blog: Template = {
  ...base,
  id: 'blog',
  name: 'Blog',
  rules: [{ kind: 'url', pattern: '*.example.com/blog/*' }],
  destination: { kind: 'folder', folder: 'Reading/Blogs' },
};
const recipe: Template = {
  ...base,
  id: 'recipe',
  name: 'Recipe',
  rules: [{ kind: 'schema', type: 'https://schema.org/Recipe' }],
  properties: [
    { name: 'yield', type: 'text', value: '{{selector:".yield"}} {{selector:li|first}}' },
  ],
};

describe('rules', () => {
  it.each([
    ['*.example.com/blog/*', 'https://www.example.com/blog/a', true],
    ['*.example.com/blog/*', 'https://example.com/blog/a', false],
    ['example.com/*', 'http://EXAMPLE.com/x?y', true],
    ['https://example.com/*', 'http://example.com/x', false],
    ['*://news.*/*/2026/*', 'https://news.site.org/world/2026/11/a', true],
    ['example.com', 'https://example.com/', false],
    ['*a*a*a*a*a*a*b', `https://${'a'.repeat(2000)}`, false],
  ])('%s against %.40s: %s', (pattern, url, expected) => {
    expect(urlMatches(pattern, url)).toBe(expected);
  });

  it('the first template in order with a matching rule wins; none gives null', () => {
    const list = [news, blog, recipe];
    expect(matchTemplate(list, 'https://www.example.com/blog/x', ['NewsArticle'])?.id).toBe('news');
    expect(matchTemplate(list, 'https://www.example.com/blog/x', ['Person'])?.id).toBe('blog');
    expect(matchTemplate(list, 'https://cook.example/p', ['recipe'])?.id).toBe('recipe');
    expect(matchTemplate(list, 'https://other.example/', [])).toBeNull();
  });

  it('gathers the selectors templates read, once each', () => {
    expect(templateSelectors([news, recipe, recipe])).toEqual(['.yield', 'li']);
  });

  it('names unknown variables, filters and syntax errors for the editor', () => {
    expect(
      templateProblems({
        ...base,
        id: 'x',
        name: 'x',
        rules: [],
        title: '{{titel|lower|shout}}{{ 1 }}',
      }),
    ).toEqual([
      'title: "1" is not a variable name',
      'title: unknown variable "titel"',
      'title: unknown filter "shout"',
    ]);
    expect(templateProblems(recipe)).toEqual([]);
  });
});

describe('export and import', () => {
  beforeEach(() => fakeBrowser.reset());

  it('a file exported reads back as the same templates', () => {
    const text = exportTemplatesFile([news, blog]);
    expect(parseTemplatesFile(text)).toEqual({ ok: true, templates: [news, blog] });
  });

  it.each([
    ['not json', 'The file is not JSON.'],
    ['{"templates": []}', 'The file is not a Pageclip templates export.'],
    [
      JSON.stringify({
        format: 'pageclip-templates',
        version: 1,
        templates: [{ ...news, properties: [{ name: 'tags', type: 'list', value: '' }] }],
      }),
      'The file is not valid at templates.0.properties.0.name: is set by Pageclip.',
    ],
    [
      JSON.stringify({
        format: 'pageclip-templates',
        version: 1,
        templates: [{ ...news, destination: { kind: 'elsewhere' } }],
      }),
      'The file is not valid at templates.0.destination.kind: Invalid',
    ],
    [
      JSON.stringify({ format: 'pageclip-templates', version: 1, templates: [news, news] }),
      'The file is not valid at templates: template ids repeat.',
    ],
  ])('refuses a file: %#', (text, error) => {
    const parsed = parseTemplatesFile(text);
    expect(parsed.ok ? null : parsed.error).toContain(error);
  });

  it('an invalid file changes nothing in storage; a valid one replaces by id and adds', async () => {
    await templatesItem.setValue([news, blog]);
    expect(
      await importTemplates('{"format":"pageclip-templates","version":2,"templates":[]}'),
    ).toMatchObject({ ok: false });
    expect(await readItem(templatesItem)).toEqual([news, blog]);
    const renamed = { ...news, name: 'News v2' };
    const result = await importTemplates(exportTemplatesFile([renamed, recipe]));
    expect(result).toMatchObject({ ok: true, imported: 2 });
    expect((await readItem(templatesItem)).map((t) => t.name)).toEqual([
      'Blog',
      'News v2',
      'Recipe',
    ]);
  });

  it('merging past the limit is refused', () => {
    const many = Array.from({ length: 100 }, (_, i) => ({ ...news, id: `n${i}` }));
    expect(mergeTemplates(many, [blog])).toMatchObject({ ok: false });
  });

  it('stored templates that do not parse read as none', async () => {
    await fakeBrowser.storage.local.set({ templates: [{ id: 'broken' }] });
    expect(await readItem(templatesItem)).toEqual([]);
  });
});
