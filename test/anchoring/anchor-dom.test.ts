// @vitest-environment jsdom
/** Describing selections in a DOM and placing them again after the page changed. */
import { beforeEach, describe, expect, it } from 'vitest';
import { anchorAll, describeRange, textModel, type HighlightSelectors } from '../../lib/anchoring';

const ARTICLE = `
  <article>
    <h1>Salt   marshes</h1>
    <script>window.data = { "marsh": "Salt marshes" };</script>
    <p>Salt marshes are coastal wetlands that are flooded and drained by salt water brought in by the tides.</p>
    <p>They are <em>marshy</em> because the soil may be composed of deep mud and peat.</p>
    <style>p { color: black }</style>
    <p>Peat is made of decomposing plant matter that is often several feet thick.</p>
    <p>Note: salt marshes are among the most productive ecosystems on Earth.</p>
    <p>Note: salt marshes are also rapidly disappearing along many coasts.</p>
  </article>`;

/** A DOM range over the first occurrence of `passage` in the body's text model. */
function select(passage: string): Range {
  const model = textModel(document.body);
  const at = model.text.indexOf(passage);
  if (at < 0) throw new Error(`not on the page: ${passage}`);
  return model.rangeOf(at, at + passage.length)!;
}

function describeText(passage: string): HighlightSelectors {
  return describeRange(document.body, select(passage))!;
}

const placedText = (list: ReturnType<typeof anchorAll>) =>
  list.map((a) => a?.range.toString() ?? null);

beforeEach(() => {
  document.body.innerHTML = ARTICLE;
});

describe('the text model', () => {
  it('folds white space, skips scripts and styles, and maps spans to ranges and back', () => {
    const model = textModel(document.body);
    expect(model.text.startsWith('Salt marshes Salt marshes are coastal wetlands')).toBe(true);
    expect(model.text).not.toContain('window.data');
    expect(model.text).not.toContain('color: black');
    expect(model.text).not.toMatch(/\s\s|\n/);
    const at = model.text.indexOf('marshy because');
    const range = model.rangeOf(at, at + 'marshy because'.length)!;
    expect(range.toString()).toBe('marshy because');
    expect(range.startContainer.parentElement?.tagName).toBe('EM');
    expect(model.spanOf(range)).toEqual({ start: at, end: at + 'marshy because'.length });
  });

  it('describes a range given on elements, and a range over white space only as nothing', () => {
    const p = document.querySelectorAll('p')[2]!;
    const range = document.createRange();
    range.selectNodeContents(p);
    const selectors = describeRange(document.body, range)!;
    expect(selectors.quote.exact).toBe(
      'Peat is made of decomposing plant matter that is often several feet thick.',
    );
    expect(selectors.quote.prefix).toBe(' composed of deep mud and peat. ');
    expect(selectors.quote.suffix).toBe(' Note: salt marshes are among th');
    const blank = document.createRange();
    blank.setStart(document.querySelector('article')!.firstChild!, 0);
    blank.setEnd(document.querySelector('article')!.firstChild!, 3);
    expect(describeRange(document.body, blank)).toBeNull();
  });
});

describe('anchoring after page edits', () => {
  const passages = [
    'flooded and drained by salt water brought in by the tides',
    'the soil may be composed of deep mud and peat',
    'decomposing plant matter that is often several feet thick',
  ];

  it('draws every highlight again on the unchanged page, by position', () => {
    const stored = passages.map(describeText);
    const placed = anchorAll(document.body, stored);
    expect(placedText(placed)).toEqual(passages);
    expect(placed.map((a) => a?.method)).toEqual(['position', 'position', 'position']);
  });

  it('finds them when text and markup were inserted before them', () => {
    const stored = passages.map(describeText);
    document
      .querySelector('h1')!
      .insertAdjacentHTML(
        'afterend',
        '<aside><b>Updated</b> with a new map of the estuary and <a href="#">two photos</a>.</aside>',
      );
    const placed = anchorAll(document.body, stored);
    expect(placedText(placed)).toEqual(passages);
    expect(placed.map((a) => a?.method)).toEqual(['quote', 'quote', 'quote']);
  });

  it('finds a passage whose markup changed around and inside it', () => {
    const stored = [describeText(passages[1]!)];
    const p = document.querySelectorAll('p')[1]!;
    p.innerHTML =
      'They are marshy because the <span>soil</span> may be\n   composed of <i>deep mud</i> and peat.';
    const [placed] = anchorAll(document.body, stored);
    expect(placed?.range.toString().replace(/\s+/g, ' ')).toBe(passages[1]);
  });

  it('places a slightly reworded passage and makes a removed one an orphan', () => {
    const stored = passages.map(describeText);
    const [first, , third] = document.querySelectorAll('p');
    first!.textContent =
      'Salt marshes are coastal wetlands which are flooded and drained by salty water carried in by the tides.';
    third!.remove();
    const placed = anchorAll(document.body, stored);
    expect(placed[0]?.method).toBe('fuzzy');
    expect(placed[0]?.range.toString()).toBe(
      'flooded and drained by salty water carried in by the tides',
    );
    expect(placed[1]?.range.toString()).toBe(passages[1]);
    expect(placed[2]).toBeNull();
  });

  it('tells duplicate passages apart by their context', () => {
    const model = textModel(document.body);
    const second = model.text.lastIndexOf('Note: salt marshes are');
    const range = model.rangeOf(second, second + 'Note: salt marshes are'.length)!;
    const stored = describeRange(document.body, range, model)!;
    // Both notes move, and the stored position now points nearer the first.
    document.querySelector('h1')!.remove();
    const placed = anchorAll(document.body, [{ quote: stored.quote }]);
    expect(placed[0]?.range.startContainer.textContent).toContain('rapidly disappearing');
  });

  it('does not change the page', () => {
    const before = document.body.innerHTML;
    anchorAll(document.body, passages.map(describeText));
    expect(document.body.innerHTML).toBe(before);
  });
});

describe('describing and placing any selection', () => {
  it('places every selection of a mixed page back on exactly its text', () => {
    document.body.innerHTML = `<div>  Lead <b>bold\n   words</b>and<i> </i>more\u00a0text.
      <ul><li>one</li><li> two  <code>x = 1</code></li></ul><p>End<span></span> here .</p></div>`;
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
    const fold = (s: string) => s.replace(/\s+/g, ' ').trim();
    let checked = 0;
    // Every pair of boundary points, stepping through each text node's offsets.
    const points = nodes.flatMap((node) =>
      Array.from({ length: node.data.length + 1 }, (_, offset) => [node, offset] as const),
    );
    for (let i = 0; i < points.length; i += 3) {
      for (let j = i + 1; j < points.length; j += 4) {
        const range = document.createRange();
        range.setStart(...points[i]!);
        range.setEnd(...points[j]!);
        const selectors = describeRange(document.body, range);
        if (!fold(range.toString())) {
          expect(selectors).toBeNull();
          continue;
        }
        const [placed] = anchorAll(document.body, [selectors!]);
        expect(placed?.method).toBe('position');
        expect(fold(placed!.range.toString())).toBe(fold(range.toString()));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(200);
  });
});
