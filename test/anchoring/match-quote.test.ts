/** Re-anchoring a stored quote over a set of page edits, on plain text. */
import { describe, expect, it } from 'vitest';
import { allowedErrors, describeSpan, matchQuote } from '../../lib/anchoring';

const PAGE = [
  'Tidal forests grow where rivers meet the sea.',
  'Mangrove roots trap silt and slow the waves that would otherwise wear the coast away.',
  'Fishermen say the young fish shelter among the roots until they are strong enough to leave.',
  'In the dry season the channels narrow and herons wait at every bend.',
].join(' ');

/** The selectors of the first occurrence of `passage` in PAGE, as a selection would give them. */
function highlight(passage: string, text = PAGE) {
  const start = text.indexOf(passage);
  if (start < 0) throw new Error(`not in the page: ${passage}`);
  return describeSpan(text, start, start + passage.length);
}

const PASSAGE = 'Mangrove roots trap silt and slow the waves';

describe('matchQuote', () => {
  it('places an unchanged page by position', () => {
    const found = matchQuote(PAGE, highlight(PASSAGE));
    expect(found).toMatchObject({ method: 'position', errors: 0 });
    expect(PAGE.slice(found!.start, found!.end)).toBe(PASSAGE);
  });

  it('finds the exact quote when text was inserted before it', () => {
    const edited = `Breaking: a new survey of the delta is out. ${PAGE}`;
    const found = matchQuote(edited, highlight(PASSAGE));
    expect(found).toMatchObject({ method: 'quote', errors: 0 });
    expect(edited.slice(found!.start, found!.end)).toBe(PASSAGE);
  });

  it('finds the exact quote when text before it was removed', () => {
    const edited = PAGE.replace('Tidal forests grow where rivers meet the sea. ', '');
    const found = matchQuote(edited, highlight(PASSAGE));
    expect(found?.method).toBe('quote');
    expect(edited.slice(found!.start, found!.end)).toBe(PASSAGE);
  });

  it('finds a slightly reworded passage approximately', () => {
    const edited = `An update. ${PAGE.replace('trap silt and slow', 'trap the silt and calm')}`;
    const found = matchQuote(edited, highlight(PASSAGE));
    expect(found?.method).toBe('fuzzy');
    expect(found!.errors).toBeGreaterThan(0);
    expect(edited.slice(found!.start, found!.end)).toBe(
      'Mangrove roots trap the silt and calm the waves',
    );
  });

  it('finds a passage whose spelling and punctuation changed', () => {
    const passage = 'Fishermen say the young fish shelter among the roots';
    const edited = PAGE.replace(
      passage,
      'Fishermen say, the young fishes shelter amongst the roots',
    );
    const found = matchQuote(edited, highlight(passage));
    expect(found?.method).toBe('fuzzy');
    expect(edited.slice(found!.start, found!.end)).toBe(
      'Fishermen say, the young fishes shelter amongst the roots',
    );
  });

  it('makes a removed passage an orphan', () => {
    const edited = PAGE.replace(
      'Fishermen say the young fish shelter among the roots until they are strong enough to leave. ',
      '',
    );
    expect(matchQuote(edited, highlight('the young fish shelter among the roots'))).toBeNull();
  });

  it('makes a passage rewritten beyond recognition an orphan', () => {
    const edited = PAGE.replace(PASSAGE, 'Coastal vegetation reduces erosion considerably');
    expect(matchQuote(edited, highlight(PASSAGE))).toBeNull();
  });

  it('finds short quotes only exactly', () => {
    expect(allowedErrors(5)).toBe(0);
    expect(matchQuote(PAGE.replace('herons', 'egrets'), highlight('herons'))).toBeNull();
  });

  it('makes an empty quote an orphan', () => {
    expect(matchQuote(PAGE, describeSpan(PAGE, 3, 3))).toBeNull();
  });

  describe('duplicates', () => {
    const twice = [
      'Chapter one. The river rose in the night and the village woke to water at the door.',
      'Chapter two. The river rose in the night and the bridge was gone by morning.',
    ].join(' ');
    const second = twice.lastIndexOf('The river rose in the night');
    const selectors = describeSpan(twice, second, second + 'The river rose in the night'.length);

    it('tells the second occurrence from the first by its prefix and suffix after an edit', () => {
      const edited = `Preface added later. ${twice}`;
      const found = matchQuote(edited, selectors);
      expect(found?.method).toBe('quote');
      expect(found!.start).toBe(edited.lastIndexOf('The river rose in the night'));
    });

    it('follows the context, not the old position, when the occurrences swapped places', () => {
      const swapped = [
        'Chapter two. The river rose in the night and the bridge was gone by morning.',
        'Chapter one. The river rose in the night and the village woke to water at the door.',
      ].join(' ');
      const found = matchQuote(swapped, selectors);
      expect(found?.method).toBe('quote');
      expect(found!.start).toBe(swapped.indexOf('The river rose in the night'));
      // The other occurrence is the one nearer the stored position.
      const hint = selectors.position!.start;
      const other = swapped.lastIndexOf('The river rose in the night');
      expect(Math.abs(other - hint)).toBeLessThan(Math.abs(found!.start - hint));
    });

    it('uses the suffix alone when the prefixes are the same', () => {
      const text = 'Note: keep dry. Note: keep dry, the seeds rot otherwise. Note: keep dry.';
      const at = text.indexOf('keep dry, the seeds');
      const sel = describeSpan(text, at, at + 'keep dry'.length);
      const found = matchQuote(`x ${text}`, { quote: sel.quote });
      expect(found!.start).toBe(at + 2);
    });

    it('disambiguates duplicates among fuzzy matches by context too', () => {
      const edited = `Intro. ${twice.replaceAll('The river rose in the night', 'The river rose during the night')}`;
      const found = matchQuote(edited, { quote: selectors.quote });
      expect(found?.method).toBe('fuzzy');
      expect(found!.start).toBe(edited.lastIndexOf('The river rose during the night'));
    });
  });
});
