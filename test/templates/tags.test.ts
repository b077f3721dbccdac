/** Tags: collected from frontmatter, bounded, completed; the clip form's tags field state. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { composeWrite } from '../../lib/background/clips';
import { knownTags, rememberTagsOf } from '../../lib/background/templates';
import {
  addKnownTags,
  completeTags,
  MAX_KNOWN_TAGS,
  tagsOfFrontmatter,
  type KnownTag,
} from '../../lib/tags/known-tags';
import {
  enterTag,
  initialTagInput,
  tagInputReducer,
  type TagInputAction,
} from '../../lib/ui/tag-input';

const known: KnownTag[] = [
  { tag: 'reading', count: 1, lastUsed: 3 },
  { tag: 'recipes', count: 5, lastUsed: 1 },
  { tag: 'to-read', count: 2, lastUsed: 2 },
];

describe('known tags', () => {
  beforeEach(() => fakeBrowser.reset());

  it('reads tags from a YAML list or comma text, normalised, once each', () => {
    expect(tagsOfFrontmatter({ tags: ['#rivers', ' to read ', 'rivers', 3, { x: 1 }] })).toEqual([
      'rivers',
      'to-read',
      '3',
    ]);
    expect(tagsOfFrontmatter({ tags: 'a, b' })).toEqual(['a', 'b']);
    expect(tagsOfFrontmatter({ title: 'x' })).toEqual([]);
  });

  it('counts, keeps the first spelling, and drops the least recently used past the bound', () => {
    let list = addKnownTags([], ['Rivers'], 1);
    list = addKnownTags(list, ['rivers', 'lakes'], 2);
    expect(list).toEqual([
      { tag: 'Rivers', count: 2, lastUsed: 2 },
      { tag: 'lakes', count: 1, lastUsed: 2 },
    ]);
    const many = Array.from({ length: MAX_KNOWN_TAGS + 10 }, (_, i) => `t${i}`);
    list = addKnownTags(list, many, 3);
    expect(list).toHaveLength(MAX_KNOWN_TAGS);
    expect(list.some((t) => t.tag === 'Rivers')).toBe(false);
  });

  it('completes prefixes first, then substrings, by use; chosen tags left out', () => {
    expect(completeTags(known, 're', [])).toEqual(['recipes', 'reading', 'to-read']);
    expect(completeTags(known, 're', ['Recipes'])).toEqual(['reading', 'to-read']);
    expect(completeTags(known, 'zz', [])).toEqual([]);
  });

  it('a clip written with tags is remembered from its frontmatter, and stored as a YAML list', async () => {
    const write = composeWrite(
      {
        kind: 'create-page',
        clipId: '2f1c6a4e-8b9d-4c3e-9f1a-0b2c3d4e5f60',
        title: 'T',
        markdown: '---\ntitle: "T"\n---\n\nBody\n',
        parentId: null,
      },
      undefined,
      { tags: ['rivers', 'to-read'], rating: 4.5, read: false },
    );
    expect(write.kind === 'create-page' && write.markdown).toBe(
      '---\npageclip_id: 2f1c6a4e-8b9d-4c3e-9f1a-0b2c3d4e5f60\ntitle: "T"\ntags:\n  - "rivers"\n  - "to-read"\nrating: 4.5\nread: false\n---\n\nBody\n',
    );
    await rememberTagsOf(write.kind === 'create-page' ? write.markdown : '', 10);
    await rememberTagsOf('---\ntags: [rivers, "unclosed\n---\n', 11); // broken YAML: skipped
    expect((await knownTags()).tags.map((t) => [t.tag, t.count])).toEqual([
      ['rivers', 1],
      ['to-read', 1],
    ]);
  });
});

describe('the tags field', () => {
  const run = (actions: TagInputAction[]) =>
    actions.reduce((s, a) => tagInputReducer(s, a, known), initialTagInput);

  it('a comma or Enter adds what is typed; Backspace on empty removes the last', () => {
    let s = run([{ type: 'typed', query: 'alpha, beta,ga' }]);
    expect(s.tags).toEqual(['alpha', 'beta']);
    expect(s.query).toBe('ga');
    expect(enterTag(s, known)).toBe('ga');
    s = tagInputReducer(s, { type: 'add', tag: 'ga' }, known);
    expect(s).toMatchObject({ tags: ['alpha', 'beta', 'ga'], query: '', open: false });
    s = tagInputReducer(s, { type: 'remove-last' }, known);
    expect(s.tags).toEqual(['alpha', 'beta']);
    expect(enterTag(s, known)).toBeNull();
  });

  it('arrow keys walk the suggestions and wrap through "none"', () => {
    let s = run([
      { type: 'typed', query: 're' },
      { type: 'move', by: 1 },
    ]);
    expect(enterTag(s, known)).toBe('recipes');
    s = run([
      { type: 'typed', query: 're' },
      { type: 'move', by: -1 },
    ]);
    expect(s.active).toBe(2);
    s = tagInputReducer(s, { type: 'move', by: 1 }, known);
    expect(s.active).toBe(-1);
    expect(enterTag(s, known)).toBe('re');
  });
});
