/**
 * The background's message handler registry: every request is validated with its zod schema,
 * its sender checked, and its answer validated too (so a handler can never leak a field the
 * contract does not have, such as the token).
 */
import { MESSAGE_CHANNEL } from '../messaging/channel';
import { RequestEnvelopeSchema, type ResponseEnvelope } from '../messaging/envelopes';
import type { Problem } from '../messaging/problem';
import {
  type MessageType,
  type ParsedRequestOf,
  RequestSchemas,
  type ResponseOf,
} from '../messaging/requests';
import { problem } from './problems';
import { isOwnExtensionPage, type Sender } from '../messaging/sender';

export { isOwnExtensionPage, type Sender } from '../messaging/sender';

export type Handlers = {
  [T in MessageType]: (data: ParsedRequestOf<T>, sender: Sender) => Promise<ResponseOf<T>>;
};

export async function dispatch(
  handlers: Handlers,
  message: unknown,
  sender: Sender,
): Promise<ResponseEnvelope> {
  const envelope = RequestEnvelopeSchema.safeParse(message);
  if (!envelope.success) return fail(problem('other', 'Malformed message.'));
  if (!isOwnExtensionPage(sender))
    return fail(problem('other', 'Message rejected: unknown sender.'));
  const type = envelope.data.type;
  if (!Object.hasOwn(RequestSchemas, type))
    return fail(problem('other', `Unknown message "${type}".`));
  const schemas = RequestSchemas[type as MessageType];
  const data = schemas.request.safeParse(envelope.data.data);
  if (!data.success) {
    return fail(
      problem('other', `Invalid "${type}" request: ${data.error.issues[0]?.message ?? 'bad data'}`),
    );
  }
  try {
    const handler = handlers[type as MessageType] as (d: unknown, s: Sender) => Promise<unknown>;
    const result = await handler(data.data, sender);
    return { ok: true, data: schemas.response.parse(result) };
  } catch (error) {
    return fail(toProblem(error));
  }
}

function toProblem(error: unknown): Problem {
  if (error && typeof error === 'object' && 'problem' in error)
    return (error as { problem: Problem }).problem;
  return problem('other', error instanceof Error ? error.message : String(error));
}

function fail(p: Problem): ResponseEnvelope {
  return { ok: false, error: p };
}

/** A `runtime.onMessage` listener for the handlers (answers through `sendResponse`, which every browser supports). */
export function createMessageListener(handlers: Handlers) {
  return (message: unknown, sender: Sender, sendResponse: (response: unknown) => void): boolean => {
    if (
      !message ||
      typeof message !== 'object' ||
      (message as { channel?: unknown }).channel !== MESSAGE_CHANNEL
    ) {
      return false;
    }
    void dispatch(handlers, message, sender).then(sendResponse);
    return true;
  };
}

/** An error carrying a Problem for the UI. */
export class ProblemError extends Error {
  readonly problem: Problem;
  constructor(p: Problem) {
    super(p.message);
    this.name = 'ProblemError';
    this.problem = p;
  }
}
