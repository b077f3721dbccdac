/**
 * The OpenAPI route of a contract operation: method, path, request schemas and documented
 * answers come from `contract/`; a route adds only its middleware and its handler. The
 * request schemas validate (strictly: limits, UUIDs), and the same schemas make the document.
 */
import { z } from '@hono/zod-openapi';
import { ErrorEnvelope, type Operation } from '../../contract';

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorEnvelope } },
});

/** Error answers every authenticated route can give; operations add their own. */
const commonErrors = {
  400: errorResponse('invalid_request'),
  401: errorResponse('unauthenticated'),
  403: errorResponse('insufficient_scope or forbidden'),
  404: errorResponse('not_found'),
  500: errorResponse('internal_error'),
};

const Text = z.string();
const Binary = z.string().meta({ format: 'binary' });
const MEDIA = { markdown: 'text/markdown', zip: 'application/zip', image: 'image/*' } as const;

type Json<S> = { description: string; content: { 'application/json': { schema: S } } };
type Body<O extends Operation> = O extends { body: { type: 'json'; schema: infer S } }
  ? { body: { required: true; content: { 'application/json': { schema: S } } } }
  : O extends { body: { type: 'markdown' } }
    ? { body: { required: true; content: { 'text/markdown': { schema: typeof Text } } } }
    : Record<never, never>;
type Part<O, K extends 'params' | 'query' | 'headers'> = O extends { [P in K]: infer S }
  ? { [P in K]: S }
  : Record<never, never>;
type Success<O extends Operation> = O['answer'] extends { type: 'json'; schema: infer S }
  ? Json<S>
  : O['answer'] extends { type: 'none' }
    ? { description: string }
    : { description: string; content: Record<string, { schema: typeof Text }> };

export type RouteOf<O extends Operation> = {
  method: O['method'];
  path: O['path'];
  tags: string[];
  summary: string;
  request: Part<O, 'params'> & Part<O, 'query'> & Part<O, 'headers'> & Body<O>;
  responses: { [K in O['status']]: Success<O> } & typeof commonErrors;
};

function success(op: Operation) {
  const { answer } = op;
  if (answer.type === 'json') {
    const content = { 'application/json': { schema: answer.schema } };
    return { description: answer.description, content };
  }
  if (answer.type === 'none') return { description: answer.description };
  const schema = answer.type === 'markdown' ? Text : Binary;
  return { description: answer.description, content: { [MEDIA[answer.type]]: { schema } } };
}

/** The declaration part of `createRoute({ ...routeOf(op), middleware })`. */
export function routeOf<const O extends Operation>(op: O): RouteOf<O> {
  const request: Record<string, unknown> = {};
  if (op.params) request.params = op.params;
  if (op.query) request.query = op.query;
  if (op.headers) request.headers = op.headers;
  if (op.body?.type === 'json') {
    request.body = { required: true, content: { 'application/json': { schema: op.body.schema } } };
  } else if (op.body?.type === 'markdown') {
    request.body = { required: true, content: { 'text/markdown': { schema: Text } } };
  }
  const others = Object.fromEntries(
    Object.entries(op.otherAnswers ?? {}).map(([status, description]) => [
      status,
      Number(status) < 400 ? { description } : errorResponse(description),
    ]),
  );
  return {
    method: op.method,
    path: op.path,
    tags: [op.tag],
    summary: op.summary,
    request,
    responses: { [op.status]: success(op), ...commonErrors, ...others },
  } as RouteOf<O>;
}
