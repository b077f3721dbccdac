/**
 * Finding the service's API from the address the user typed. A bare origin
 * (`http://127.0.0.1:8787`) is accepted when the service answers at `<origin>/api/v1`; an
 * address where nothing useful answers is named precisely: nothing listening, a certificate
 * problem, a timeout, or something that is not a Page and Folder Service (docs/api.md,
 * "Connecting").
 */
import { isApiError } from '../api';
import type { Problem } from '../messaging/problem';
import { sessionClient } from './client';
import type { BackgroundContext } from './context';
import { watchNetErrors } from './net-errors';
import { classifyNetworkFailure, type NetworkFailure } from './network-failure';
import { originOf } from './permissions';
import { problem } from './problems';

export const API_PATH = '/api/v1';

/** Trim, drop a trailing slash; null when it is not http(s). */
export function normalizeServiceUrl(input: string): string | null {
  const trimmed = input.trim().replace(/\/+$/, '');
  return originOf(trimmed) ? trimmed : null;
}

/** Where to look for the API, most likely first: the address itself when it names `/api/v1`, else `/api/v1` under it, then the address as typed. */
export function addressCandidates(input: string): string[] {
  const url = normalizeServiceUrl(input);
  if (url === null) return [];
  if (new URL(url).pathname.endsWith(API_PATH)) return [url];
  return [url + API_PATH, url];
}

/** What answered at an address: the service, something else, or why nothing did. */
export type ServiceAnswer = 'service' | 'not-a-service' | NetworkFailure;

/**
 * `GET /me` without a token tells the service apart: it answers with the account (a browser
 * session) or 401 `unauthenticated` in its error envelope. Any other answer is not our API.
 */
export function answerOf(error: unknown, netError: string | null = null): ServiceAnswer {
  if (error === null) return 'service';
  if (!isApiError(error)) return 'other';
  switch (error.kind) {
    case 'timeout':
      return 'timeout';
    case 'network':
      return classifyNetworkFailure([netError, error.message]);
    case 'invalid-response':
      return 'not-a-service';
    case 'http':
      return error.status === 401 && error.code === 'unauthenticated' ? 'service' : 'not-a-service';
  }
}

/** The problem a user reads for an address where the service was not found. */
export function addressProblem(answer: Exclude<ServiceAnswer, 'service'>, url: string): Problem {
  const origin = originOf(url) ?? url;
  switch (answer) {
    case 'not-a-service':
      return problem(
        'not-a-service',
        `${url} answers, but it is not a Page and Folder Service (its API is usually at ${origin}${API_PATH}).`,
      );
    case 'refused':
      return problem(
        'nothing-listening',
        `Nothing is listening at ${origin}: check that the service is running and the port is right.`,
      );
    case 'certificate':
      return problem(
        'certificate',
        `The browser does not trust the certificate of ${origin} (TLS error): the service needs a valid certificate for this name.`,
      );
    case 'timeout':
      return problem('timeout', `${origin} did not answer in time.`);
    case 'unknown-host':
      return problem('unreachable', `The name in ${origin} does not resolve to any server.`);
    case 'other':
      return problem('unreachable', `Cannot reach ${origin}.`);
  }
}

const PROBE_TIMEOUT_MS = 10_000;

async function probe(ctx: BackgroundContext, url: string): Promise<ServiceAnswer> {
  const watch = watchNetErrors(url);
  try {
    await sessionClient(ctx, url).me({ timeoutMs: PROBE_TIMEOUT_MS });
    return 'service';
  } catch (error) {
    const netError =
      isApiError(error) && error.kind === 'network' ? await watch.errorFor(url + '/me') : null;
    return answerOf(error, netError);
  } finally {
    watch.stop();
  }
}

/**
 * The API address to use for what the user typed, or the problem to show. The first
 * candidate's failure is reported: a bare origin's own answer (the site's home page) says
 * less than why `/api/v1` under it failed.
 */
export async function locateService(
  ctx: BackgroundContext,
  input: string,
): Promise<{ url: string } | { problem: Problem }> {
  const candidates = addressCandidates(input);
  let first: { answer: Exclude<ServiceAnswer, 'service'>; url: string } | null = null;
  for (const url of candidates) {
    const answer = await probe(ctx, url);
    if (answer === 'service') return { url };
    first ??= { answer, url };
    // Nothing answered at all: the other path on the same origin will not answer either.
    if (answer !== 'not-a-service') break;
  }
  if (first === null)
    return { problem: problem('invalid-url', `"${input}" is not an http(s) URL.`) };
  return { problem: addressProblem(first.answer, first.url) };
}
