/**
 * Extraction on demand: inject `extractor.js` into the tab (`activeTab` + `scripting`, granted
 * by the user's click, shortcut or menu), call it for the page's capture, and have the
 * extraction document turn the capture into the clip (extraction-document.ts). Each answer is
 * validated: the page is untrusted, so its capture is parsed like any other input.
 */
import { browser } from 'wxt/browser';
import type { ClipMode } from '../extract/result';
import {
  type ClipExtractionSchema,
  type PageDataSchema,
  TabCaptureSchema,
} from '../messaging/extractor';
import type { Problem } from '../messaging/problem';
import { extractInDocument, openExtractionDocument } from './extraction-document';
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
  // The extraction document opens while the tab is read (its first open takes a moment).
  const documentReady = openExtractionDocument().catch(() => undefined);
  let captured: z.infer<typeof TabCaptureSchema>;
  try {
    await browser.scripting.executeScript({ target: { tabId }, files: ['/extractor.js'] });
    const [injection] = await browser.scripting.executeScript({
      target: { tabId },
      func: (options: unknown) =>
        (globalThis as unknown as { __pageclipExtract: (o: unknown) => unknown }).__pageclipExtract(
          options,
        ),
      args: [{ mode: opts.mode, selectors: opts.selectors ?? [] }],
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
  if (!captured.ok) {
    return {
      ok: false,
      tabId,
      problem: problem('other', `Could not extract this page: ${captured.message}`),
    };
  }
  await documentReady;
  let extracted;
  try {
    extracted = await extractInDocument({
      capture: captured.capture,
      options: {
        mode: captured.mode,
        now: opts.now.toISOString(),
        extraFrontmatter: opts.extraFrontmatter ?? {},
        embedImages: opts.embedImages ?? false,
      },
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
  const { selectionAvailable, selectionText, page } = captured;
  return { ok: true, tabId, selectionAvailable, selectionText, result: extracted.result, page };
}
