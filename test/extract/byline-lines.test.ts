import { describe, expect, it } from 'vitest';
import { removeBylineLines } from '../../lib/extract/byline-lines';
import { rootDoms } from './support/root-doms';

const PARAGRAPH =
  '<p>The council approved the new cycling plan on Tuesday after a long debate about parking, ' +
  'bus lanes and the cost of repainting the junctions in the old town.</p>';

describe.each(Object.entries(rootDoms('https://example.com/')))(
  'removeBylineLines (%s)',
  (_, parse) => {
    const cleaned = (html: string, byline: string | null) => {
      const root = parse(html).getElementById('root')!;
      removeBylineLines(root, byline);
      return (root.textContent ?? '').replace(/\s+/g, ' ').trim();
    };

    it('drops the byline written above the article, labelled or dated', () => {
      const cases: [string, string][] = [
        ['<h5>Jane Doe</h5>', 'Jane Doe'],
        ['<p>Par <strong>Jacques Martin</strong></p>', 'Jacques Martin'],
        ['<p>Von: <a href="/autor/max">Max Muster</a></p>', 'Max Muster'],
        ['<div>Anna Berg 19.10.2019, 05:00 Uhr</div>', 'Anna Berg'],
        ['<ul><li>Thomas Weber</li></ul>', 'Thomas Weber'],
        ['<p>Von Deutscher Tennis Bund 4. 2. 2022.</p>', 'Deutscher Tennis Bund'],
        ['<p>By Jane Doe | March 3, 2020</p>', 'By Jane Doe'],
        // The date first, then a label or a separator.
        ['<p>Dienstag, 13. Mai 2014, von <a href="/jane">Jane Doe</a></p>', 'Jane Doe'],
        ['<p>21. Jan 2022 // Jane Doe</p>', 'Jane Doe'],
        ['<p>3. April 2022 by <a href="/author/mady">mady</a></p>', 'mady'],
      ];
      for (const [line, byline] of cases) {
        const text = cleaned(`<div class="meta">${line}</div>${PARAGRAPH}`, byline);
        expect(text, line).toBe(cleaned(PARAGRAPH, null));
      }
    });

    it('keeps the name further on, in a sentence, or with more than a date', () => {
      const kept = [
        `${PARAGRAPH}<p>Jane Doe</p>`,
        '<p>Jane Doe, who chairs the committee, opened the meeting.</p>',
        '<p>Jane Doe talks to the mayor about the plan</p>',
        '<p>Das Gespräch führte Jane Doe.</p>',
        // Its link inside a sentence: no line of its own.
        '<p><b>The trends, as <a href="/in/jane">Jane Doe</a>, analyst, sees them.</b></p>',
        // A date run into the name is a sentence.
        '<p>Am 3. Mai sprach Jane Doe</p>',
        '<p>3 Fragen an Jane Doe</p>',
        // An author box: the name beside the photo.
        '<ul><li><a href="/jane"><img src="/jane.jpg" alt=""> <span>Jane Doe</span></a></li></ul>',
      ];
      for (const html of kept) {
        const text = cleaned(html + PARAGRAPH, 'Jane Doe');
        expect(text, html).toContain('Jane Doe');
      }
      expect(cleaned(`<p>Jane Doe</p>${PARAGRAPH}`, null)).toContain('Jane Doe');
    });
  },
);
