import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CollapsedLengths } from '../../lib/extract/collapsed-length';
import { documentDoms } from './support/root-doms';

const URL = 'https://paper.example/2026/orchards';
const FIXTURES = join(__dirname, '../fixtures/extract');

// What Readability measures: the trimmed text with each run of two or more spaces made one.
const measured = (el: Element) => (el.textContent ?? '').trim().replace(/\s{2,}/g, ' ').length;
const samePage = (link: Element) => /^#.+/.test(link.getAttribute('href') ?? '');

// Runs of every kind of white space `\s` knows, across element boundaries, beside comments,
// in CDATA (SVG), in empty elements and all-white-space elements, and links of both kinds,
// nested, empty, in SVG.
const EDGES = `<!DOCTYPE html><html><head><title>t</title></head><body>
<div id="a"> \u00a0\u2028<!-- note --> <br></div>
<div id="b"><span> </span><b>\u00a0x</b> <i> y </i>z\t\n\v\f\r\u1680\u2000\u200a\u2029\u202f\u205f\u3000\ufeff.</div>
<div id="c"><svg><text><![CDATA[ y  z ]]></text><a href="/s"><text>svg link</text></a></svg></div>
<div id="d"><a href="/one"> one  link </a>,<a href="#note"> a note </a><a href="/e"></a> and <em><a href="/two">two</a></em></div>
<div id="e"><a href="/outer">out<span> <a href="/inner">in</a></span></a> <p></p><p>   </p>end </div>
<div id="f">x<!-- c --><!-- d -->  y<span></span>  z</div>
</body></html>`;

describe('CollapsedLengths', () => {
  for (const [name, parse] of documentDoms(URL)) {
    it(`counts each element's text as Readability measures it, on edge cases (${name})`, () => {
      const doc = parse(EDGES);
      const lengths = new CollapsedLengths(samePage);
      for (const el of Array.from(doc.querySelectorAll('*')))
        expect({ el: el.id || el.nodeName, n: lengths.of(el) }).toEqual({
          el: el.id || el.nodeName,
          n: measured(el),
        });
      expect(lengths.of(doc.getElementById('b')!)).toBe('x y z .'.length);
    });

    it(`sums the links' lengths when none counts for less, else leaves it to the caller (${name})`, () => {
      const doc = parse(EDGES);
      const lengths = new CollapsedLengths(samePage);
      const summed = (el: Element) =>
        Array.from(el.getElementsByTagName('a')).reduce((n, a) => n + measured(a), 0);
      for (const id of ['a', 'b', 'c', 'e', 'f']) {
        const el = doc.getElementById(id)!;
        expect({ id, n: lengths.linkedLength(el) }).toEqual({ id, n: summed(el) });
      }
      expect(lengths.linkedLength(doc.getElementById('c')!)).toBe('svg link'.length);
      expect(lengths.linkedLength(doc.getElementById('e')!)).toBeGreaterThan(0);
      expect(lengths.linkedLength(doc.getElementById('d')!)).toBeNull();
    });
  }

  it('counts every element of every fixture page as Readability measures it', () => {
    const parse = documentDoms(URL).find(([name]) => name === 'linkedom')![1];
    const fixtures = readdirSync(FIXTURES).filter((f) => f.endsWith('.html'));
    expect(fixtures.length).toBeGreaterThan(50);
    for (const file of fixtures) {
      const doc = parse(readFileSync(join(FIXTURES, file), 'utf8'));
      const lengths = new CollapsedLengths(samePage);
      const wrong = Array.from(doc.querySelectorAll('*')).filter(
        (el) => lengths.of(el) !== measured(el),
      );
      expect({ file, wrong: wrong.map((el) => el.nodeName) }).toEqual({ file, wrong: [] });
    }
  });
});
