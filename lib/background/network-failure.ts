/**
 * Why a request got no answer, from the browser's or Node's own error names: nothing listening
 * (connection refused), a certificate the browser does not trust (TLS), an unknown host, or a
 * timeout. Chromium names them `net::ERR_…` (seen by `webRequest.onErrorOccurred`), Firefox
 * `NS_ERROR_…`, `SEC_ERROR_…`, `SSL_ERROR_…` or `MOZILLA_PKIX_ERROR_…`, Node `ECONNREFUSED`
 * and OpenSSL's codes (`DEPTH_ZERO_SELF_SIGNED_CERT`, `CERT_HAS_EXPIRED`…). `fetch` itself
 * says only "Failed to fetch", so the details come from there.
 */
export type NetworkFailure = 'refused' | 'certificate' | 'unknown-host' | 'timeout' | 'other';

const RULES: [NetworkFailure, RegExp][] = [
  [
    'certificate',
    /ERR_CERT_|ERR_SSL_|ERR_BAD_SSL|SEC_ERROR_|SSL_ERROR_|MOZILLA_PKIX_ERROR_|ERR_TLS_|SELF_SIGNED_CERT|CERT_HAS_EXPIRED|CERT_NOT_YET_VALID|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT|CERT_UNTRUSTED|HOSTNAME_MISMATCH|EPROTO/,
  ],
  ['refused', /ERR_CONNECTION_REFUSED|NS_ERROR_CONNECTION_REFUSED|ECONNREFUSED/],
  ['unknown-host', /ERR_NAME_NOT_RESOLVED|NS_ERROR_UNKNOWN_HOST|ENOTFOUND|EAI_AGAIN/],
  ['timeout', /ERR_TIMED_OUT|ERR_CONNECTION_TIMED_OUT|NS_ERROR_NET_TIMEOUT|ETIMEDOUT/],
];

/** The kind of a failure from every detail known about it (error names, messages). */
export function classifyNetworkFailure(details: (string | null | undefined)[]): NetworkFailure {
  const text = details.filter(Boolean).join(' ');
  for (const [kind, pattern] of RULES) if (pattern.test(text)) return kind;
  return 'other';
}
