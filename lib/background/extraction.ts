/**
 * Extraction on demand: inject `capture.js` into the tab (`activeTab` + `scripting`, granted
 * by the user's click, shortcut or menu), call it for the page's capture, and have the
 * extraction document turn the capture into the clip (extraction-document.ts); while that
 * document is closed, `extractor.js` is injected instead and makes the whole clip itself.
 * Each answer is validated: the page is untrusted, so what it sends is parsed like any other
 * input.
 */
import { browser } from 'wxt/browser';
import type { ClipMode } from '../extract/result';
import {
  type ClipExtractionSchema,
  type PageDataSchema,
  TabCaptureSchema,
} from '../messaging/extractor';
import type { Problem } from '../messaging/problem';
import {
  extractInDocument,
  extractionDocumentIsOpen,
  openExtractionDocument,
} from './extraction-document';
import { problem } from './problems';
import type { z } from 'zod';

export type TabExtraction =
  | {
      ok: true;
      tabId: number;
      selectionAvailable: boolean;
      selectionText: string;
      result: z.infer<typeof ClipExtractionSchema>;
      page: z.infer<typeof PageDataSchema>;
      /** Where steps 2–8 ran: the tab while the extraction document opened, or that document. */
      extractedIn: 'tab' | 'document';
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
  // A clip goes to the extraction document only when it is open: opening it takes longer than
  // extracting the whole page in the tab, which the first clip does. The document opens once
  // that clip is made (opening it meanwhile would compete with the tab for the processor).
  const warm = await extractionDocumentIsOpen().catch(() => false);
  const clipOptions = {
    now: opts.now.toISOString(),
    extraFrontmatter: opts.extraFrontmatter ?? {},
    embedImages: opts.embedImages ?? false,
  };
  let captured: z.infer<typeof TabCaptureSchema>;
  try {
    // Only the capture (a fifteenth of the code) when the extraction document takes the rest.
    // Each script defines its own function, so clips overlapping in one tab never call the
    // other's.
    const [script, entry] = warm
      ? (['/capture.js', '__pageclipCapture'] as const)
      : (['/extractor.js', '__pageclipExtract'] as const);
    await browser.scripting.executeScript({ target: { tabId }, files: [script] });
    const [injection] = await browser.scripting.executeScript({
      target: { tabId },
      func: (name: string, options: unknown) =>
        (globalThis as unknown as Record<string, (o: unknown) => unknown>)[name]!(options),
      args: [
        entry,
        { mode: opts.mode, selectors: opts.selectors ?? [], whole: warm ? undefined : clipOptions },
      ],
    });
    const parsed = TabCaptureSchema.safeParse(injection?.result);
    if (!parsed.success) {
      return {
        ok: false,
        tabId,
        problem: problem('other', 'The page gave back something Pageclip cannot use.'),
      };
    }
    captured = parsed.data;
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
  if (captured.kind === 'failed') {
    return {
      ok: false,
      tabId,
      problem: problem('other', `Could not extract this page: ${captured.message}`),
    };
  }
  const { selectionAvailable, selectionText, page } = captured;
  if (captured.kind === 'clip') {
    void openExtractionDocument().catch(() => undefined);
    const result = captured.result;
    return { ok: true, tabId, selectionAvailable, selectionText, result, page, extractedIn: 'tab' };
  }
  let extracted;
  try {
    extracted = await extractInDocument({
      capture: captured.capture,
      options: { mode: captured.mode, ...clipOptions },
    });
  } catch (error) {
    extracted = {
      ok: false as const,
      message: error instanceof Error ? error.message : String(error),
    };
  }
  if (!extracted.ok) {
    return {
      ok: false,
      tabId,
      problem: problem('other', `Could not extract this page: ${extracted.message}`),
    };
  }
  const result = extracted.result;
  return {
    ok: true,
    tabId,
    selectionAvailable,
    selectionText,
    result,
    page,
    extractedIn: 'document',
  };
}
