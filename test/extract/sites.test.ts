import { describe, expect, it } from 'vitest';
import { extract } from '../../lib/extract';
import { siteExtractorFor } from '../../lib/extract/sites';
import { isoDate } from '../../lib/extract/sites/build';
import { THREAD_CAPS, renderThread } from '../../lib/extract/sites/thread';
import { parseHtml } from '../../scripts/parse-html';
import { linkedomDocument } from '../../scripts/working-document';

// The site extractors' rules that golden fixtures cannot show at a readable size: the thread
// caps, bounded work on huge threads, the choice by address and structure, and the fallback.

const NOW = new Date('2026-01-02T03:04:05.000Z');
const HN = 'https://news.ycombinator.com/item?id=1';

/** A Hacker News item page whose comments have the given depths, in page order. */
function hnPage(depths: number[]): string {
  const rows = depths
    .map(
      (d, i) =>
        `<tr class="athing comtr" id="${i + 2}"><td><table><tr><td class="ind" indent="${d}"></td><td>` +
        `<span class="comhead"><a class="hnuser" href="user?id=u${i}">u${i}</a> ` +
        `<span class="age" title="2026-01-01T00:00:00 1767225600"><a href="item?id=${i + 2}">1 day ago</a></span></span>` +
        `<div class="comment"><div class="commtext c00">comment number ${i} at depth ${d}</div></div></td></tr></table></td></tr>`,
    )
    .join('');
  return (
    `<html><head><title>Story | Hacker News</title></head><body><table id="hnmain"><tr><td>` +
    `<table class="fatitem"><tr class="athing submission" id="1"><td class="title"><span class="titleline">` +
    `<a href="https://example.com/story">Story</a></span></td></tr><tr><td class="subtext">` +
    `<a class="hnuser" href="user?id=op">op</a> <span class="age" title="2026-01-01T00:00:00 1767225600"><a href="item?id=1">1 day ago</a></span>` +
    `</td></tr></table><table class="comment-tree">${rows}</table></td></tr></table></body></html>`
  );
}

function clip(html: string, url = HN, mode: 'article' | 'full' = 'article') {
  return extract(parseHtml(html, url), url, { now: NOW, mode, workingDocument: linkedomDocument });
}

/** The comments kept: one "comment number i" each. */
function kept(body: string): number[] {
  return [...body.matchAll(/comment number (\d+)/g)].map((m) => Number(m[1]));
}

