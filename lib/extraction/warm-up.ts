/**
 * A first extraction for the extraction document to run as soon as it opens, on a small page
 * of our own. V8 compiles a function when it first runs and a regular expression when it first
 * matches, so the first clip a new document extracted paid for compiling the whole pipeline:
 * 75–95 ms more than a second run on the same page in Chromium 156 (`bench:extract:browser
 * --page … --warm --cold`). The document opens after the clip that found it closed, so this
 * runs while the user reads that clip, not while they wait for the next.
 */
import type { ExtractionAnswer } from '../messaging/extractor';
import { extractCaptured } from './in-document';

/** Written for this purpose: the parts most pages have, so most of the pipeline runs. */
const WARM_UP_HTML = `<!doctype html><html lang="en"><head>
<title>How tides work | Coast Notes</title>
<meta property="og:title" content="How tides work">
<meta property="og:site_name" content="Coast Notes">
<meta name="author" content="Ada Shore">
<meta property="article:published_time" content="2024-03-01T09:00:00Z">
<script type="application/ld+json">{"@type":"Article","headline":"How tides work","author":{"@type":"Person","name":"Ada Shore"}}</script>
</head><body>
<header><nav><a href="/">Home</a> › <a href="/science">Science</a></nav></header>
<main><article>
<h1>How tides work</h1>
<p class="byline">By <a rel="author" href="/ada">Ada Shore</a> · March 1, 2024 · 3 min read</p>
<p>The sea rises and falls twice a day because the <a href="/moon">Moon</a> pulls on the
water nearest to it a little more strongly than on the Earth as a whole, and on the Earth a
little more strongly than on the water on the far side.</p>
<figure><img src="/tide.png" alt="High tide at the harbour" width="800" height="450">
<figcaption>High tide at the harbour. Photo: Coast Notes</figcaption></figure>
<h2 id="spring">Spring and neap tides <a href="#spring" class="anchor">#</a></h2>
<p>When the Sun and the Moon line up, their pulls add up and the tides are <em>larger</em>;
at right angles they partly cancel, and the range is <strong>smaller</strong>.<sup><a href="#fn1">1</a></sup></p>
<ul><li>Spring tides follow the new and the full Moon.</li><li>Neap tides follow the quarters.</li></ul>
<ol><li>Read the table.</li><li>Add the offset for your harbour.</li></ol>
<blockquote><p>Time and tide wait for no one.</p></blockquote>
<table><tr><th>Harbour</th><td>Offset</td></tr><tr><th>North Quay</th><td>+12 min</td></tr></table>
<pre><code class="language-python">def height(t):
    return 2.1 * cos(t / 12.42)</code></pre>
<p>Share this article: <a href="https://example.com/share">Share</a></p>
<ol class="footnotes"><li id="fn1">The range also depends on the shape of the coast.</li></ol>
</article>
<aside><h3>Related</h3><ul><li><a href="/waves">How waves break</a></li></ul></aside></main>
<footer><p>© 2024 Coast Notes. All rights reserved.</p></footer>
</body></html>`;

/** Extracts the page above as a clip would be; what it answers tells only that it ran. */
export function warmUpExtraction(parse: (html: string) => Document): ExtractionAnswer {
  return extractCaptured(
    {
      capture: {
        html: WARM_UP_HTML,
        url: 'https://coast-notes.example/science/tides',
        textLength: 1_200,
        selection: null,
      },
      options: {
        mode: 'article',
        now: new Date(0).toISOString(),
        extraFrontmatter: {},
        embedImages: false,
      },
    },
    parse,
  );
}
