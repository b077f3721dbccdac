/** What the background tells open Pageclip pages without being asked. */
import { z } from 'zod';
import { OutboxEntryViewSchema } from '../outbox/entry';
import { ConnectionStateSchema } from './connection';
import { ManyTabsJobSchema } from './many-tabs';

export const BackgroundEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('connection-changed'), state: ConnectionStateSchema }),
  z.object({ type: z.literal('folders-changed') }),
  z.object({ type: z.literal('pages-changed'), parentId: z.string().nullable() }),
  z.object({ type: z.literal('outbox-changed'), entries: z.array(OutboxEntryViewSchema) }),
  z.object({ type: z.literal('many-tabs-changed'), job: ManyTabsJobSchema.nullable() }),
]);
export type BackgroundEvent = z.infer<typeof BackgroundEventSchema>;
