import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readability } from '@mozilla/readability';
import { describe, expect, it } from 'vitest';
import {
  QuickReadability,
  RELIED_ON_METHODS,
  REPLACED_METHODS,
} from '../../lib/extract/quick-readability';
import { documentDoms } from './support/root-doms';
import { parseHtml } from '../../scripts/parse-html';

const URL = 'https://paper.example/2026/orchards';
const FIXTURES = join(__dirname, '../fixtures/extract');

// Readability 0.6.0's methods that QuickReadability replaces, wraps or relies on, by the first
// 16 hex digits of their source's SHA-256. A new Readability that changes one fails here: read
// the new method and carry the change over before updating its hash.
const SOURCES: Record<
  (typeof REPLACED_METHODS)[number] | (typeof RELIED_ON_METHODS)[number],
  string
> = {
  _grabArticle: '56a294c242749917',
  _isProbablyVisible: 'e9daf2ed0ba6a1c5',
  _isValidByline: '9cf9dbce082290f6',
  _isElementWithoutContent: 'fd87e9b386b6e7ad',
  _getCharCount: '28efa7968eba687e',
  _getInnerText: 'ecd0da6a46e638da',
  _getLinkDensity: 'db1283dc0de3a1d5',
  _initializeNode: '5721178dead6cf5a',
  _prepArticle: 'a6ad8193de53bc85',
  _cleanConditionally: 'b68baef74bdf19aa',
  _removeNodes: 'ae80dbbed997c478',
};

type Parsed = ReturnType<Readability<Element>['parse']>;

function answer(r: Parsed) {
  return r && { ...r, content: r.content?.outerHTML ?? null };
}

function both(parse: (html: string) => Document, html: string) {
  const options = { serializer: (node: Node) => node as Element, keepClasses: true };
  return {
    plain: answer(new Readability<Element>(parse(html), options).parse()),
    quick: answer(new QuickReadability<Element>(parse(html), options).parse()),
  };
}

const para = (i: number) =>
  `<p>Paragraph ${i} of the story, with enough words, commas, and clauses to be scored, as Readability scores prose.</p>`;

// Nested wrappers, a byline only in the markup, blank blocks (spaces, a no-break space, a
// comment, breaks), link lists and a comma-poor box that conditional cleaning weighs.
const PAGE = `<!DOCTYPE html><html><head><title>Orchards in winter</title></head><body>
<div class="page"><div class="wrap"><div class="main">
  <div class="post">
    <h1>Orchards in winter</h1>
    <div class="meta"><span class="author">By Ann Grower</span></div>
    <div> <span>\u00a0</span><!-- spacer --> </div><div><br><hr></div>
    <div style="display: none">${para(90)}</div><div hidden>${para(91)}</div>
    <div aria-hidden="true">${para(92)}</div><div style="color: red">${para(93)}</div>
    <div class="body"><div>${[0, 1, 2, 3].map(para).join('')}</div>
      <div class="related"><ul>${[0, 1, 2, 3, 4, 5]
        .map((i) => `<li><a href="/s/${i}">Another story number ${i}</a></li>`)
        .join('')}</ul></div>
      <div>${[4, 5, 6, 7].map(para).join('')}<div class="box">Share <a href="#top">top</a> <a href="/x">print</a></div></div>
      <div class="promo">Read more: <a href="/a">one</a>, <a href="/b">two</a>.</div>
      <div>${[8, 9, 10].map(para).join('')}</div>
    </div>
  </div>
</div></div></div>
<div class="footer"><a href="/about">About</a> <a href="/contact">Contact</a></div>
</body></html>`;

