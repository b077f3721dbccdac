import { attrOf, el, firstOf, keepLineBreaks, metaContent, textOf } from './build';
import type { SiteExtractor } from './types';

/**
 * YouTube watch pages: the video's link, its description (line breaks kept), its chapters
 * (from the chapter list, else from timestamps in the description) and, when the page holds
 * it (the transcript panel was opened), the transcript in timed paragraphs.
 */

/** Transcript segments read at most (a long video has thousands). */
export const MAX_TRANSCRIPT_SEGMENTS = 4000;
/** Segments per transcript paragraph. */
const SEGMENTS_PER_PARAGRAPH = 6;

const TIMESTAMP = /^(?:(\d+):)?(\d{1,2}):(\d\d)$/;
const CHAPTER_LINE = /^((?:\d+:)?\d{1,2}:\d\d)\s*[-–—:]?\s+(.+)$/;

function seconds(stamp: string): number | null {
  const m = TIMESTAMP.exec(stamp.trim());
  return m ? Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}

/** The video's address at a moment: the watch URL with `t=`. */
function at(url: URL, stamp: string): string {
  const u = new URL(url.href);
  u.searchParams.set('t', `${seconds(stamp) ?? 0}s`);
  return u.href;
}

function chapters(doc: Document, description: string): { time: string; title: string }[] {
  const fromList = Array.from(doc.querySelectorAll('ytd-macro-markers-list-item-renderer'))
    .map((item) => ({ time: textOf(item, '#time') ?? '', title: textOf(item, 'h4') ?? '' }))
    .filter((c) => seconds(c.time) !== null && c.title);
  const seen = new Set<string>();
  const unique = fromList.filter((c) => !seen.has(c.time) && seen.add(c.time));
  if (unique.length) return unique;
  const fromText = description
    .split('\n')
    .map((line) => CHAPTER_LINE.exec(line.trim()))
    .filter((m) => m !== null)
    .map((m) => ({ time: m[1] ?? '', title: (m[2] ?? '').trim() }));
  return fromText.length >= 2 ? fromText : [];
}

function transcript(doc: Document, watch: URL): Element | null {
  const segments = Array.from(doc.querySelectorAll('ytd-transcript-segment-renderer')).slice(
    0,
    MAX_TRANSCRIPT_SEGMENTS,
  );
  const read = segments
    .map((s) => ({
      time: textOf(s, '.segment-timestamp') ?? '',
      text: textOf(s, '.segment-text') ?? '',
    }))
    .filter((s) => s.text);
  if (!read.length) return null;
  const box = el(doc, 'div', {}, el(doc, 'h2', {}, 'Transcript'));
  for (let i = 0; i < read.length; i += SEGMENTS_PER_PARAGRAPH) {
    const group = read.slice(i, i + SEGMENTS_PER_PARAGRAPH);
    const stamp = group[0]?.time ?? '';
    const p = el(doc, 'p');
    if (seconds(stamp) !== null) p.append(el(doc, 'a', { href: at(watch, stamp) }, stamp), ' ');
    p.append(group.map((s) => s.text).join(' '));
    box.append(p);
  }
  return box;
}

/**
 * What a watch page holds whatever its state: the desktop or mobile player page's own elements,
 * or the video's metadata (`og:type` video, schema.org VideoObject). A consent page, a sign-in
 * wall or an error page at the same address has none of them and goes to the general pipeline.
 */
const WATCH_PAGE = [
  'ytd-watch-flexy',
  'ytd-watch-metadata',
  'ytm-watch',
  'ytm-slim-video-metadata-section-renderer',
  '[itemtype$="schema.org/VideoObject"]',
  'meta[property="og:type"][content^="video"]',
].join(', ');

export const youtube: SiteExtractor = {
  name: 'YouTube',
  matches: (url, doc) =>
    /^(?:www\.|m\.)?youtube\.com$/.test(url.hostname) &&
    url.pathname === '/watch' &&
    url.searchParams.has('v') &&
    !!doc.querySelector(WATCH_PAGE),
  extract(doc, url) {
    const title =
      textOf(doc, 'h1.ytd-watch-metadata, #title h1, h1.title') ??
      metaContent(doc, 'og:title') ??
      metaContent(doc, 'title');
    const channel =
      textOf(doc, '#owner ytd-channel-name a, ytd-channel-name a, #channel-name a') ??
      attrOf(doc, '[itemprop="author"] [itemprop="name"]', 'content');
    const published = metaContent(doc, 'datePublished') ?? metaContent(doc, 'uploadDate');
    const watch = new URL(url.href);
    watch.search = `?v=${url.searchParams.get('v') ?? ''}`;
    const content = el(doc, 'div');
    const thumb = metaContent(doc, 'og:image');
    const link = el(
      doc,
      'a',
      { href: watch.href },
      thumb ? el(doc, 'img', { src: thumb, alt: title ?? 'Video' }) : 'Watch the video',
    );
    content.append(el(doc, 'p', {}, link));
    if (channel) content.append(el(doc, 'p', {}, 'Channel: ', el(doc, 'strong', {}, channel)));
    // In order of preference: the first is today's markup, the others older layouts'.
    const descEl = firstOf(doc, [
      '#description-inline-expander yt-attributed-string',
      'ytd-text-inline-expander yt-attributed-string',
      'ytd-video-secondary-info-renderer #description yt-formatted-string',
    ]);
    const descText =
      descEl?.textContent ??
      metaContent(doc, 'og:description') ??
      metaContent(doc, 'description') ??
      '';
    const marks = chapters(doc, descText);
    if (descText.trim()) {
      content.append(el(doc, 'h2', {}, 'Description'));
      const box = descEl ?? el(doc, 'div', {}, descText);
      keepLineBreaks(doc, box);
      // Outgoing links pass through YouTube's redirect page; the clip links to the target.
      for (const a of Array.from(box.querySelectorAll('a[href*="/redirect?"]'))) {
        const target = new URL(a.getAttribute('href') ?? '', url).searchParams.get('q');
        if (target) a.setAttribute('href', target);
      }
      content.append(el(doc, 'p', {}, ...Array.from(box.childNodes)));
    }
    if (marks.length) {
      content.append(
        el(doc, 'h2', {}, 'Chapters'),
        el(
          doc,
          'ul',
          {},
          ...marks.map((c) =>
            el(doc, 'li', {}, el(doc, 'a', { href: at(watch, c.time) }, c.time), ` ${c.title}`),
          ),
        ),
      );
    }
    const text = transcript(doc, watch);
    if (text) content.append(text);
    if (!title) return null;
    return { content, title, byline: channel, published, siteName: 'YouTube' };
  },
};
