/**
 * Highlights placed again over a set of edits to the web page, each edit a case: where every
 * highlight lands afterwards (its text), or that it became an orphan.
 */
import { describe, expect, it } from 'vitest';
import { describeSpan, matchQuote, type HighlightSelectors } from '../../lib/anchoring';

const PARAGRAPHS = [
  'Salt marshes are coastal wetlands that are flooded and drained by salt water brought in by the tides.',
  'They are marshy because the soil may be composed of deep mud and peat.',
  'Peat is made of decomposing plant matter that is often several feet thick.',
  'Herons stalk the creeks at low water, waiting for small fish that the ebb leaves behind.',
  'Storms push sea water far inland, and the marsh absorbs much of the surge before it reaches the town.',
];
const PAGE = PARAGRAPHS.join(' ');

const PASSAGES = [
  'flooded and drained by salt water brought in by the tides',
  'composed of deep mud and peat',
  'waiting for small fish that the ebb leaves behind',
  'the marsh absorbs much of the surge',
];

const stored: HighlightSelectors[] = PASSAGES.map((p) => {
  const start = PAGE.indexOf(p);
  return describeSpan(PAGE, start, start + p.length);
});

const placed = (text: string) =>
  stored.map((s) => {
    const m = matchQuote(text, s);
    return m ? text.slice(m.start, m.end) : null;
  });

const EDITS: [name: string, edit: (text: string) => string, expected: (string | null)[]][] = [
  ['unchanged', (t) => t, PASSAGES],
  ['a paragraph inserted at the top', (t) => `Updated in May: new survey figures. ${t}`, PASSAGES],
  [
    'white space and line breaks re-flowed (as the text model folds them)',
    (t) => t.replaceAll('. ', '.  ').replace(/ +/g, ' '),
    PASSAGES,
  ],
  [
    'a word changed inside a passage',
    (t) => t.replace('small fish that the ebb', 'little fish that the ebb'),
    [
      PASSAGES[0]!,
      PASSAGES[1]!,
      'waiting for little fish that the ebb leaves behind',
      PASSAGES[3]!,
    ],
  ],
  [
    'spelling and punctuation changed inside a passage',
    (t) => t.replace('flooded and drained by salt water', 'flooded, and drained, by salt-water'),
    [
      'flooded, and drained, by salt-water brought in by the tides',
      PASSAGES[1]!,
      PASSAGES[2]!,
      PASSAGES[3]!,
    ],
  ],
  [
    'a paragraph removed',
    (t) => t.replace(`${PARAGRAPHS[3]!} `, ''),
    [PASSAGES[0]!, PASSAGES[1]!, null, PASSAGES[3]!],
  ],
  [
    'a paragraph removed while a similar sentence elsewhere remains',
    (t) =>
      t
        .replace(`${PARAGRAPHS[3]!} `, '')
        .concat(' Gulls are waiting for small fish that the tide leaves behind on the sand.'),
    [PASSAGES[0]!, PASSAGES[1]!, null, PASSAGES[3]!],
  ],
  [
    'paragraphs reordered',
    () => [PARAGRAPHS[4], PARAGRAPHS[2], PARAGRAPHS[0], PARAGRAPHS[3], PARAGRAPHS[1]].join(' '),
    PASSAGES,
  ],
  [
    'a passage rewritten beyond recognition',
    (t) => t.replace('the marsh absorbs much of the surge', 'wetland vegetation dampens waves'),
    [PASSAGES[0]!, PASSAGES[1]!, PASSAGES[2]!, null],
  ],
  [
    'the passage duplicated with other surroundings',
    (t) => `The guide repeats it: composed of deep mud and peat, it says. ${t}`,
    PASSAGES,
  ],
];

describe('re-anchoring over page edits', () => {
  it.each(EDITS)('%s', (_name, edit, expected) => {
    const text = edit(PAGE);
    expect(placed(text)).toEqual(expected);
  });

  it('keeps a duplicated passage on the occurrence whose context matches', () => {
    const text = `The guide repeats it: composed of deep mud and peat, it says. ${PAGE}`;
    const m = matchQuote(text, stored[1]!);
    expect(m!.start).toBe(text.lastIndexOf(PASSAGES[1]!));
  });

  it('does not move a removed passage to a similar sentence elsewhere', () => {
    // The quote alone is within the allowed edits of the gull sentence; the context is not.
    const text = PAGE.replace(`${PARAGRAPHS[3]!} `, '').concat(
      ' Gulls are waiting for small fish that the tide leaves behind on the sand.',
    );
    expect(matchQuote(text, { quote: { ...stored[2]!.quote, prefix: '', suffix: '' } })).not.toBe(
      null,
    );
    expect(matchQuote(text, stored[2]!)).toBeNull();
  });
});
