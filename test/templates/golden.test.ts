/**
 * Golden cases for templates (lib/templates) and their frontmatter (lib/clip-markdown): each
 * template applied to the same clip gives exactly this title, body and frontmatter.
 */
import { describe, expect, it } from 'vitest';
import {
  splitFrontmatter,
  withProperties,
  type FrontmatterProperty,
} from '../../lib/clip-markdown';
import { renderTemplate, renderText, type TemplateContext } from '../../lib/templates';
import type { Template } from '../../lib/templates/schema';

const ctx: TemplateContext = {
  title: 'How Rivers Shape Valleys',
  url: 'https://www.example.com/science/rivers?ref=home',
  site: 'Example Science',
  author: 'Ada Lovelace',
  published: '2026-03-05T10:00:00Z',
  description: 'Water, rock and time.',
  selection: '',
  content: '# Young valleys\n\nSteep and narrow.\n',
  date: '2026-11-24T12:00:00.000Z', // noon UTC: the same day in every time zone the tests run in
  page: {
    meta: {
      'og:type': 'article',
      keywords: 'rivers, Geology , erosion',
      'article:section': 'Earth',
    },
    jsonLd: [
      {
        '@type': 'NewsArticle',
        headline: 'Rivers',
        author: [{ '@type': 'Person', name: 'Ada Lovelace' }, { name: 'Grace Hopper' }],
        wordCount: 1234,
        isAccessibleForFree: true,
      },
      { '@type': 'Recipe', recipeYield: '4 servings', author: { name: 'Chef' } },
    ],
    schemaTypes: ['NewsArticle', 'Recipe'],
    selectors: { '.rating': ['4.5'], h2: ['Young valleys', 'Old valleys'] },
  },
};

function template(partial: Partial<Template>): Template {
  return {
    id: 't',
    name: 'T',
    destination: { kind: 'ask' },
    title: '{{title}}',
    properties: [],
    body: '{{content}}',
    rules: [],
    ...partial,
  };
}

const frontmatter =
  '---\ntitle: "How Rivers Shape Valleys"\nsource: "https://www.example.com/science/rivers?ref=home"\n---\n\n';

function clip(t: Template, tags?: string[]): string {
  const rendered = renderTemplate(t, ctx);
  const props: Record<string, FrontmatterProperty | null> = {};
  for (const p of rendered.properties) props[p.name] = p.value;
  if (tags) props.tags = tags;
  return `# ${rendered.title}\n${withProperties(frontmatter + rendered.body, props)}`;
}

