import { describe, expect, it } from 'vitest';
import { joinDropCaps } from '../../lib/extract/drop-caps';
import { rootDoms } from './support/root-doms';

describe.each(Object.entries(rootDoms('https://example.com/')))('joinDropCaps (%s)', (_, parse) => {
  const joined = (html: string) => {
    const root = parse(html).getElementById('root')!;
    joinDropCaps(root);
    return Array.from(root.children, (el) => (el.textContent ?? '').trim());
  };

  it('puts a drop cap set apart back at the start of its paragraph', () => {
    expect(
      joined('<span class="cap">T</span><p><a href="/t">urkey</a> and Poland were removed.</p>'),
    ).toEqual(['Turkey and Poland were removed.']);
    expect(
      joined('<div class="dropcap">\n  A\n</div>\n<p> new study shows the river moved.</p>'),
    ).toEqual(['A new study shows the river moved.']);
    expect(joined('<span>„D</span><p>ie Stadt wächst“, sagte sie.</p>')).toEqual([
      '„Die Stadt wächst“, sagte sie.',
    ]);
  });

  it('leaves a letter that stands alone on purpose', () => {
    const kept: string[] = [
      // A capital after it: a new sentence, not the rest of a word.
      '<p>A</p><p>New chapters start here.</p>',
      // A list marker or an option label, not a capital.
      '<span>b</span><p>is the second option.</p>',
      // More than a letter, or not right before the paragraph.
      '<span>Th</span><p>e river.</p>',
      '<span>T</span><img src="/x.png" alt=""><p>urkey.</p>',
    ];
    for (const html of kept) expect(joined(html).length, html).toBeGreaterThan(1);
  });
});
