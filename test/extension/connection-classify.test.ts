import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { classifyNetworkFailure } from '../../lib/background/network-failure';
import {
  addressCandidates,
  addressProblem,
  answerOf,
  normalizeServiceUrl,
} from '../../lib/background/service-address';
import { writeAccessOf } from '../../lib/background/write-access';

const http = (status: number, code: string) =>
  new ApiError({ kind: 'http', status, code, message: code });

describe('the service address', () => {
  it('tries /api/v1 under a bare origin first, and an address naming /api/v1 as it is', () => {
    expect(addressCandidates(' http://127.0.0.1:8787/ ')).toEqual([
      'http://127.0.0.1:8787/api/v1',
      'http://127.0.0.1:8787',
    ]);
    expect(addressCandidates('https://pages.example.com/api/v1/')).toEqual([
      'https://pages.example.com/api/v1',
    ]);
    expect(addressCandidates('ftp://pages.example.com')).toEqual([]);
    expect(normalizeServiceUrl('javascript:alert(1)')).toBeNull();
  });

  it('tells the service from anything else by what GET /me answers', () => {
    expect(answerOf(null)).toBe('service');
    expect(answerOf(http(401, 'unauthenticated'))).toBe('service');
    expect(answerOf(http(404, 'http_404'))).toBe('not-a-service');
    expect(answerOf(http(401, 'http_401'))).toBe('not-a-service');
    expect(
      answerOf(new ApiError({ kind: 'invalid-response', status: 200, code: 'x', message: 'x' })),
    ).toBe('not-a-service');
    expect(answerOf(new ApiError({ kind: 'timeout', status: null, code: 't', message: 't' }))).toBe(
      'timeout',
    );
    const failed = new ApiError({
      kind: 'network',
      status: null,
      code: 'network_error',
      message: 'GET /me: could not reach the service (TypeError: Failed to fetch)',
    });
    // What fetch says is not enough; the browser's own reason (webRequest) decides.
    expect(answerOf(failed)).toBe('other');
    expect(answerOf(failed, 'net::ERR_CONNECTION_REFUSED')).toBe('refused');
    expect(answerOf(failed, 'net::ERR_CERT_AUTHORITY_INVALID')).toBe('certificate');
  });

  it('says precisely what is wrong, never that a page no longer exists', () => {
    const url = 'http://127.0.0.1:8787';
    for (const answer of [
      'not-a-service',
      'refused',
      'certificate',
      'timeout',
      'unknown-host',
      'other',
    ] as const) {
      const problem = addressProblem(answer, url);
      expect(problem.message).not.toMatch(/no longer exists/);
      expect(problem.message).toContain('127.0.0.1:8787');
    }
    expect(addressProblem('refused', url).code).toBe('nothing-listening');
    expect(addressProblem('certificate', url).code).toBe('certificate');
    expect(addressProblem('not-a-service', url).code).toBe('not-a-service');
    expect(addressProblem('timeout', url).code).toBe('timeout');
  });
});

describe('classifyNetworkFailure', () => {
  it('reads Chromium, Firefox and Node error names', () => {
    expect(classifyNetworkFailure(['net::ERR_CONNECTION_REFUSED'])).toBe('refused');
    expect(classifyNetworkFailure(['NS_ERROR_CONNECTION_REFUSED'])).toBe('refused');
    expect(classifyNetworkFailure(['fetch failed: ECONNREFUSED'])).toBe('refused');
    for (const tls of [
      'net::ERR_CERT_AUTHORITY_INVALID',
      'net::ERR_CERT_DATE_INVALID',
      'net::ERR_SSL_PROTOCOL_ERROR',
      'SEC_ERROR_UNKNOWN_ISSUER',
      'MOZILLA_PKIX_ERROR_SELF_SIGNED_CERT',
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'CERT_HAS_EXPIRED',
      'ERR_TLS_CERT_ALTNAME_INVALID',
    ])
      expect(classifyNetworkFailure([tls]), tls).toBe('certificate');
    expect(classifyNetworkFailure(['net::ERR_NAME_NOT_RESOLVED'])).toBe('unknown-host');
    expect(classifyNetworkFailure(['ENOTFOUND'])).toBe('unknown-host');
    expect(classifyNetworkFailure(['net::ERR_CONNECTION_TIMED_OUT'])).toBe('timeout');
    expect(classifyNetworkFailure([null, 'Failed to fetch'])).toBe('other');
  });
});

describe('writeAccessOf', () => {
  it('reads the nil-page PATCH: 403 insufficient_scope is read only, 404 is write', () => {
    expect(writeAccessOf(http(403, 'insufficient_scope'))).toBe('read-only');
    expect(writeAccessOf(http(404, 'not_found'))).toBe('write');
    expect(writeAccessOf(http(400, 'invalid_request'))).toBe('write');
    expect(writeAccessOf(http(403, 'forbidden'))).toBe('unknown');
    expect(writeAccessOf(http(500, 'internal'))).toBe('unknown');
    expect(
      writeAccessOf(new ApiError({ kind: 'network', status: null, code: 'n', message: 'n' })),
    ).toBe('unknown');
  });
});
