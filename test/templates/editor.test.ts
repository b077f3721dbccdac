/** The options editor's list edits and rules text, and the popup's template choice. */
import { describe, expect, it } from 'vitest';
import type { Template } from '../../lib/templates/schema';
import type { Extraction } from '../../lib/ui/clip-form';
import { applyTemplate, ruleTemplate, templateContext } from '../../lib/ui/clip-template';
import {
  duplicateTemplate,
  moveTemplate,
  newTemplate,
  putTemplate,
  removeTemplate,
  rulesFromText,
  rulesToText,
} from '../../lib/ui/templates-editor';

const a = newTemplate('a', 'A');
const b = { ...newTemplate('b', 'B'), rules: rulesFromText('example.com/*\n\n schema:Recipe \n') };

describe('template editor', () => {
  it('rules are one a line: URL patterns and schema:Type', () => {
    expect(b.rules).toEqual([
      { kind: 'url', pattern: 'example.com/*' },
      { kind: 'schema', type: 'Recipe' },
    ]);
    expect(rulesToText(b.rules)).toBe('example.com/*\nschema:Recipe');
  });

  it('puts, duplicates, moves and removes in list order', () => {
    let list = putTemplate([a], b);
    expect(list.map((t) => t.id)).toEqual(['a', 'b']);
    list = putTemplate(list, { ...a, name: 'A2' });
    expect(list.map((t) => t.name)).toEqual(['A2', 'B']);
    const copy = duplicateTemplate(b, 'c', '(copy)');
    expect(copy).toMatchObject({ id: 'c', name: 'B (copy)', rules: b.rules });
    expect(copy.rules).not.toBe(b.rules);
    list = moveTemplate(putTemplate(list, copy), 'c', -1);
    expect(list.map((t) => t.id)).toEqual(['a', 'c', 'b']);
    expect(moveTemplate(list, 'a', -1)).toBe(list);
    expect(removeTemplate(list, 'c').map((t) => t.id)).toEqual(['a', 'b']);
  });
});

describe('the popup applies the template the rules pick', () => {
  const answer = {
    ok: true,
    tabId: 1,
    selectionAvailable: true,
    selectionText: 'a quote',
    page: { meta: { 'og:type': 'recipe' }, jsonLd: [], schemaTypes: ['Recipe'], selectors: {} },
    result: {
      mode: 'article',
      title: '',
      byline: null,
      siteName: null,
      published: null,
      excerpt: null,
      lang: null,
      wordCount: 1,
      url: 'https://cook.example/soup',
      isProbablyArticle: true,
      frontmatter: {},
      body: 'Soup.\n',
      markdown: 'Soup.\n',
    },
  } satisfies Extraction;

  it('by schema type, with the selection and an untitled page named by its address', () => {
    const recipe: Template = {
      ...b,
      title: '{{title}}',
      body: '> {{selection}}\n\n{{content}}',
      properties: [{ name: 'kind', type: 'text', value: '{{meta:og:type|upper}}' }],
      destination: { kind: 'folder', folder: 'Food' },
    };
    expect(ruleTemplate([a, recipe], answer)?.id).toBe('b');
    expect(applyTemplate(recipe, templateContext(answer, new Date(0)))).toEqual({
      title: 'https://cook.example/soup',
      body: '> a quote\n\nSoup.\n',
      properties: { kind: 'RECIPE' },
      destination: { kind: 'folder', folder: 'Food' },
    });
  });
});
