import { describe, expect, it } from 'vitest';
import { bookmarkMarkdown } from '../../lib/ui/tab-bookmark';
import { unreadableReason } from '../../lib/ui/unreadable-page';

describe('why a tab cannot be read', () => {
  it('tells browser pages, extension stores, PDFs and pages that refused the script apart', () => {
    const why = (url: string | null) => unreadableReason(url).key;
    expect(why('chrome://settings/')).toBe('unreadableBrowserPage');
    expect(why('about:blank')).toBe('unreadableBrowserPage');
    expect(why('chrome-extension://abc/popup.html')).toBe('unreadableBrowserPage');
    expect(why('https://chromewebstore.google.com/detail/x/abc')).toBe('unreadableStore');
    expect(why('https://chrome.google.com/webstore/detail/abc')).toBe('unreadableStore');
    expect(why('https://addons.mozilla.org/en-US/firefox/')).toBe('unreadableStore');
    expect(why('https://chrome.google.com/search')).toBe('unreadableBlocked');
    expect(why('https://example.com/files/Report.PDF')).toBe('unreadablePdf');
    expect(why('http://127.0.0.1:9/gone')).toBe('unreadableBlocked');
    expect(why(null)).toBe('unreadableBlocked');
    expect(why('not a url')).toBe('unreadableBlocked');
  });
});

describe('a bookmark of the tab', () => {
  it('links a web address, and keeps any other address as code after the title', () => {
    expect(bookmarkMarkdown({ title: 'A [b]', url: 'https://example.com/a b' })).toBe(
      '[A \\[b\\]](https://example.com/a%20b)\n',
    );
    expect(bookmarkMarkdown({ title: 'About Version', url: 'chrome://version/' })).toBe(
      'About Version: `chrome://version/`\n',
    );
    expect(bookmarkMarkdown({ title: 'x', url: 'chrome://a`b c/' })).toBe(
      'x: `chrome://a%60b%20c/`\n',
    );
  });
});
