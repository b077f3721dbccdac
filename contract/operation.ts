/**
 * What declares one operation of the service: method, path, parameters, body, the answer the
 * service gives and the part of it a client may rely on. The service builds its routes and
 * OpenAPI document from these declarations, the client its calls, and docs/api.md its table.
 */
import type { z } from 'zod';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call: a token scope (a browser session holds both), a session only, or anyone signed in. */
export type Access = 'read' | 'write' | 'session' | 'any';

/** A successful answer: JSON with its schema, or a body of another type, or none. */
export type Answer =
  | { type: 'json'; schema: z.ZodType; description: string }
  | { type: 'markdown' | 'zip' | 'image' | 'none'; description: string };

export interface Operation {
  method: Method;
  /** OpenAPI form, relative to `/api/v1`: `/pages/{pageId}`. */
  path: string;
  tag: string;
  summary: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: { type: 'json'; schema: z.ZodType } | { type: 'markdown' };
  status: 200 | 201 | 204;
  answer: Answer;
  /**
   * How a client reads the answer: what the spec guarantees, parsed tolerantly (fields the spec
   * does not show are optional, unknown fields are dropped). Defaults to the answer's schema.
   */
  reading?: z.ZodType;
  /** Other answers than the success and the common errors: status → description. */
  otherAnswers?: Record<number, string>;
  /** The "Success" cell of the operations table in docs/api.md. */
  doc: string;
}

export function defineOperation<const O extends Operation>(op: O): O {
  return op;
}

/** The parsed answer a client gets from a JSON operation. */
export type ReadingOf<O extends Operation> = O extends { reading: infer R extends z.ZodType }
  ? z.output<R>
  : O['answer'] extends { type: 'json'; schema: infer S extends z.ZodType }
    ? z.output<S>
    : undefined;

/** `/pages/{pageId}` with `{ pageId: 'a/b' }` → `/pages/a%2Fb`: an id never reaches another route. */
export function pathOf(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`${path}: missing path parameter ${name}`);
    return encodeURIComponent(value);
  });
}
