import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { NoteCopies } from '../../lib/extract/note-copies';
import { parseHtml } from '../../scripts/parse-html';

const doms = {
  jsdom: (html: string) =>
    parseHtml(`<!DOCTYPE html><html><body>${html}</body></html>`, 'https://x.example/'),
  linkedom: (html: string) =>
    parseHTML(`<!DOCTYPE html><html><head></head><body>${html}</body></html>`)
      .document as unknown as Document,
};
const BLOCKS = 'li, p, aside, div, section, dd';

describe.each(Object.entries(doms))('NoteCopies (%s)', (_, parse) => {
  const note = (doc: Document, text: string) => {
    const p = doc.createElement('p');
    p.textContent = text;
    return p;
  };

  it("removes the article's last block with the note's text, never one holding a marker", () => {
    const doc = parse(
      '<main><p>1. The source.</p><p>Body text.</p><p>1. The source.<sup data-pageclip-fn="1"></sup></p></main>',
    );
    const main = doc.querySelector('main')!;
    new NoteCopies(main, BLOCKS).removeCopyOf(note(doc, '1. The source.'));
    expect(main.querySelectorAll('p')).toHaveLength(2);
    expect(main.querySelector('p')!.textContent).toBe('Body text.');
  });

  it('measures again the blocks a removal changed', () => {
    const doc = parse('<main><div id="w"><p>Alpha</p><span>2. Beta.</span></div></main>');
    const main = doc.querySelector('main')!;
    const copies = new NoteCopies(main, BLOCKS);
    copies.removeCopyOf(note(doc, 'Nothing like it')); // every block's text measured
    copies.remove(main.querySelector('p')!);
    copies.removeCopyOf(note(doc, '2. Beta.'));
    expect(main.querySelector('#w')).toBeNull();
  });
});