describe('QuickReadability', () => {
  it('replaces or relies on only the Readability methods whose source it was written against', () => {
    const proto = Readability.prototype as unknown as Record<string, () => unknown>;
    for (const name of [...REPLACED_METHODS, ...RELIED_ON_METHODS]) {
      const hash = createHash('sha256').update(proto[name]!.toString()).digest('hex');
      expect({ name, hash: hash.slice(0, 16) }).toEqual({ name, hash: SOURCES[name] });
    }
  });

  for (const [name, parse] of documentDoms(URL)) {
    it(`gives plain Readability's answer on a crafted page (${name})`, () => {
      const { plain, quick } = both(parse, PAGE);
      expect(plain?.byline).toBe('By Ann Grower');
      expect(plain?.content).toContain('Paragraph 10');
      expect(plain?.content).toContain('Paragraph 93');
      expect(plain?.content).not.toMatch(/Paragraph 9[012]/);
      expect(quick).toEqual(plain);
    });
  }

  // In linkedom, where Readability runs several times faster than in jsdom; the golden tests
  // run the whole pipeline, this reader included, in both.
  it("gives plain Readability's answer on every fixture page", () => {
    const parse = documentDoms(URL).find(([name]) => name === 'linkedom')![1];
    const fixtures = readdirSync(FIXTURES).filter((f) => f.endsWith('.html'));
    expect(fixtures.length).toBeGreaterThan(50);
    for (const file of fixtures) {
      const result = both(parse, readFileSync(join(FIXTURES, file), 'utf8'));
      expect({ file, answer: result.quick }).toEqual({ file, answer: result.plain });
    }
  });

  // Under 500 characters once the sidebar goes as an unlikely candidate: Readability starts
  // again with it kept.
  const SHORT = `<!DOCTYPE html><html><head><title>Notes</title></head><body>
<div class="sidebar"><p>${'A note kept in a sidebar, long enough to be read as prose, with commas, clauses and words. '.repeat(8)}</p></div>
<div><p>Short.</p></div></body></html>`;

  for (const [name, parse] of documentDoms(URL)) {
    it(`starts a new pass from a copy of the body's nodes, not its HTML parsed again (${name})`, () => {
      const run = (Reader: typeof Readability) => {
        const doc = parse(SHORT);
        const body = doc.body;
        let proto: object | null = Object.getPrototypeOf(body) as object;
        while (proto && !Object.getOwnPropertyDescriptor(proto, 'innerHTML'))
          proto = Object.getPrototypeOf(proto) as object | null;
        const own = Object.getOwnPropertyDescriptor(proto!, 'innerHTML')!;
        let writes = 0;
        Object.defineProperty(proto!, 'innerHTML', {
          ...own,
          set(this: Element, html: string) {
            if (this === body) writes++;
            own.set!.call(this, html);
          },
        });
        try {
          const result = new Reader<Element>(doc, { serializer: (n) => n as Element }).parse();
          return {
            html: result?.content?.outerHTML,
            writes,
            left: Object.getOwnPropertyDescriptor(body, 'innerHTML'),
          };
        } finally {
          Object.defineProperty(proto!, 'innerHTML', own);
        }
      };
      const plain = run(Readability);
      const quick = run(QuickReadability);
      expect(plain.html).toContain('A note kept in a sidebar');
      expect(plain.writes).toBeGreaterThan(0);
      expect(quick.writes).toBe(0);
      expect(quick.html).toBe(plain.html);
      expect(quick.left).toBeUndefined();
    });
  }

  it('finds a byline by its name before reading its text, and keeps the length limits', () => {
    const doc = parseHtml('<div class="author">x</div><div class="author"></div><p></p>', URL);
    const reader = new QuickReadability(doc);
    const [named, blank, unnamed] = Array.from(doc.body.children);
    const long = doc.createElement('div');
    long.textContent = 'x'.repeat(100);
    expect(reader._isValidByline(named!, 'author ')).toBe(true);
    expect(reader._isValidByline(blank!, 'author ')).toBe(false);
    expect(reader._isValidByline(long, 'author ')).toBe(false);
    long.textContent = 'x'.repeat(99);
    expect(reader._isValidByline(long, 'author ')).toBe(true);
    let reads = 0;
    Object.defineProperty(unnamed!, 'textContent', { get: () => (reads++, 'Ann') });
    expect(reader._isValidByline(unnamed!, 'story ')).toBe(false);
    expect(reads).toBe(0);
  });

  it('sees text past white space, in a CDATA section and not in a comment', () => {
    const doc = parseHtml(
      `<div id="a"> \u00a0\u2028<!-- note --> <br></div>
       <div id="b"><span> </span><b>\u00a0x</b></div>
       <div id="c"><svg><text><![CDATA[y]]></text></svg></div>
       <div id="d"> <br><hr> </div><div id="e"> <span></span> </div>`,
      URL,
    );
    const quick = new QuickReadability(doc);
    const plain = new Readability(doc) as unknown as typeof quick;
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const blank = (reader: typeof quick) =>
      ids.map((id) => reader._isElementWithoutContent(doc.getElementById(id)!));
    expect(blank(quick)).toEqual([true, false, false, true, false]);
    expect(blank(quick)).toEqual(blank(plain));
  });

  it('counts commas as plain Readability does', () => {
    const doc = parseHtml('<p id="p">a, b,,  c ,\n d, <i>e,</i></p><p id="q">none</p>', URL);
    const quick = new QuickReadability(doc);
    const plain = new Readability(doc) as unknown as typeof quick;
    for (const id of ['p', 'q']) {
      const el = doc.getElementById(id)!;
      expect(quick._getCharCount(el)).toBe(plain._getCharCount(el));
      expect(quick._getCharCount(el, ',')).toBe(plain._getCharCount(el, ','));
    }
    expect(quick._getCharCount(doc.getElementById('p')!)).toBe(6);
  });

  it("weighs the candidates' links without reading the candidates' texts", () => {
    // Reads of the outer wrappers' `textContent`: candidates around every paragraph, never
    // part of the article, whose texts only link density asks for (their lengths).
    const reads = (Reader: typeof Readability) => {
      const doc = parseHtml(PAGE, URL);
      const wrappers = new Set<Node>(doc.querySelectorAll('.page, .wrap, .main'));
      const proto = doc.defaultView!.Node.prototype;
      const own = Object.getOwnPropertyDescriptor(proto, 'textContent')!;
      let count = 0;
      Object.defineProperty(proto, 'textContent', {
        ...own,
        get(this: Node) {
          if (wrappers.has(this)) count++;
          return own.get!.call(this);
        },
      });
      const result = new Reader<Element>(doc, { serializer: (node) => node as Element }).parse();
      return { html: result?.content?.outerHTML, count };
    };
    const plain = reads(Readability);
    const quick = reads(QuickReadability);
    expect(quick.html).toBe(plain.html);
    expect(plain.count).toBeGreaterThanOrEqual(3);
    expect(quick.count).toBe(0);
  });

  it('keeps texts while the page cannot change under them', () => {
    // Reads of each element's `textContent` while Readability parses the page.
    const count = (Reader: typeof Readability) => {
      const doc = parseHtml(PAGE, URL);
      const reads = new Map<Node, number>();
      const proto = doc.defaultView!.Node.prototype;
      const own = Object.getOwnPropertyDescriptor(proto, 'textContent')!;
      Object.defineProperty(proto, 'textContent', {
        ...own,
        get(this: Node) {
          if (this.nodeType === 1) reads.set(this, (reads.get(this) ?? 0) + 1);
          return own.get!.call(this);
        },
      });
      const result = new Reader<Element>(doc, { serializer: (node) => node as Element }).parse();
      const all = [...reads.values()];
      return {
        html: result?.content?.outerHTML,
        most: Math.max(...all),
        total: all.reduce((a, b) => a + b, 0),
      };
    };
    const plain = count(Readability);
    const quick = count(QuickReadability);
    expect(quick.html).toBe(plain.html);
    // Plain Readability reads a link's text once for each candidate around it and again in
    // each conditional-cleaning pass; kept, no text is read more than 4 times here (the first
    // paragraph: scored, weighed as the top candidate's sibling, checked for emptiness, and
    // taken as the excerpt).
    expect(plain.most).toBeGreaterThanOrEqual(9);
    expect(quick.most).toBeLessThanOrEqual(4);
    expect(quick.total).toBeLessThan(plain.total * 0.6);
  });
});
