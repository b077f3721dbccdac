import { describe, expect, it } from 'vitest';
import {
  composeAppendContent,
  composeLinkMarkdown,
  composePageMarkdown,
  renderHighlight,
  splitFrontmatter,
} from '../../lib/clip-markdown';
import { HighlightTemplateDefault } from '../../lib/highlight-template';

const clipId = '2f1c6a4e-8b9d-4c3e-9f1a-0b2c3d4e5f60';

describe('composePageMarkdown', () => {
  it('adds pageclip_id to the existing frontmatter and puts the note above the clip', () => {
    const md = composePageMarkdown(
      '---\ntitle: A page\nsource: https://e.x/a\n---\n\n# Body\n\ntext\n',
      clipId,
      'My note',
    );
    const { data, body } = splitFrontmatter(md);
    expect(data).toEqual({ title: 'A page', source: 'https://e.x/a', pageclip_id: clipId });
    expect(body.trimStart().startsWith('My note\n\n# Body')).toBe(true);
  });

  it('creates a frontmatter block when the clip has none', () => {
    const md = composePageMarkdown('just text', clipId);
    expect(md.startsWith(`---\npageclip_id: ${clipId}\n---\n`)).toBe(true);
    expect(splitFrontmatter(md).body.trim()).toBe('just text');
  });

  it('keeps YAML-hostile titles intact through the round trip', () => {
    const md = composePageMarkdown('---\ntitle: "a: b # c"\n---\nx', clipId);
    expect(splitFrontmatter(md).data.title).toBe('a: b # c');
  });
});

describe('composeAppendContent', () => {
  it('keeps the note on top and never reads the content as frontmatter', () => {
    expect(composeAppendContent('---\na: 1\n---\n\nbody', 'note')).toBe(
      'note\n\n---\na: 1\n---\n\nbody',
    );
    expect(composeAppendContent('---\n\nAfter a rule\n\n---\n\nmore')).toBe(
      '***\n\nAfter a rule\n\n---\n\nmore',
    );
    expect(composeAppendContent('body')).toBe('body');
  });
});

describe('renderHighlight', () => {
  const date = new Date('2026-11-21T08:30:00.000Z');

  it('quotes every line of a multi-line selection and links the source', () => {
    const out = renderHighlight(HighlightTemplateDefault, {
      quote: 'first line\nsecond line',
      title: 'A [great] page',
      url: 'https://example.com/a (b)',
      date,
    });
    expect(out).toBe(
      '> first line\n> second line\n\n— [A \\[great\\] page](https://example.com/a%20%28b%29), 2026-11-21',
    );
  });

  it('fills a custom template', () => {
    const out = renderHighlight('{{date}} {{title}}: "{{quote}}" <{{url}}>', {
      quote: 'q',
      title: 'T',
      url: 'https://e.x/',
      date,
    });
    expect(out).toBe('2026-11-21 T: "q" <https://e.x/>');
  });
});

describe('composeLinkMarkdown', () => {
  it('makes a bookmark page linking the target', () => {
    const md = composeLinkMarkdown('https://e.x/doc', 'The doc', 'https://e.x/', new Date(0)) ?? '';
    expect(splitFrontmatter(md).data.source).toBe('https://e.x/doc');
    expect(md).toContain('[The doc](https://e.x/doc)');
  });
});
