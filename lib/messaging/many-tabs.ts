/**
 * Clipping many tabs at once: the popup names the tabs and the destination, the background
 * does the work (the popup may close meanwhile) and keeps one job whose progress the popup
 * shows when it opens again (docs/architecture.md, "Many tabs at once").
 */
import { z } from 'zod';
import { MAX_TABS } from './many-tabs-limit';

/** Each tab its own page, or one page listing them all. */
export const ManyTabsLayoutSchema = z.enum(['pages', 'links']);
export type ManyTabsLayout = z.infer<typeof ManyTabsLayoutSchema>;

const PermissionsToRelease = z.object({
  permissions: z.array(z.literal('tabs')).max(1),
  origins: z.array(z.string().regex(/^https?:\/\/[^/*]+\/\*$/)).max(MAX_TABS),
});

export const ManyTabsRequestSchema = z.object({
  tabIds: z.array(z.number().int().nonnegative()).min(1).max(MAX_TABS),
  layout: ManyTabsLayoutSchema,
  parentId: z.uuid().nullable(),
  /** The folder's name, for the recent folders and the result message. */
  folderName: z.string().max(500),
  note: z.string().max(100_000).optional(),
  /**
   * What the click granted only for this job (the `tabs` permission, sites' host access),
   * given back when it finishes: clipping tabs once does not leave Pageclip reading them.
   */
  release: PermissionsToRelease.optional(),
});
export type ManyTabsRequest = z.infer<typeof ManyTabsRequestSchema>;

/**
 * What became of one tab: `pending` until it is handled, then `clipped` (its article is in
 * the outbox), `bookmark` (its title and address only, with the reason) or `failed`.
 */
export const TabOutcomeSchema = z.enum(['pending', 'clipped', 'bookmark', 'failed']);
export type TabOutcome = z.infer<typeof TabOutcomeSchema>;

/**
 * Why a tab became a bookmark or failed: not a web page (`chrome:`, `file:`, the PDF viewer's
 * own address), no host access granted for its site, extraction refused or failed there (the
 * web store, an error page), no answer within the time limit, closed before its turn, or the
 * outbox refused the write.
 */
export const TabReasonSchema = z.enum([
  'not-web',
  'no-access',
  'unreadable',
  'timeout',
  'closed',
  'not-saved',
]);
export type TabReason = z.infer<typeof TabReasonSchema>;

export const ManyTabsItemSchema = z.object({
  tabId: z.number().int(),
  title: z.string().max(1_000),
  url: z.string().max(10_000),
  /** The outbox entry this tab's page goes through (minted at the click, so a resumed job writes it once). */
  clipId: z.uuid(),
  outcome: TabOutcomeSchema,
  reason: TabReasonSchema.optional(),
  /** The browser's or extractor's own words, shown after the reason. */
  detail: z.string().max(2_000).optional(),
});
export type ManyTabsItem = z.infer<typeof ManyTabsItemSchema>;

export const ManyTabsJobSchema = z.object({
  id: z.uuid(),
  layout: ManyTabsLayoutSchema,
  parentId: z.uuid().nullable(),
  folderName: z.string().max(500),
  note: z.string().max(100_000).optional(),
  /** The one page of the `links` layout. */
  linksClipId: z.uuid().optional(),
  release: PermissionsToRelease.optional(),
  status: z.enum(['running', 'finished']),
  startedAt: z.number(),
  items: z.array(ManyTabsItemSchema).max(MAX_TABS),
});
export type ManyTabsJob = z.infer<typeof ManyTabsJobSchema>;

const job = z.object({ job: ManyTabsJobSchema.nullable() });

export const manyTabsRequests = {
  /** Start clipping these tabs; answers at once with the job (its progress follows as events). */
  'tabs.clipMany': { request: ManyTabsRequestSchema, response: job },
  /** The current or last job, for a popup that opens while it runs or after. */
  'tabs.manyStatus': { request: z.object({}).strict(), response: job },
  /** Forget a finished job (its result was read). */
  'tabs.manyDismiss': { request: z.object({}).strict(), response: job },
} as const;
