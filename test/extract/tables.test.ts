import { describe, expect, it } from 'vitest';
import { toMarkdown } from '../../lib/extract/markdown';
import { classifyTables, TABLE_ATTR } from '../../lib/extract/tables';
import { parseHtml } from '../../scripts/parse-html';

const body = (html: string): Element =>
  parseHtml(`<!DOCTYPE html><html><body>${html}</body></html>`, 'https://example.com/').body;

const modes = (root: Element): (string | null)[] =>
  Array.from(root.querySelectorAll('table')).map((t) => t.getAttribute(TABLE_ATTR));

describe('tables holding code', () => {
  it('takes rows whose cells hold only code out as blocks and keeps the other rows as tables', () => {
    const root = body(
      '<table><tr><td>Declared in <code>&lt;ring&gt;</code></td><td></td><td></td></tr>' +
        '<tr><td><div><pre>typedef unsigned size_type;</pre></div></td><td></td><td>(since v2)</td></tr>' +
        '<tr><td>Member</td><td>value_type</td><td>(since v3)</td></tr>' +
        '<tr><td>Member</td><td>size_type</td><td>(since v3)</td></tr></table>',
    );
    classifyTables(root);
    // The first run of rows is one row of three cells: still a table.
    expect(modes(root)).toEqual(['gfm', 'gfm']);
    expect(toMarkdown(root)).toBe(
      [
        '| Declared in `<ring>` |  |  |',
        '| --- | --- | --- |',
        '',
        '```',
        'typedef unsigned size_type;',
        '```',
        '',
        '(since v2)',
        '',
        '| Member | value\\_type | (since v3) |',
        '| --- | --- | --- |',
        '| Member | size\\_type | (since v3) |',
      ].join('\n'),
    );
  });

  it('flattens the whole table when a cell mixes code with prose (a page laid out in a grid)', () => {
    const root = body(
      '<table><tr><td>Usage</td><td>Notes</td></tr>' +
        '<tr><td><p>Run:</p><pre>make</pre></td><td>Builds all.</td></tr></table>',
    );
    classifyTables(root);
    expect(root.querySelector('table')).toBeNull();
    expect(toMarkdown(root)).toBe('Usage\n\nNotes\n\nRun:\n\n```\nmake\n```\n\nBuilds all.');
  });

  it('flattens a table with code and merged cells: a cut could split a span', () => {
    const root = body(
      '<table><tr><th colspan="2">Members</th></tr>' +
        '<tr><td><pre>void push(T v);</pre></td><td>adds</td></tr></table>',
    );
    classifyTables(root);
    expect(root.querySelector('table')).toBeNull();
  });

  it('does not split a presentation table', () => {
    const root = body(
      '<table role="presentation"><tr><td>Logo</td><td>Title</td></tr>' +
        '<tr><td><pre>x = 1</pre></td><td></td></tr></table>',
    );
    classifyTables(root);
    expect(root.querySelector('table')).toBeNull();
  });
});

describe('links whose text is their URL', () => {
  const md = (html: string): string => toMarkdown(body(html));

  it('are written as autolinks, so a footnote holding only one stays an absolute link', () => {
    expect(md('<p><a href="https://example.org/a_b?x=1">https://example.org/a_b?x=1</a></p>')).toBe(
      '<https://example.org/a_b?x=1>',
    );
    // URL() gives a bare host its root path.
    expect(md('<p><a href="https://example.org/">https://example.org</a></p>')).toBe(
      '<https://example.org/>',
    );
  });

  it('keep the link syntax when an autolink could not carry them unchanged', () => {
    expect(md('<p><a href="https://example.org/"><b>https://example.org/</b></a></p>')).toBe(
      '[**https://example.org/**](https://example.org/)',
    );
    expect(md('<p><a href="mailto:a@example.org">mailto:a@example.org</a></p>')).toBe(
      '[mailto:a@example.org](mailto:a@example.org)',
    );
    expect(md('<p><a href="https://example.org/a|b">https://example.org/a|b</a></p>')).toBe(
      '[https://example.org/a|b](https://example.org/a|b)',
    );
    expect(md('<p><a href="https://example.org/">Example</a></p>')).toBe(
      '[Example](https://example.org/)',
    );
  });
});
