import { isProbablyReaderable } from '@mozilla/readability';
import { removeBoilerplate, removeControls } from './boilerplate';
import { canonicalUrl } from './canonical';
import { removeAuthorPhotos } from './author-photo';
import { removeHomeLogos } from './home-logos';
import { splitPortalTail } from './portal-tail';
import { removeBylineLines } from './byline-lines';
import { removeConsentNotices } from './consent';
import { removeSignInPanels } from './sign-in-panels';
import { removeOtherPosts } from './other-posts';
import { removeDeclaredAuthorNotes } from './declared-author-notes';
import { removeClutter, removeHeadingPermalinks } from './clutter';
import { removeOrphanCaptions } from './orphan-captions';
import { normalizeCodeBlocks } from './code';
import { elementsByTag } from './dom';
import { joinDropCaps } from './drop-caps';
import { dropRubyText } from './ruby';
import { embedDataImages } from './embedded-images';
import { removeEyebrow } from './eyebrow';
import { headingsAsCaptions } from './figure-captions';
import { useNoscriptProse } from './noscript-prose';
import { markOverlaidCards } from './overlaid-cards';
import { applyFootnotes } from './footnotes';
import { buildFrontmatter } from './frontmatter';
import { removeHidden } from './hidden';
import { fixImages } from './images';
import { escapeMarkdownText, toMarkdown } from './markdown';
import { convertMath } from './math';
import { chooseByline, namesSite } from './byline';
import { markupByline } from './byline-markup';
import { headlineByline } from './headline-byline';
import { clean, normalizeDate, readMetadata } from './metadata';
import { countWords } from './word-count';
import { chooseTitle, cleanTitle } from './title';
import { readArticle, type ArticleOutcome } from './readability-pass';
import { appendRecipeCard, isPageRecipe } from './recipe-card';
import { readSite } from './sites';
import { visibleCopy } from './snapshot';
import { capturePage, type PageCapture } from './capture';
import { classifyTables } from './tables';
import { markTaskItems } from './tasks';
import { tidyMarkdown } from './whitespace';
import { escapeLinkUrl, safeLinkUrl } from './link-url';
import { absolutizeUrls, baseUrlOf } from './urls';
import type { ClipMode, ExtractOptions, ExtractResult } from './types';

/**
 * Extraction: a page (`Document` + URL) in, clean markdown and its frontmatter data out. A pure
 * pipeline: no browser or Node API, the live document is never modified, the clock is
 * injected (`options.now`).
 *
 *  1. Capture (capture.ts, the only step that reads the live page): copy the page into a
 *     working document (the page's own implementation, or `options.workingDocument`),
 *     marking what the reader cannot see (decided on the live DOM), flattening open shadow
 *     roots, dropping scripts and styles; the selection's blocks; the body's text length.
 *     In the extension this runs in the tab and the capture crosses to the extraction
 *     document as HTML (`serializeCapture`, `parseCapture`), where steps 2–8 run.
 *  2. Snapshot: the capture without its hidden elements, cookie notices and sign-in panels
 *     (sign-in-panels.ts; for an article, also the kicker labelling its headline, above it
 *     or inside it, eyebrow.ts, and on a WordPress post the cards of the blog's other
 *     posts, other-posts.ts). Prepare its
 *     body so later steps cannot lose content: an article a script writes, from its
 *     `<noscript>` copy when no script ran (noscript-prose.ts), math to TeX
 *     placeholders, `<pre>` to plain code with its language, lazy/`<picture>` images
 *     resolved and tracking pixels removed, a heading captioning a figure made its
 *     caption, teaser cards under an overlaid link marked (overlaid-cards.ts), task
 *     checkboxes marked, a drop cap set apart
 *     joined to its paragraph, ruby readings (furigana) the page gives no `<rp>` fallback
 *     dropped from the text they annotate.
 *  3. Metadata from the head and JSON-LD; `isProbablyReaderable`.
 *  4. Content by mode: article (a site extractor when one knows the page, lib/extract/sites;
 *     else Readability, with the opening paragraphs it left in a wrapper of their own put
 *     back (lede.ts) and a recipe's ingredient tables kept as data (ingredient-tables.ts);
 *     when it finds too little or picks the page's furniture (a comment form), the article
 *     the page declares, cleaned by Readability: its one `<article>`, `<main>`, schema.org
 *     `articleBody` or hAtom `hentry`),
 *     selection (the ranges), full (the whole body), bookmark (none).
 *  5. Clean the content: footnote references numbered, boilerplate and page furniture
 *     (heading permalinks, screen-reader and embedded-video labels, tables of contents,
 *     breadcrumbs, also a trail written as a bare line among blocks; a site's menu marking
 *     the page being read (site-menus.ts); a blog's calendar
 *     widget; a programme's "available until" line; one-line post meta (also in a layout
 *     table's cells), reading times, credits and disclaimers, review prompts, suggested
 *     citations, a serial's link to its next part; a slideshow's counters; a broken site's PHP
 *     error messages;
 *     related-reading labels with their teasers; a paywall's subscription plans offered in
 *     place of the article's rest (subscription-offers.ts); a caption whose picture the clip
 *     lost (orphan-captions.ts); the article's tail of appeals and site
 *     promotions, a card offering to follow a topic (follow-cards.ts), the site's
 *     description of itself (about-site.ts), link-only lines, text
 *     spelled in look-alike letters and a closing author note, or the note the page
 *     declares for its author (declared-author-notes.ts), the owner's postal address
 *     ending the page (closing-address.ts); the author's photo and the
 *     byline written as a line above the article, as the frontmatter names the author; the
 *     site's logo linked to its home page)
 *     removed; the ingredients and steps of a recipe the page declares in JSON-LD, when the
 *     content lacks them (recipe-card.ts); URLs absolute and unsafe ones dropped (a line of
 *     links that only move around the page, "Skip to content", "Back to top", with them),
 *     tables classified (GFM, clean HTML, or flattened layout).
 *  6. Markdown (markdown.ts owns Turndown) plus footnote definitions.
 *  7. Whitespace hygiene.
 *  8. Title (title.ts), byline (byline.ts: Readability's, the head's or JSON-LD's author,
 *     else, or when that is the site's own name, the body's author markup, byline-markup.ts,
 *     or the line under the headline, headline-byline.ts), dates, word count, frontmatter
 *     data and the result (the clip-markdown module, lib/clip-markdown, writes the
 *     frontmatter as YAML in front of the body).
 */