const cases: [name: string, actual: () => unknown, expected: unknown][] = [
  [
    'plain variables',
    () => renderText('{{title}} · {{site}} · {{domain}}', ctx),
    'How Rivers Shape Valleys · Example Science · example.com',
  ],
  [
    'lower, upper, slug',
    () => renderText('{{title|lower}} {{author|upper}} {{title|slug}}', ctx),
    'how rivers shape valleys ADA LOVELACE how-rivers-shape-valleys',
  ],
  [
    'date format with a colon in quotes',
    () => renderText('{{published|date:"YYYY/MM/DD"}} {{date|date}}', ctx),
    `2026/03/05 2026-11-24`,
  ],
  [
    'meta with a colon in its name',
    () => renderText('{{meta:og:type}}/{{meta:ARTICLE:SECTION}}', ctx),
    'article/Earth',
  ],
  [
    'meta list split and first',
    () => renderText('{{meta:keywords|split|first|lower}}', ctx),
    'rivers',
  ],
  [
    'schema field as a list, joined',
    () => renderText('{{schema:author.name|join:" & "}}', ctx),
    'Ada Lovelace & Grace Hopper',
  ],
  ['schema field of one type', () => renderText('{{schema:Recipe.author}}', ctx), 'Chef'],
  [
    'lone expression keeps a list',
    () => renderText('{{selector:h2}}', ctx),
    ['Young valleys', 'Old valleys'],
  ],
  ['selector in quotes, last', () => renderText('{{selector:"h2"|last}}', ctx), 'Old valleys'],
  [
    'default for empty, unknown variable empty',
    () => renderText('{{selection|default:"none"}}[{{nothing}}]', ctx),
    'none[]',
  ],
  [
    'replace and truncate',
    () => renderText('{{title|replace:"Valleys":"Canyons"|truncate:10}}', ctx),
    'How Rivers…',
  ],
  ['unknown filter renders nothing; text kept', () => renderText('a{{title|shout}}b', ctx), 'ab'],
  [
    'code-like input is text, never run',
    () => renderText('{{constructor}}{{__proto__}}{{meta:__proto__}}{{title|constructor}}', ctx),
    '',
  ],
  ['an unclosed expression is text', () => renderText('{{title', ctx), '{{title'],
  [
    'a whole template: title, body layout, typed properties',
    () =>
      clip(
        template({
          title: '{{site}}: {{title}}',
          body: '> {{description}}\n\n{{content}}\nBy {{author}}',
          properties: [
            { name: 'kind', type: 'text', value: '{{meta:og:type}}' },
            { name: 'authors', type: 'list', value: '{{schema:author.name}}' },
            { name: 'keywords', type: 'list', value: '{{meta:keywords|lower}}' },
            { name: 'published', type: 'date', value: '{{published}}' },
            { name: 'words', type: 'number', value: '{{schema:NewsArticle.wordCount}}' },
            { name: 'rating', type: 'number', value: '{{selector:.rating|first}}' },
            { name: 'free', type: 'checkbox', value: '{{schema:isAccessibleForFree}}' },
            { name: 'read', type: 'checkbox', value: '' },
            { name: 'missing', type: 'text', value: '{{selection}}' },
            { name: 'bad number', type: 'number', value: 'lots' },
          ],
        }),
        ['rivers', 'to-read'],
      ),
    '# Example Science: How Rivers Shape Valleys\n---\ntitle: "How Rivers Shape Valleys"\nsource: "https://www.example.com/science/rivers?ref=home"\nkind: "article"\nauthors:\n  - "Ada Lovelace"\n  - "Grace Hopper"\nkeywords:\n  - "rivers"\n  - "geology"\n  - "erosion"\npublished: "2026-03-05"\nwords: 1234\nrating: 4.5\nfree: true\nread: false\ntags:\n  - "rivers"\n  - "to-read"\n---\n\n> Water, rock and time.\n\n# Young valleys\n\nSteep and narrow.\n\nBy Ada Lovelace',
  ],
  [
    'a title from the page cannot break lines; page text cannot break the YAML',
    () =>
      clip(
        template({
          title: '{{selector:h2|join:"\n"}}',
          properties: [{ name: 'note', type: 'text', value: '---\n"x": <b>{{title}}</b>' }],
        }),
      ),
    '# Young valleys Old valleys\n---\ntitle: "How Rivers Shape Valleys"\nsource: "https://www.example.com/science/rivers?ref=home"\nnote: "---\n\n  \\"x\\": \\x3Cb>How Rivers Shape Valleys\\x3C/b>"\n---\n\n# Young valleys\n\nSteep and narrow.\n',
  ],
  [
    'an empty title format falls back to the page title',
    () => renderTemplate(template({ title: '{{nothing}}' }), ctx).title,
    'How Rivers Shape Valleys',
  ],
];

describe('templates golden', () => {
  it.each(cases)('%s', (_name, actual, expected) => {
    expect(actual()).toEqual(expected);
  });

  it('page text in a property reads back as itself', () => {
    const value = '---\n"x": <b>y</b>';
    const markdown = withProperties(frontmatter + 'body', { note: value });
    expect(splitFrontmatter(markdown)).toEqual({
      data: { title: ctx.title, source: ctx.url, note: value },
      body: '\nbody',
    });
  });
});
