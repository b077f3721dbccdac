/**
 * The one generic call: an operation declaration of `contract/` and its inputs in, the parsed
 * answer out. The method and path (ids percent-encoded into it) come from the declaration, the
 * body type from its `body`, how to read the answer from its `answer`, and the parse from its
 * `reading` (what the spec guarantees, unknown fields dropped). Failures are `ApiError`s
 * (`transport.ts`).
 */
import type { z } from 'zod';
import { pathOf, type Operation, type ReadingOf } from '../../contract';
import {
  parseJson,
  type CallOptions,
  type RawResponse,
  type RequestSpec,
  type Transport,
} from './transport';

type ParamsOf<O extends Operation> = O['params'] extends z.ZodObject
  ? { params: { [K in keyof z.input<O['params']>]: string } }
  : { params?: undefined };
type BodyOf<O extends Operation> = O['body'] extends { type: 'json'; schema: infer S }
  ? { json: S extends z.ZodType ? z.input<S> : never }
  : O['body'] extends { type: 'markdown' }
    ? { text: string }
    : { json?: undefined; text?: undefined };

/** What one call sends: path parameters, query, body and extra headers, as the operation takes them. */
export type CallInput<O extends Operation> = ParamsOf<O> &
  BodyOf<O> & {
    query?: Record<string, string | number | null | undefined>;
    headers?: Record<string, string>;
  };

const READ = {
  json: 'json',
  markdown: 'text',
  zip: 'bytes',
  image: 'bytes',
  none: 'none',
} as const;

export class Caller {
  constructor(readonly http: Transport) {}

  /** Sends the operation; resolves with the 2xx answer and the request's name for messages. */
  async send<O extends Operation>(
    op: O,
    input: CallInput<O>,
    opts?: CallOptions,
  ): Promise<{ raw: RawResponse; request: string }> {
    const spec: RequestSpec = {
      method: op.method.toUpperCase() as RequestSpec['method'],
      path: pathOf(op.path, input.params),
      query: input.query,
      headers: input.headers,
      read: READ[op.answer.type],
    };
    const { json, text } = input as { json?: unknown; text?: string };
    if (json !== undefined) spec.json = json;
    if (text !== undefined) {
      spec.text = text;
      spec.contentType = 'text/markdown; charset=utf-8';
    }
    const raw = await this.http.send(spec, opts);
    return { raw, request: `${spec.method} ${spec.path}` };
  }

  /** Sends the operation and parses its JSON answer with the operation's reading. */
  async call<O extends Operation>(
    op: O,
    input: CallInput<O>,
    opts?: CallOptions,
  ): Promise<ReadingOf<O>> {
    const { raw, request } = await this.send(op, input, opts);
    return this.read(op, raw, request);
  }

  read<O extends Operation>(op: O, raw: RawResponse, request: string): ReadingOf<O> {
    const schema = op.reading ?? (op.answer.type === 'json' ? op.answer.schema : undefined);
    if (!schema) throw new TypeError(`${request}: the operation answers no JSON`);
    return parseJson(schema, raw, request) as ReadingOf<O>;
  }
}
