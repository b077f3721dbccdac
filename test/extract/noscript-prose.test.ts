import { describe, expect, it, vi } from 'vitest';
import { useNoscriptProse } from '../../lib/extract/noscript-prose';
import { rootDoms } from './support/root-doms';
import { EXTRACT_WAYS } from './support/extract-ways';
import { parseHtml } from '../../scripts/parse-html';

// A blog that writes each post from a script template and repeats it for readers without
// scripts, as Google's blogs do (markup written for these tests).
const URL = 'https://blog.example/2020/05/safer-browsing.html';
const POST =
  '<p>Over the past few years the threats on the web have grown more sophisticated, and ' +
  'phishing sites now rotate their domains within hours to avoid being blocked.</p>' +
  '<p>That is why we are announcing a new protection mode today, for readers who want a ' +
  'stronger level of security while they browse.</p>';
const TEMPLATE = `<script type="text/template">${POST}</script>`;

describe.each(Object.entries(rootDoms(URL)))('useNoscriptProse (%s)', (_, parse) => {
  it("puts a post's fallback in its empty container", () => {
    const root = parse(
      `<div class="post-content">${TEMPLATE}<noscript>${POST}</noscript></div>`,
    ).getElementById('root')!;
    useNoscriptProse(root);
    expect(root.querySelector('noscript')).toBeNull();
    expect(root.querySelectorAll('.post-content > p')).toHaveLength(2);
  });

  it('reads a fallback held as markup text, as a browser running scripts keeps it', () => {
    const root = parse('<div class="post-content"><noscript></noscript></div>').getElementById(
      'root',
    )!;
    root.querySelector('noscript')!.textContent = POST;
    useNoscriptProse(root);
    expect(root.querySelector('noscript')).toBeNull();
    expect(root.querySelector('.post-content p')?.textContent).toContain('rotate their domains');
  });

  it("counts the container's text across its elements, whitespace at either end left out", () => {
    // "Loading the article…" is 20 characters (still empty); "Loading the articles…" is 21.
    const box = (words: string) =>
      `<div class="post-content">\n  <b>Loading the</b> <i>${words}</i> \n ${TEMPLATE}<noscript>${POST}</noscript></div>`;
    const root = parse(box('article…') + box('articles…')).getElementById('root')!;
    useNoscriptProse(root);
    const [empty, filled] = Array.from(root.querySelectorAll('.post-content'));
    expect(empty!.querySelector('noscript')).toBeNull();
    expect(empty!.querySelectorAll('p')).toHaveLength(2);
    expect(filled!.querySelector('noscript')).not.toBeNull();
  });

  it('parses a fallback held as markup only when it can make a paragraph', () => {
    const doc = parse(
      '<div class="pic"><noscript></noscript></div><div class="post-content"><noscript></noscript></div>',
    );
    const root = doc.getElementById('root')!;
    const [image, post] = Array.from(root.querySelectorAll('noscript'));
    image!.textContent = '<img src="/a.jpg" alt="">';
    post!.textContent = POST;
    const view = doc.defaultView as { DOMParser?: typeof DOMParser } | null;
    const Parser = view?.DOMParser ?? globalThis.DOMParser;
    const parses = vi.spyOn(Parser.prototype, 'parseFromString');
    try {
      useNoscriptProse(root);
      expect(parses).toHaveBeenCalledTimes(1);
    } finally {
      parses.mockRestore();
    }
    expect(root.querySelector('.pic noscript')).not.toBeNull();
    expect(root.querySelector('.post-content p')?.textContent).toContain('rotate their domains');
  });

  it('leaves a container the script has filled, a notice and an image fallback alone', () => {
    const root = parse(
      `<div class="post-content">${POST}<noscript>${POST}</noscript></div>` +
        '<div class="comments"><noscript><p>Please enable JavaScript to view the comments.</p></noscript></div>' +
        '<div class="pic"><noscript><img src="/a.jpg" alt=""></noscript></div>',
    ).getElementById('root')!;
    useNoscriptProse(root);
    expect(root.querySelectorAll('noscript')).toHaveLength(3);
    expect(root.querySelectorAll('.post-content > p')).toHaveLength(2);
  });
});

describe('a post written by a script, with a fallback for readers without scripts', () => {
  it.each(EXTRACT_WAYS)('is clipped from its fallback, once (%s)', (_, run) => {
    const page =
      '<!DOCTYPE html><html><head><title>Safer browsing</title></head><body>' +
      '<header><h1>The Security Blog</h1><p>News and insights on security.</p></header>' +
      `<article class="post"><h2>Safer browsing</h2><div class="post-body"><div class="post-content" itemprop="articleBody">${TEMPLATE}<noscript>${POST}</noscript></div></div></article>` +
      '</body></html>';
    const r = run(parseHtml(page, URL), URL, {});
    expect(r.body).toContain('phishing sites now rotate their domains');
    expect(r.body).toContain('a new protection mode today');
    expect(r.body.split('rotate their domains')).toHaveLength(2);
  });
});
