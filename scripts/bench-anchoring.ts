/**
 * Anchoring benchmark: 100 highlights on a long generated article (jsdom), placed again on
 * the unchanged page, after text was inserted before them, after every passage was reworded,
 * and after a tenth of them were removed (the orphans cost a full approximate search each).
 *
 *   npm run bench:anchoring [-- --paragraphs N] [--highlights N] [--runs N]
 *
 * Prints the page's size and, per scenario, the median time over the runs of reading the page's
 * text and placing every highlight, how many were placed by each method and how many are orphans.
 */
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { JSDOM } from 'jsdom';
import { anchorAll, describeRange, textModel, type HighlightSelectors } from '../lib/anchoring';

const { values } = parseArgs({
  options: {
    paragraphs: { type: 'string', default: '800' },
    highlights: { type: 'string', default: '100' },
    runs: { type: 'string', default: '3' },
  },
});
const PARAGRAPHS = Number(values.paragraphs);
const HIGHLIGHTS = Number(values.highlights);
const RUNS = Number(values.runs);

// A fixed pseudo-random stream, so every run measures the same page.
// (mulberry32: a multiply-and-modulo generator in doubles loses precision and falls into a
// short cycle, which repeats whole paragraphs and makes a removed passage still findable.)
let seed = 20261124;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 2 ** 32;
};
// A vocabulary of a real article's size: a few hundred common words plus a long tail of
// generated ones, so sentences differ as they do in prose (a tiny vocabulary makes every
// sentence a near-copy of every other, which no real page is).
const COMMON = (
  'the a of and in on with by from that is was are were for to at as it its which this these ' +
  'tide river marsh salt peat heron channel delta reed mud silt estuary water plant bank ' +
  'flood season coast fish root wave current shore island bird grass sand storm levee'
).split(' ');
const SYLLABLES = 'ka lo mi ne ru sa te vi zo pa ri mo lu ne ga fe di bo'.split(' ');
const RARE = Array.from({ length: 2_000 }, () =>
  Array.from(
    { length: 2 + Math.floor(random() * 3) },
    () => SYLLABLES[Math.floor(random() * SYLLABLES.length)],
  ).join(''),
);
const word = () =>
  random() < 0.45
    ? COMMON[Math.floor(random() * COMMON.length)]
    : RARE[Math.floor(random() * RARE.length)];
const sentence = (n: number) => Array.from({ length: n }, word).join(' ') + '.';

function page(): string {
  const ps = Array.from(
    { length: PARAGRAPHS },
    (_, i) =>
      `<p>${sentence(14)} <em>${sentence(4)}</em> ${sentence(20)}</p>${i % 50 === 0 ? '\n<h2>Part</h2>' : ''}`,
  );
  return `<!doctype html><html><body><article>${ps.join('\n')}</article></body></html>`;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
}

const html = page();
const dom = new JSDOM(html);
const body = dom.window.document.body;
const paragraphs = [...body.querySelectorAll('p')];
const chosen = Array.from({ length: HIGHLIGHTS }, (_, i) =>
  Math.floor(((i + 0.5) * paragraphs.length) / HIGHLIGHTS),
);

// Each highlight: the last sentence's middle 60-odd characters of a chosen paragraph.
const model = textModel(body);
const stored: HighlightSelectors[] = chosen.map((pi) => {
  const p = paragraphs[pi] as Element;
  const span = model.spanOf(rangeOver(p))!;
  const start = span.start + 60;
  return describeRange(body, model.rangeOf(start, start + 70)!, model)!;
});

function rangeOver(node: Node): Range {
  const r = dom.window.document.createRange();
  r.selectNodeContents(node);
  return r;
}

type Edit = (doc: Document) => void;
const reword = (p: Element) => {
  const text = p.lastChild as Text;
  // Two words of the passage change: about a tenth of its characters.
  text.data = text.data.replace(/ (\w+) (\w+) (\w+) (\w+)/, ' $1 river $3 shore');
};
const scenarios: [string, Edit][] = [
  ['unchanged', () => {}],
  [
    'text inserted before every passage',
    (doc) =>
      doc.querySelectorAll('p').forEach((p) => p.insertAdjacentHTML('afterbegin', '<b>New:</b> ')),
  ],
  [
    'every passage reworded',
    (doc) => chosen.forEach((pi) => reword(doc.querySelectorAll('p')[pi] as Element)),
  ],
  [
    'a tenth of the passages removed',
    (doc) => {
      // Found before removing, as removing shifts the indices of the paragraphs after it.
      const all = doc.querySelectorAll('p');
      const gone = chosen.filter((_, i) => i % 10 === 0).map((pi) => all[pi] as Element);
      gone.forEach((p) => p.remove());
    },
  ],
];

console.log(
  `page: ${PARAGRAPHS} paragraphs, ${model.text.length.toLocaleString('en')} characters of text; ` +
    `${HIGHLIGHTS} highlights of ${stored[0]!.quote.exact.length} characters; median of ${RUNS} runs`,
);
for (const [name, edit] of scenarios) {
  const times: number[] = [];
  const readTimes: number[] = [];
  let methods: Record<string, number> = {};
  for (let run = 0; run < RUNS; run++) {
    const copy = new JSDOM(html);
    edit(copy.window.document);
    const t0 = performance.now();
    textModel(copy.window.document.body);
    readTimes.push(performance.now() - t0);
    const t1 = performance.now();
    const placed = anchorAll(copy.window.document.body, stored);
    times.push(performance.now() - t1);
    methods = {};
    for (const a of placed) {
      const key = a?.method ?? 'orphan';
      methods[key] = (methods[key] ?? 0) + 1;
    }
  }
  const total = median(times);
  console.log(
    `${name.padEnd(36)} ${total.toFixed(1).padStart(8)} ms total ` +
      `(${(total / HIGHLIGHTS).toFixed(2)} ms a highlight, reading the text ${median(readTimes).toFixed(1)} ms)  ` +
      Object.entries(methods)
        .map(([k, v]) => `${k} ${v}`)
        .join(', '),
  );
}
