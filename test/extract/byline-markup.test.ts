import { describe, expect, it } from 'vitest';
import { markupByline } from '../../lib/extract/byline-markup';
import { documentDoms } from './support/root-doms';
import { EXTRACT_WAYS } from './support/extract-ways';
import { parseHtml } from '../../scripts/parse-html';

// Author markup written for these tests after the shapes common themes print.
const URL = 'https://blog.example/2019/fifteen-years';
const page = (body: string) =>
  `<!DOCTYPE html><html><head><title>x</title></head><body>${body}</body></html>`;
const POST =
  '<div class="entry-content"><p>Fifteen years of writing here, and the blog is still going.</p></div>';

describe.each(documentDoms(URL))('markupByline (%s)', (_, parse) => {
  it("takes the name from a theme's author card in the post's header", () => {
    const doc = parse(
      page(
        '<article><header class="entry-header"><h1>Fifteen years</h1><p class="entry-meta">' +
          '<span class="byline"><span class="author vcard"><span class="screen-reader-text">Author</span>' +
          '<a class="url fn n" href="/author/jane/">Jane Doe</a></span></span></p></header>' +
          `${POST}</article>`,
      ),
    );
    expect(markupByline(doc)).toBe('Jane Doe');
  });

  it("prefers a microdata author's name to the card around it", () => {
    const doc = parse(
      page(
        '<article><div itemprop="author" itemscope><img alt="" src="/jane.jpg"> Written by ' +
          `<span itemprop="name">Jane Doe</span></div>${POST}</article>`,
      ),
    );
    expect(markupByline(doc)).toBe('Jane Doe');
  });

  it("takes the name from a card or an element classed as the author's name", () => {
    const card = parse(
      page(
        '<article><p class="entry-meta"><span class="entry-meta-author vcard">' +
          `<a class="fn" href="/author/jane/">Jane Doe</a></span></p>${POST}</article>`,
      ),
    );
    expect(markupByline(card)).toBe('Jane Doe');
    const named = parse(
      page(
        `<article><div class="td-post-author-name">By <a href="/author/jane/">Jane Doe</a></div>${POST}</article>`,
      ),
    );
    expect(markupByline(named)).toBe('By Jane Doe');
  });

  it('takes a link to the author', () => {
    const doc = parse(
      page(`<article><p>By <a rel="author" href="/jane">Jane Doe</a></p>${POST}</article>`),
    );
    expect(markupByline(doc)).toBe('Jane Doe');
  });

  it("takes a link to the author's page, the name marked inside it first", () => {
    const link = parse(
      page(
        '<article><header><h1>Fifteen years</h1><p>Posted on <a href="/2019/">2019</a> by ' +
          `<a href="https://blog.example/author/jane-doe/">Jane Doe</a></p></header>${POST}</article>`,
      ),
    );
    expect(markupByline(link)).toBe('Jane Doe');
    // The photo's credit inside the same link is no part of the name.
    const named = parse(
      page(
        '<article><a href="/autoren/jana-roth-684124"><img src="/jana.jpg" alt="Jana Roth">' +
          '<span class="teaser-copyright">© Jana Roth</span><span itemprop="name"> Jana Roth </span></a>' +
          `${POST}</article>`,
      ),
    );
    expect(markupByline(named)).toBe('Jana Roth');
    // The words around the name go; a link to the list of authors or saying "more" names no one.
    const worded = parse(
      page(
        '<nav><a href="/autoren/">Autoren</a></nav><article><a href="/ez/article/author/view/28">mehr</a>' +
          `${POST}<p><a href="https://blog.example/author/martin">Alles von Martin Junker</a></p></article>`,
      ),
    );
    expect(markupByline(worded)).toBe('Martin Junker');
    const menuOnly = parse(
      page(`<div><a href="/autoren/">Autoren</a></div><article>${POST}</article>`),
    );
    expect(markupByline(menuOnly)).toBeNull();
    // A link to the author's page inside the comments names a commenter.
    const comment = parse(
      page(
        `<article>${POST}</article><div class="comments"><a href="/author/sam/">Sam Lee</a></div>`,
      ),
    );
    expect(markupByline(comment)).toBeNull();
  });

  it('names no commenter, and nobody on a page without author markup', () => {
    const doc = parse(
      page(
        `<article>${POST}</article><div id="comments"><ol class="commentlist"><li>` +
          '<div class="comment-author vcard"><cite class="fn">Sam Lee</cite></div>' +
          '<p>Congratulations!</p></li></ol></div>' +
          '<aside><div class="author vcard"><span class="fn">Other Writer</span></div></aside>',
      ),
    );
    expect(markupByline(doc)).toBeNull();
    expect(markupByline(parse(page(`<article>${POST}</article>`)))).toBeNull();
    // A commenter's card outside any comment list.
    const loose = parse(
      page(
        `<article>${POST}<div class="comment-author vcard"><cite class="fn">Sam Lee</cite></div></article>`,
      ),
    );
    expect(markupByline(loose)).toBeNull();
    // A card the capture marked hidden (hidden.ts).
    const hidden = parse(
      page(
        `<article><div data-pageclip-hidden=""><a rel="author" href="/jane">Jane Doe</a></div>${POST}</article>`,
      ),
    );
    expect(markupByline(hidden)).toBeNull();
    // Reader letters under an id of their own, classed as their authors.
    const letters = parse(
      page(
        `<article>${POST}</article><div id="comment_entries"><div class="letter">` +
          '<span class="autor">Sam Lee</span><p>Well said.</p></div></div>',
      ),
    );
    expect(markupByline(letters)).toBeNull();
  });

  it("reads a hidden hCard, as a theme hides a one-author blog's byline", () => {
    const doc = parse(
      page(
        '<article><header><h1>Fifteen years</h1><span class="byline" data-pageclip-hidden="">' +
          '<span class="author vcard"><a class="url fn n" href="/author/jane/">Jane Doe</a>' +
          `</span></span></header>${POST}</article>`,
      ),
    );
    expect(markupByline(doc)).toBe('Jane Doe');
  });

  it('takes an element only classed as the author, when it holds a few names', () => {
    const doc = parse(
      page(
        `<article><div class="post--author"><div class="author">Jane Doe</div></div>${POST}</article>`,
      ),
    );
    expect(markupByline(doc)).toBe('Jane Doe');
    const two = parse(
      page(
        `<article><span class="auteurs">Jane Doe et Sam Lee, 3 mars 2020</span>${POST}</article>`,
      ),
    );
    expect(markupByline(two)).toBe('Jane Doe et Sam Lee, 3 mars 2020');
    // An author box whose name runs into its buttons and bio.
    const box = parse(
      page(
        '<article><div class="author"><a href="/u/jdoe">jdoe</a> Creating search engine tools ' +
          `since 2010 <button>Message</button></div>${POST}</article>`,
      ),
    );
    expect(markupByline(box)).toBeNull();
  });
  it('leaves out the date and reading time an author card holds after the names', () => {
    const doc = parse(
      page(
        '<article><div class="author"><div class="byline"><div class="name"><a href="/a/jane">' +
          '<small>Jane Doe</small></a><span>, </span><a href="/a/sam"><small>Sam Lee</small></a>' +
          '</div></div><time datetime="2022-05-04"><b>Hace 13 horas</b></time>' +
          `<div class="time-read">Tiempo de lectura: 8 minutos</div></div>${POST}</article>`,
      ),
    );
    expect(markupByline(doc)).toBe('Jane Doe, Sam Lee');
  });
});

describe("an author named only by a link to the author's page", () => {
  it.each(EXTRACT_WAYS)(
    "is the clip's author, and the line under the headline goes (%s)",
    (_, run) => {
      const html =
        '<!DOCTYPE html><html><head><title>Fifteen years</title></head><body><article>' +
        '<h1>Fifteen years</h1><div class="meta"><a href="https://blog.example/author/jane-doe/">Jane Doe</a></div>' +
        `${POST.repeat(4)}</article></body></html>`;
      const r = run(parseHtml(html, URL), URL, {});
      expect(r.byline).toBe('Jane Doe');
      expect(r.body).not.toContain('Jane Doe');
      expect(r.body).toContain('Fifteen years of writing here');
    },
  );
});
