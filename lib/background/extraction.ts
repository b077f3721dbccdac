/**
 * Extraction on demand: inject `extractor.js` into the tab (`activeTab` + `scripting`, granted
 * by the user's click, shortcut or menu), call it, and validate what comes back: the page is
 * untrusted, so its answer is parsed like any other input.
 */
import { browser } from 'wxt/browser';
import type { ClipMode } from '../extract/result';
import { type ExtractionResult, ExtractionResultSchema } from '../messaging/extractor';
import type { Problem } from '../messaging/problem';
import { problem } from './problems';

export type TabExtraction =
  | {
      ok: true;
      tabId: number;
      selectionAvailable: boolean;
      selectionText: string;
      result: Extract<ExtractionResult, { ok: true }>['result'];
      page: Extract<ExtractionResult, { ok: true }>['page'];
    }
  | { ok: false; tabId: number | null; problem: Problem };

export async function activeTabId(): Promise<number | null> {
  const [tab] = await browser.tabs.query({ active: true, lastFocusedWindow: true });
  return tab?.id ?? null;
}

export async function extractTab(opts: {
  tabId?: number;
  mode: ClipMode;
  now: Date;
  extraFrontmatter?: Record<string, string>;
  /** CSS selectors the user's templates read. */
  selectors?: string[];
  /** Only for the popup, which stores or removes those images before writing. */
  embedImages?: boolean;
}): Promise<TabExtraction> {
  const tabId = opts.tabId ?? (await activeTabId());
  if (tabId === null)
    return { ok: false, tabId: null, problem: problem('other', 'There is no tab to clip.') };
  try {
    await browser.scripting.executeScript({ target: { tabId }, files: ['/extractor.js'] });
    const [injection] = await browser.scripting.executeScript({
      target: { tabId },
      func: (options: unknown) =>
        (globalThis as unknown as { __pageclipExtract: (o: unknown) => unknown }).__pageclipExtract(
          options,
        ),
      args: [
        {
          mode: opts.mode,
          now: opts.now.toISOString(),
          extraFrontmatter: opts.extraFrontmatter ?? {},
          selectors: opts.selectors ?? [],
          embedImages: opts.embedImages ?? false,
        },
      ],
    });
    const parsed = ExtractionResultSchema.safeParse(injection?.result);
    if (!parsed.success) {
      return {
        ok: false,
        tabId,
        problem: problem('other', 'The page gave back something Pageclip cannot use.'),
      };
    }
    if (!parsed.data.ok) {
      return {
        ok: false,
        tabId,
        problem: problem('other', `Could not extract this page: ${parsed.data.message}`),
      };
    }
    const { selectionAvailable, selectionText, result, page } = parsed.data;
    return { ok: true, tabId, selectionAvailable, selectionText, result, page };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      tabId,
      problem: problem(
        'other',
        `Pageclip cannot read this tab (browser pages, the web store and other extensions are off limits): ${message}`,
      ),
    };
  }
}
