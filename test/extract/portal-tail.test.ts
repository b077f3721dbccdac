import { describe, expect, it } from 'vitest';
import { withoutPortalTail } from '../../lib/extract/portal-tail';
import { EXTRACT_WAYS } from './support/extract-ways';
import { parseHtml } from '../../scripts/parse-html';

// Titles written for these tests in the way Chinese portals write theirs.
describe('withoutPortalTail', () => {
  it("removes the portal's name and the channels joined to it", () => {
    expect(withoutPortalTail('机器人学会了自己整理书架_科技_海风网')).toBe(
      '机器人学会了自己整理书架',
    );
    expect(withoutPortalTail('春天的第一场雨来了 _生活 _晴川网')).toBe('春天的第一场雨来了');
    expect(withoutPortalTail('江边的图书馆今天开放！-长河网')).toBe('江边的图书馆今天开放！');
    expect(withoutPortalTail('李小明_山海百科')).toBe('李小明');
  });

  it('keeps what is not a portal: a hyphenated word, a channel alone, a portal alone', () => {
    expect(withoutPortalTail('Spider-Man')).toBe('Spider-Man');
    expect(withoutPortalTail('机器人学会了自己整理书架_科技')).toBe(
      '机器人学会了自己整理书架_科技',
    );
    expect(withoutPortalTail('海风网')).toBe('海风网');
    expect(withoutPortalTail('x-海风网')).toBe('x-海风网');
  });
});

describe("a Chinese portal's title", () => {
  const url = 'https://tech.haifeng.example/a/20240301/robot.htm';
  const page = (head: string) =>
    '<!DOCTYPE html><html lang="zh"><head><title>机器人学会了自己整理书架_科技_海风网</title>' +
    `${head}</head><body><article>` +
    '<p>这台机器人可以识别每一本书的书脊，并按照作者的姓名把它们放回书架上。</p>'.repeat(6) +
    '</article></body></html>';

  it.each(EXTRACT_WAYS)('is clipped without the portal and channel (%s)', (_, run) => {
    const r = run(parseHtml(page(''), url), url, {});
    expect(r.title).toBe('机器人学会了自己整理书架');
    expect(r.siteName).toBe('海风网');
  });

  it.each(EXTRACT_WAYS)('keeps the site name a page declares (%s)', (_, run) => {
    const r = run(
      parseHtml(page('<meta property="og:site_name" content="海风科技">'), url),
      url,
      {},
    );
    expect(r.title).toBe('机器人学会了自己整理书架');
    expect(r.siteName).toBe('海风科技');
  });
});
