/**
 * A page written to attack a clipper: script in the title, `javascript:` and `data:` links,
 * `on*` handlers, `<img onerror>`, markup-looking text, an `<iframe srcdoc>`, SVG with script
 * and forms posting to script URLs, metadata with markup, and (optionally) a huge DOM.
 *
 * Every script on it reports to `window.__pwned` and to `beacon` (a URL the e2e test watches),
 * so any script of it that runs anywhere we look is caught.
 */
import { JSDOM } from 'jsdom';
import MarkdownIt from 'markdown-it';

export const HOSTILE_TITLE =
  '<script>window.__pwned="title"</script><img src=x onerror=alert(1)> Pwned & Co';

export function hostileHtml(opts: { beacon: string; hugeParagraphs?: number }): string {
  const hit = (where: string) =>
    `fetch('${opts.beacon}?where=${where}');window.__pwned=(window.__pwned||'')+'${where} '`;
  const huge = Array.from(
    { length: opts.hugeParagraphs ?? 0 },
    (_, i) =>
      `<div class="filler"><p onclick="${hit('huge')}">Filler paragraph ${i} about the subject with enough words to look like prose.</p></div>`,
  ).join('\n');
  const titleText = HOSTILE_TITLE.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>${titleText}</title>
<meta property="og:title" content="&lt;svg onload=${hit('og')}&gt;">
<meta name="author" content="&lt;img src=x onerror=alert(2)&gt;">
<script>${hit('head-script')}</script>
</head>
<body onload="${hit('body-onload')}">
<main><article>
<h1 onmouseover="${hit('h1')}">Hostile article &lt;script&gt;alert("h1")&lt;/script&gt;</h1>
<p>This article tries every trick. <a href="javascript:${hit('js-link')}">A javascript link</a>,
<a href="JaVaScRiPt:alert(3)">mixed case</a>, <a href="&#106;avascript:alert(4)">entity</a>,
<a href=" javascript:alert(5)">leading space</a>, <a href="data:text/html,&lt;script&gt;alert(6)&lt;/script&gt;">a data link</a>
and <a href="vbscript:msgbox(7)">vbscript</a>. A <a href="https://example.org/safe">safe link</a> stays.</p>
<p onclick="${hit('p-onclick')}">Text that shows markup: &lt;img src=x onerror=alert(8)&gt; and &lt;script&gt;alert(9)&lt;/script&gt; are just words here.</p>
<p><img src="x" onerror="${hit('img-onerror')}" alt="broken &lt;b onmouseover=alert(10)&gt;"> An image that fails to load.</p>
<p><img src="javascript:alert(11)" alt="js image"> <img src="data:image/svg+xml,&lt;svg onload=alert(12)&gt;" alt="svg image"></p>
<p>Math as MathJax 2 leaves it: <span class="MathJax" data-mathml="&lt;math&gt;&lt;mi&gt;E&lt;/mi&gt;&lt;mo&gt;=&lt;/mo&gt;&lt;mi&gt;m&lt;/mi&gt;&lt;msup&gt;&lt;mi&gt;c&lt;/mi&gt;&lt;mn&gt;2&lt;/mn&gt;&lt;/msup&gt;&lt;/math&gt;&lt;img src=x onerror=&quot;${hit('mathml')}&quot;&gt;&lt;script&gt;${hit('mathml-script')}&lt;/script&gt;">E = mc2</span>, markup the page itself never parses.</p>
<svg><script>${hit('svg-script')}</script><a href="javascript:alert(13)"><text>svg link</text></a></svg>
<iframe srcdoc="&lt;script&gt;parent.__pwned='iframe'&lt;/script&gt;"></iframe>
<form action="javascript:alert(14)"><button formaction="javascript:alert(15)">Go</button></form>
<p>Enough ordinary words follow so that the reader view sees a real article here: the quick brown
fox jumps over the lazy dog, again and again, paragraph after paragraph, sentence after sentence,
until the text is long enough to be considered the main content of the page by any heuristic.</p>
<p>More ordinary prose for the article, written plainly: a clipper must keep the words and drop
the tricks, keep the safe link and drop the dangerous ones, and never run a line of this page.</p>
${huge}
</article></main>
<noscript><img src=x onerror="${hit('noscript')}"></noscript>
<template><script>${hit('template')}</script></template>
</body></html>`;
}

const markdownIt = new MarkdownIt({ html: true, linkify: true });

/** Everything active a rendered markdown body could carry. */
export function activeContent(markdownBody: string): string[] {
  const html = markdownIt.render(markdownBody);
  const doc = new JSDOM(html).window.document;
  const found: string[] = [];
  for (const el of Array.from(doc.querySelectorAll('*'))) {
    const tag = el.localName;
    if (
      [
        'script',
        'iframe',
        'object',
        'embed',
        'svg',
        'math',
        'form',
        'meta',
        'base',
        'style',
        'link',
      ].includes(tag)
    )
      found.push(`<${tag}>`);
    for (const attr of Array.from(el.attributes)) {
      if (/^on/i.test(attr.name)) found.push(`${tag}[${attr.name}]`);
      if (['href', 'src', 'action', 'formaction', 'xlink:href', 'srcdoc'].includes(attr.name)) {
        // What a browser would resolve: entities decoded, control characters and spaces ignored.
        const url = [...attr.value]
          .filter((c) => c.charCodeAt(0) > 0x20)
          .join('')
          .toLowerCase();
        if (attr.name === 'srcdoc' || /^(javascript|vbscript|data):/.test(url))
          found.push(`${tag}[${attr.name}=${attr.value}]`);
      }
    }
  }
  return found;
}