describe('thread caps', () => {
  it('keeps the first top-level comments up to the cap and says how many were left out', () => {
    const body = clip(hnPage(Array.from({ length: 60 }, () => 0))).body;
    expect(kept(body)).toEqual(Array.from({ length: THREAD_CAPS.top }, (_, i) => i));
    expect(body).toContain(`${THREAD_CAPS.top} of 60 comments clipped`);
  });

  it('keeps the first replies of a comment up to the cap, and none under a left-out one', () => {
    const depths = [0, ...Array.from({ length: 12 }, () => 1)];
    depths[12] = 1;
    depths.push(2); // a reply to the 12th reply, which is left out
    const ids = kept(clip(hnPage(depths)).body);
    expect(ids).toEqual(Array.from({ length: 1 + THREAD_CAPS.replies }, (_, i) => i));
  });

  it('keeps replies down to the deepest level and nests them as quotes', () => {
    const depths = [0, 1, 2, 3, 4, 5, 6, 7];
    const body = clip(hnPage(depths)).body;
    expect(kept(body)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(body).toContain(`${'> '.repeat(THREAD_CAPS.depth + 1)}comment number 5 at depth 5`);
  });

  it('keeps at most the total cap', () => {
    const depths = Array.from({ length: 30 }, () => [0, 1, 1, 1, 1, 1, 1, 1]).flat();
    const ids = kept(clip(hnPage(depths)).body);
    expect(ids).toHaveLength(THREAD_CAPS.total);
    expect(ids[0]).toBe(0);
  });

  it('looks at no more than the scan cap on a huge thread', () => {
    const doc = parseHtml('<html><body></body></html>', HN);
    const nodes = Array.from({ length: THREAD_CAPS.scanned * 3 }, () => doc.createElement('tr'));
    let reads = 0;
    const root = renderThread(
      doc,
      nodes,
      () => {
        reads++;
        return { author: 'a', date: null, link: null, body: null, depth: 0 };
      },
      new URL(HN),
    );
    expect(reads).toBe(THREAD_CAPS.scanned);
    expect(root.querySelectorAll(':scope > blockquote')).toHaveLength(THREAD_CAPS.top);
    expect(root.textContent).toContain(`of ${THREAD_CAPS.scanned * 3} comments clipped`);
  });
});

describe('choosing a site extractor', () => {
  const cases: [string, string, string | null][] = [
    [HN, hnPage([0]), 'Hacker News'],
    ['https://news.ycombinator.com/news', hnPage([0]), null],
    ['https://example.com/item?id=1', hnPage([0]), null],
    [
      'https://github.com/o/r/issues/1',
      '<div class="comment-body markdown-body">x</div>',
      'GitHub issue or pull request',
    ],
    ['https://github.com/o/r/issues', '<div class="comment-body markdown-body">x</div>', null],
    [
      'https://github.com/o/r',
      '<div id="readme"><article class="markdown-body">x</article></div>',
      'GitHub repository',
    ],
    ['https://en.wikipedia.org/wiki/X', '<div class="mw-parser-output">x</div>', 'Wikipedia'],
    ['https://en.wikipedia.org/wiki/X', '<p>no parser output</p>', null],
    ['https://www.youtube.com/watch?v=abc', '<ytd-watch-flexy>x</ytd-watch-flexy>', 'YouTube'],
    [
      'https://m.youtube.com/watch?v=abc',
      '<meta property="og:type" content="video.other"><p>x</p>',
      'YouTube',
    ],
    // A consent or error page at a watch address is not a watch page.
    [
      'https://www.youtube.com/watch?v=abc',
      '<form action="/save">Before you continue</form>',
      null,
    ],
    ['https://www.youtube.com/feed/trending', '<ytd-watch-flexy>x</ytd-watch-flexy>', null],
    [
      'https://chatgpt.com/share/1',
      '<div data-message-author-role="user">x</div>',
      'AI conversation',
    ],
    ['https://chatgpt.com/', '<div data-message-author-role="user">x</div>', null],
    ...[
      'https://gemini.google.com/app',
      'https://gemini.google.com/app/5e1f0a2b3c4d',
      'https://gemini.google.com/u/1/app/5e1f0a2b3c4d',
      'https://gemini.google.com/gem/coding-partner/5e1f0a2b3c4d',
      'https://gemini.google.com/share/7a8b9c0d1e2f',
      'https://g.co/gemini/share/7a8b9c0d1e2f',
    ].map((url): [string, string, string] => [
      url,
      '<user-query>x</user-query><model-response>y</model-response>',
      'AI conversation',
    ]),
    [
      'https://gemini.google.com/apps',
      '<user-query>x</user-query><model-response>y</model-response>',
      null,
    ],
    ['https://x.com/a/status/1', '<article data-testid="tweet">x</article>', 'X'],
    ['not a url', '<p>x</p>', null],
  ];
  it.each(cases)('%s', (url, html, expected) => {
    expect(
      siteExtractorFor(parseHtml(html, url.startsWith('http') ? url : HN), url)?.name ?? null,
    ).toBe(expected);
  });
});

describe('fallback and modes', () => {
  it('goes to the general pipeline when the matched extractor finds too little', () => {
    const url = 'https://www.youtube.com/watch?v=abc';
    const prose = 'A paragraph of the page that the general pipeline finds and keeps. '.repeat(12);
    // A watch page whose video has no title (nothing for the extractor to build on).
    const page = `<html><head></head><body><ytd-watch-flexy></ytd-watch-flexy><article><h2>Notes</h2><p>${prose}</p></article></body></html>`;
    const result = clip(page, url);
    expect(siteExtractorFor(parseHtml(page, url), url)?.name).toBe('YouTube');
    expect(result.body).toContain('A paragraph of the page');
    expect(result.siteName).not.toBe('YouTube');
  });

  it('leaves full-page clips to the general pipeline', () => {
    const result = clip(hnPage([0]), HN, 'full');
    expect(result.body).not.toContain('> **u0**');
    expect(result.body).toContain('comment number 0');
  });

  it('reads page text that looks like selector syntax without failing', () => {
    const url = 'https://bsky.app/profile/a.example/post/1';
    const html =
      "<div data-testid='postThreadItem-by-a\"]x,[y'><a href='/profile/a\"]x,[y'>Name</a>" +
      '<div data-testid="postText">A post whose author handle is hostile.</div></div>' +
      '<meta property="og:description" content="A post whose author handle is hostile.">';
    expect(() => clip(html, url)).not.toThrow();
    expect(clip(html, url).body).toContain('hostile');
  });

  it('leaves a page at a watch address that is not a watch page to the general pipeline', () => {
    const url = 'https://www.youtube.com/watch?v=abc';
    const prose =
      'Before you continue to YouTube, choose what the cookies may be used for. '.repeat(6);
    const result = clip(
      `<html><head><meta property="og:title" content="Before you continue to YouTube">` +
        `<meta name="description" content="Enjoy the videos and music you love, and share it all on YouTube."></head>` +
        `<body><article><p>${prose}</p></article></body></html>`,
      url,
    );
    expect(result.body).toContain('Before you continue');
    expect(result.body).not.toContain('Watch the video');
    expect(result.siteName).not.toBe('YouTube');
  });
});

describe('Reddit', () => {
  const sidebar =
    '<aside><h2>About this community</h2>' +
    '<p>A community for people who keep their notes in plain files, with rules about posting. </p>'.repeat(
      6,
    ) +
    '</aside>';

  it('clips a removed post without comments as its title and a removal line, not the sidebar', () => {
    const url = 'https://www.reddit.com/r/notes/comments/abc/how_do_you_name_your_notes/';
    const html =
      `<html><head><title>r/notes - removed</title></head><body><main>` +
      `<shreddit-post post-title="[ Removed by Reddit ]" author="[deleted]" created-timestamp="2026-02-01T10:00:00.000000+0000">` +
      `<h1 slot="title">[ Removed by Reddit ]</h1><div slot="text-body"></div></shreddit-post>${sidebar}</main></body></html>`;
    const result = clip(html, url);
    expect(result.title).toBe('How do you name your notes');
    expect(result.body.trim()).toBe('_This post was removed by Reddit._');
    expect(result.byline).toBeNull();
    expect(result.published).toBe('2026-02-01T10:00:00.000Z');
  });

  it('clips an old-design deleted post as its title, a deletion line and the comments', () => {
    const url = 'https://old.reddit.com/r/notes/comments/abc/plain_files/';
    const html =
      `<html><body><div class="thing link" data-author="[deleted]"><a class="title" href="/r/notes/comments/abc/plain_files/">Plain files forever?</a>` +
      `<p class="tagline"><time datetime="2026-03-03T09:12:44+00:00">1 day ago</time></p>` +
      `<div class="usertext-body"><div class="md"><p>[deleted]</p></div></div></div>` +
      `<div class="commentarea"><div class="thing comment" data-author="ann" data-permalink="/r/notes/comments/abc/plain_files/c1/">` +
      `<div class="entry"><p class="tagline"><time datetime="2026-03-03T10:00:00+00:00">x</time></p>` +
      `<div class="usertext-body"><div class="md"><p>Yes, for ten years now.</p></div></div></div></div></div>${sidebar}</body></html>`;
    const result = clip(html, url);
    expect(result.title).toBe('Plain files forever?');
    expect(result.body).toContain('_This post was deleted by its author._');
    expect(result.body).toContain('Yes, for ten years now.');
    expect(result.body).not.toContain('About this community');
    expect(result.published).toBe('2026-03-03T09:12:44.000Z');
  });
});

describe('isoDate', () => {
  it.each([
    ['2026-02-11T18:22:05.118000+0000', '2026-02-11T18:22:05.118Z'],
    ['2026-02-11T19:22:05+0100', '2026-02-11T18:22:05.000Z'],
    ['2026-02-11T18:22Z', '2026-02-11T18:22:00.000Z'],
    ['2026-02-11', '2026-02-11'],
    ['yesterday', 'yesterday'],
  ])('%s', (raw, iso) => expect(isoDate(raw)).toBe(iso));
});

describe('social posts', () => {
  it("shows a post's pictures with their descriptions, and links its video", () => {
    const page =
      '<html><head><title>Post</title></head><body><article data-testid="tweet">' +
      '<div data-testid="User-Name"><a href="/nia">Nia</a><a href="/nia">@nia</a></div>' +
      '<a href="/nia/status/1"><time datetime="2026-01-01T10:00:00.000Z">Jan 1</time></a>' +
      '<div data-testid="tweetText">Two pictures and a clip.</div>' +
      '<div data-testid="tweetPhoto"><img alt="A chart of clips per month" src="https://pbs.twimg.com/media/A.jpg?name=small"></div>' +
      '<div data-testid="tweetPhoto"><img alt="Image" src="https://pbs.twimg.com/media/B.jpg?name=small"></div>' +
      '<video src="https://video.twimg.com/clip.mp4"></video>' +
      '</article></body></html>';
    const url = 'https://x.com/nia/status/1';
    const { body } = extract(parseHtml(page, url), url, { now: NOW });
    expect(body).toContain(
      '![A chart of clips per month](https://pbs.twimg.com/media/A.jpg?name=large)',
    );
    // X's "Image" is no description.
    expect(body).toContain('![](https://pbs.twimg.com/media/B.jpg?name=large)');
    expect(body).toContain('- [Video 1](https://video.twimg.com/clip.mp4)');
  });

  it("numbers a Mastodon post's video and sound links each by kind, its picture kept as a picture", () => {
    const page =
      '<html><head><title>Post</title></head><body><div class="detailed-status">' +
      '<a class="detailed-status__display-name" href="/@fern"><strong class="display-name__html">Fern</strong></a>' +
      '<div class="status__content"><div class="status__content__text"><p>A walk by the sea.</p></div></div>' +
      '<a class="media-gallery__item-thumbnail" href="https://files.social.example/original/sea.jpg"><img alt="Waves on a pebble beach" src="https://files.social.example/small/sea.jpg"></a>' +
      '<div class="video-player"><video src="https://files.social.example/original/waves.mp4"></video></div>' +
      '<div class="audio-player"><audio src="https://files.social.example/original/gulls.mp3"></audio></div>' +
      '</div></body></html>';
    const url = 'https://social.example/@fern/113';
    const { body } = extract(parseHtml(page, url), url, { now: NOW });
    expect(body).toContain(
      '![Waves on a pebble beach](https://files.social.example/original/sea.jpg)',
    );
    expect(body).toContain('- [Video 1](https://files.social.example/original/waves.mp4)');
    expect(body).toContain('- [Audio 1](https://files.social.example/original/gulls.mp3)');
  });
});
