/**
 * A highlight's quote and the title it credits, read from the tab: the selection with its line
 * breaks (Chrome's `selectionText` collapses them) and the page's title without the site name
 * (`creditTitle`), from the page's metadata when the page can be read.
 */
import { creditTitle } from '../clip-markdown/credit-title';
import type { BackgroundContext } from './context';
import { extractTab } from './extraction';

export interface SelectionSource {
  quote: string;
  sourceTitle: string;
}

export async function readSelectionSource(
  ctx: BackgroundContext,
  tab: { id?: number; title?: string; url: string },
  fallbackQuote?: string,
): Promise<SelectionSource> {
  const tabTitle = tab.title ?? '';
  if (tab.id !== undefined) {
    const extraction = await extractTab({
      tabId: tab.id,
      mode: 'selection',
      now: new Date(ctx.now()),
    });
    if (extraction.ok && extraction.selectionText) {
      const { result } = extraction;
      return {
        quote: extraction.selectionText,
        sourceTitle:
          creditTitle({
            tabTitle,
            metaTitle: result.title,
            siteName: result.siteName,
            url: tab.url,
          }) || tab.url,
      };
    }
  }
  return {
    quote: (fallbackQuote ?? '').trim(),
    sourceTitle: creditTitle({ tabTitle, url: tab.url }) || tab.url,
  };
}