export type { ClipMode, ExtractOptions, ExtractResult } from './types';
export { capturePage, parseCapture, serializeCapture, type PageCapture } from './capture';
export type { CapturedPage } from './captured-page';
export { buildFrontmatter } from './frontmatter';
export { readPageData, PAGE_DATA_LIMITS, type PageData } from './page-data';

/** Step 2, on any root (the snapshot body or a selection container). */
function prepare(root: Element, url: string, embedImages: boolean): void {
  // Fragment links always mean this page, whatever `<base href>` says; made absolute now so
  // Readability cannot resolve them against the base.
  const pageNoHash = url.replace(/#.*$/, '');
  for (const a of elementsByTag(root, 'a')) {
    const href = a.getAttribute('href');
    if (href?.startsWith('#')) a.setAttribute('href', pageNoHash + href);
  }
  useNoscriptProse(root);
  convertMath(root);
  normalizeCodeBlocks(root);
  fixImages(root, embedImages);
  headingsAsCaptions(root);
  markOverlaidCards(root);
  markTaskItems(root);
  joinDropCaps(root);
  dropRubyText(root);
}

function preparedSnapshot(
  page: Document,
  url: string,
  createDocument: (() => Document) | undefined,
  embedImages: boolean,
  mode: ClipMode,
): Document {
  const snap = visibleCopy(page, createDocument);
  removeConsentNotices(snap.body);
  removeSignInPanels(snap.body);
  if (mode === 'article') {
    removeEyebrow(snap.body);
    removeOtherPosts(snap.body);
  }
  prepare(snap.body, url, embedImages);
  return snap;
}

/**
 * Makes `content` the only thing in its document's body: the cleaning steps rely on
 * `isConnected` and `getElementById`, and must not find the rest of the page.
 */
function attachAlone(content: Element): Element {
  const body = content.ownerDocument.body;
  if (content !== body) body.replaceChildren(content);
  return content;
}

/** Extraction of a live page: both halves of the pipeline in one place (Node, tests). */
export function extract(doc: Document, url: string, options: ExtractOptions = {}): ExtractResult {
  return extractCapture(capturePage(doc, url, options), options);
}

/** Steps 2–8, on the page's capture (step 1, capture.ts), wherever it was made. */
export function extractCapture(capture: PageCapture, options: ExtractOptions = {}): ExtractResult {
  const mode: ClipMode = options.mode ?? 'article';
  const now = options.now ?? new Date();
  const embedImages = options.embedImages ?? false;
  const { page: doc, url } = capture;

  // Steps 2–3. The capture stands in for the live page: it holds the hidden elements too,
  // which the notes step looks for.
  const base = baseUrlOf(doc, url);
  const snap = preparedSnapshot(doc, url, options.workingDocument, embedImages, mode);
  const meta = readMetadata(snap);
  const readerable = isProbablyReaderable(snap);

  // Step 4.
  let content: Element | null = null;
  let article: ArticleOutcome | null = null;
  let siteTitle: string | null = null;
  let fromSite = false;
  if (mode === 'article') {
    const fresh = () => preparedSnapshot(doc, url, options.workingDocument, embedImages, mode);
    // Site extractors first. One that matched has used the snapshot, so when it finds too
    // little Readability starts from a fresh one.
    const site = readSite(snap, url);
    siteTitle = clean(site.outcome?.title) || null;
    fromSite = site.outcome !== null;
    article =
      site.outcome ??
      readArticle(site.matched ? fresh() : snap, fresh, () => capture.textLength, url);
    content = article?.content ?? null;
  } else if (mode === 'full') {
    content = snap.body;
  } else if (mode === 'selection') {
    content = attachAlone(snap.importNode(capture.selection ?? snap.createElement('div'), true));
    removeHidden(content);
    prepare(content, url, embedImages);
  }

  // Step 5. Readability returns a detached element.
  const declared = chooseByline([article?.byline ?? null, meta.byline], url);
  const byline =
    declared && !namesSite(declared, clean(article?.siteName ?? meta.siteName) || null)
      ? declared
      : // Only when needed: the capture, which no step changes, still holds the post's header.
        (chooseByline([markupByline(doc)], url) ??
        chooseByline([headlineByline(doc)], url) ??
        declared);
  let notes: Element[] = [];
  let images: ReturnType<typeof embedDataImages> = [];
  if (content) {
    attachAlone(content);
    notes = applyFootnotes(content, doc, url, (note) => prepare(note, url, embedImages)).ordered;
    // Boilerplate before URLs: unwrapping dangling links would lose the classes it matches.
    if (mode === 'article') {
      removeBoilerplate(content);
      removeClutter(content, url);
      removeOrphanCaptions(content, doc);
      removeDeclaredAuthorNotes(content, meta.authorNotes);
      removeAuthorPhotos(content, byline);
      removeHomeLogos(content, url);
      // A site extractor heads each post of a thread with its author on purpose.
      if (!fromSite) removeBylineLines(content, byline);
      // After the cleaning, which must not take the card for page furniture.
      const titles = [article?.title ?? null, meta.title, ...meta.headlines];
      if (!fromSite && meta.recipe && isPageRecipe(meta.recipe, titles))
        appendRecipeCard(content, meta.recipe);
    } else {
      removeControls(content);
      removeHeadingPermalinks(content);
    }
    images = embedDataImages([content, ...notes], embedImages && mode !== 'bookmark');
    absolutizeUrls(content, base, url);
    for (const note of notes) absolutizeUrls(note, base, url);
    classifyTables(content);
  }

  // Step 8 (metadata first: bookmark bodies need the title).
  // Undeclared, a Chinese portal's name still ends its title (portal-tail.ts).
  const siteName =
    clean(article?.siteName ?? meta.siteName) || splitPortalTail(clean(meta.title))?.portal || null;
  // A site extractor's title is the post's, thread's or repository's own: kept (only a
  // site-name prefix or suffix goes), never stretched into the og:title's site boilerplate.
  const title = siteTitle
    ? cleanTitle(siteTitle, siteName, url)
    : chooseTitle(
        {
          article: article?.title ?? null,
          meta: meta.title,
          firstHeading: () => doc.querySelector('h1'),
          headlines: meta.headlines,
          ownHeadlines: meta.ownHeadlines,
        },
        siteName,
        url,
      );
  const excerpt = clean(article?.excerpt ?? meta.excerpt) || null;
  const published = normalizeDate(article?.published ?? meta.published);
  const lang = meta.lang ?? (clean(article?.lang) || null);

  // Steps 6–7.
  let body: string;
  let wordCount: number;
  if (mode === 'bookmark') {
    // An untitled page (title '') is linked by its address: an empty link text would vanish.
    const link = safeLinkUrl(url);
    const text = escapeMarkdownText(title || url);
    body = link ? `[${text}](${escapeLinkUrl(link)})\n` : `${text}\n`;
    if (excerpt) body += `\n> ${escapeMarkdownText(excerpt)}\n`;
    wordCount = countWords(`${title} ${excerpt ?? ''}`);
  } else {
    let md = content ? toMarkdown(content) : '';
    if (notes.length) {
      const defsMd = notes.map((note, i) => {
        const text = toMarkdown(note).trim().replace(/\n/g, '\n    ');
        return `[^${i + 1}]: ${text}`;
      });
      md += `\n\n${defsMd.join('\n')}\n`;
    }
    body = tidyMarkdown(md);
    wordCount = countWords(
      (content?.textContent ?? '') + notes.map((n) => ` ${n.textContent ?? ''}`).join(''),
    );
  }

  const canonical = canonicalUrl(doc, url, base);
  const frontmatter = buildFrontmatter({
    title,
    source: url,
    canonical,
    author: byline,
    published,
    site: siteName,
    clipped: now,
    tags: options.tags,
    extra: options.extraFrontmatter,
  });
  const isProbablyArticle =
    mode === 'article'
      ? (readerable && (article?.length ?? 0) >= 250) || (article?.length ?? 0) >= 2500
      : readerable;
  return {
    mode,
    title,
    byline,
    siteName,
    published,
    excerpt,
    lang,
    wordCount,
    url,
    canonical,
    isProbablyArticle,
    frontmatter,
    body,
    ...(embedImages ? { images } : {}),
  };
}
