import { browser } from 'wxt/browser';
import { tabLinkLine } from '../clip-markdown/tab-link';

export interface TabInfo {
  title: string;
  url: string;
}

/**
 * The title and address of the tab being clipped, for when extraction cannot run there (the
 * browser's own pages, the PDF viewer, a store page): a bookmark can still be saved. Reading
 * them needs no permission beyond the `activeTab` grant of the toolbar click; null when the
 * browser does not tell them.
 */
export async function tabInfo(tabId: number | null): Promise<TabInfo | null> {
  try {
    const tab =
      tabId !== null
        ? await browser.tabs.get(tabId)
        : (await browser.tabs.query({ active: true, currentWindow: true }))[0];
    if (!tab?.url) return null;
    return { title: tab.title?.trim() || tab.url, url: tab.url };
  } catch {
    return null;
  }
}

/** A bookmark's markdown: the tab as one link line (`lib/clip-markdown/tab-link.ts`). */
export function bookmarkMarkdown(tab: TabInfo): string {
  return `${tabLinkLine(tab)}\n`;
}
