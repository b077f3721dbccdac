/**
 * The envelopes on the wire, as the background parses them: a request names its channel and
 * type, an answer is `ok` with data or not with a `Problem`, an event names its channel.
 */
import { z } from 'zod';
import { EVENT_CHANNEL, MESSAGE_CHANNEL } from './channel';
import { BackgroundEventSchema } from './events';
import { ProblemSchema } from './problem';

export const RequestEnvelopeSchema = z.object({
  channel: z.literal(MESSAGE_CHANNEL),
  type: z.string(),
  data: z.unknown(),
});

export const ResponseEnvelopeSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), data: z.unknown() }),
  z.object({ ok: z.literal(false), error: ProblemSchema }),
]);
export type ResponseEnvelope = z.infer<typeof ResponseEnvelopeSchema>;

export const EventEnvelopeSchema = z.object({
  channel: z.literal(EVENT_CHANNEL),
  event: BackgroundEventSchema,
});
