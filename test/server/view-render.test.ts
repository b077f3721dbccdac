// The page view renders a clip's markdown for reading (docs/api.md, "Page view"): structure
// as markdown means it, the frontmatter as a properties table, and nothing the clipped page
// wrote can run, load a script or become a dangerous link.
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../helpers/service';
import { createPage, tokenClient, type Client } from './support/http';

let svc: RunningService;
let owner: Client;
let ownerCookie: string;

beforeAll(async () => {
  svc = await startService();
  owner = await tokenClient(svc);
  ownerCookie = await svc.signIn();
});
afterAll(async () => {
  await svc?.stop();
});

const CLIP = `---
title: "Fox <b>facts</b>"
source: https://example.com/fox?x=1&y=2
tags:
  - animals
  - "<i>wild</i>"
---

## The quick fox

A claim with a source[^1] and the energy $E = m_1 c^2 * k_2 * j$ inline.

$$
\\int_0^1 x^2 \\, dx = \\frac{1}{3}
$$

| Animal | Speed |
| ------ | ----: |
| Fox    | 50    |

\`\`\`python
print("<not a tag>")
\`\`\`

> A quote from the page.

- one
- two

<script>alert("script")</script>

<img src=x onerror=alert("img")>

[run me](javascript:alert('link')) [shout](JaVaScRiPt:alert(1)) <javascript:alert(2)>
[data](data:text/html,<script>alert(3)</script>) [vb](vbscript:msgbox)
[web](https://example.com/page) [mail](mailto:fox@example.com) [near](/elsewhere)

![a fox](https://img.example.com/fox.png) ![bad](javascript:alert(4))

[^1]: The footnote text.
`;

async function render(markdown: string): Promise<{ res: Response; html: string; doc: Document }> {
  const page = await createPage(owner, { title: 'Fox facts', markdown });
  const res = await fetch(`${svc.origin}/view/pages/${page.id}`, {
    redirect: 'manual',
    headers: { cookie: ownerCookie },
  });
  const html = await res.text();
  expect(res.status, html).toBe(200);
  return { res, html, doc: new JSDOM(html).window.document };
}

describe('the page view renders markdown, inert', { timeout: 90_000 }, () => {
  it('renders headings, tables, footnotes, code, quotes, lists and math as TeX', async () => {
    const { doc } = await render(CLIP);
    const article = doc.querySelector('main article')!;
    expect(article.querySelector('h2')?.textContent).toBe('The quick fox');

    const cells = [...article.querySelectorAll('table td')].map((td) => td.textContent);
    expect(cells).toEqual(['Fox', '50']);
    expect([...article.querySelectorAll('table th')].map((th) => th.textContent)).toEqual([
      'Animal',
      'Speed',
    ]);

    const ref = article.querySelector('sup.footnote-ref a')!;
    expect(ref.getAttribute('href')).toBe('#fn1');
    expect(article.querySelector('#fn1')?.textContent).toContain('The footnote text.');

    const code = article.querySelector('pre code.language-python')!;
    expect(code.textContent).toBe('print("<not a tag>")\n');
    expect(article.querySelector('blockquote')?.textContent?.trim()).toBe('A quote from the page.');
    expect([...article.querySelectorAll('ul li')].map((li) => li.textContent)).toContain('one');

    // TeX exactly as written: no emphasis out of `*`, no subscripts out of `_`.
    const inline = article.querySelector('code.math')!;
    expect(inline.textContent).toBe('$E = m_1 c^2 * k_2 * j$');
    expect(article.querySelector('pre.math')?.textContent).toBe(
      '$$\n\\int_0^1 x^2 \\, dx = \\frac{1}{3}\n$$',
    );
    expect(article.querySelector('em')).toBeNull();
  });

  it('shows the frontmatter as a properties table above the content, escaped', async () => {
    const { doc, html } = await render(CLIP);
    const table = doc.querySelector('main table.properties')!;
    expect(table).not.toBeNull();
    // Above the article, and the raw YAML block is gone.
    expect(table.compareDocumentPosition(doc.querySelector('main article')!)).toBe(
      doc.defaultView!.Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(html).not.toContain('tags:\n');
    const rows = Object.fromEntries(
      [...table.querySelectorAll('tr')].map((tr) => [
        tr.querySelector('th')!.textContent,
        tr.querySelector('td')!,
      ]),
    );
    expect(Object.keys(rows)).toEqual(['title', 'source', 'tags']);
    expect(rows.title!.textContent).toBe('Fox <b>facts</b>');
    expect(rows.title!.querySelector('b')).toBeNull();
    expect(rows.source!.querySelector('a')?.getAttribute('href')).toBe(
      'https://example.com/fox?x=1&y=2',
    );
    expect(rows.tags!.textContent).toBe('animals, <i>wild</i>');
    expect(rows.tags!.querySelector('i')).toBeNull();
  });

  it('never renders the page HTML, and keeps only safe link schemes', async () => {
    const { doc, res } = await render(CLIP);
    const main = doc.querySelector('main')!;
    // Raw HTML is shown as text.
    expect(doc.querySelector('script')).toBeNull();
    expect(main.textContent).toContain('<script>alert("script")</script>');
    expect(main.textContent).toContain('<img src=x onerror=alert("img")>');
    for (const el of main.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) expect(attr).not.toMatch(/^on/i);
    }

    const hrefs = [...main.querySelectorAll('a[href]')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        'https://example.com/page',
        'mailto:fox@example.com',
        '/elsewhere',
        '#fn1',
      ]),
    );
    for (const href of hrefs) expect(href).toMatch(/^(?:https?:|mailto:|\/|#)/);
    // The unsafe links stay readable as text, not links.
    expect(main.textContent).toContain("[run me](javascript:alert('link'))");
    expect(main.textContent).toContain('[vb](vbscript:msgbox)');

    const images = [...main.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(images).toEqual(['https://img.example.com/fox.png']);

    // Scripts stay forbidden; images may come from the service and the web.
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/^default-src 'none';/);
    expect(csp).not.toMatch(/script-src/);
    expect(csp).toContain("img-src 'self' https: http:");
  });

  it('shows frontmatter that is not a map as text, and renders a page without frontmatter', async () => {
    const odd = await render('---\n- just\n- a list\n---\n\nBody *text*.\n');
    expect(odd.doc.querySelector('table.properties')).toBeNull();
    expect(odd.doc.querySelector('pre.properties')?.textContent).toContain('- a list');
    expect(odd.doc.querySelector('article em')?.textContent).toBe('text');

    const plain = await render('Just a paragraph.\n');
    expect(plain.doc.querySelector('.properties')).toBeNull();
    expect(plain.doc.querySelector('article p')?.textContent).toBe('Just a paragraph.');
  });
});
