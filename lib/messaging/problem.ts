import { z } from 'zod';

/**
 * Why the background cannot do what a page asked, in words a person can act on: the error half
 * of every answer, and the connection problem the options page and popup show.
 */
export const ProblemCodeSchema = z.enum([
  'not-configured', // no token stored
  'no-permission', // host permission for the service origin not granted
  'unreachable', // network error of no known kind
  'nothing-listening', // connection refused: no service at that address and port
  'certificate', // the TLS handshake failed: the service's certificate is not trusted
  'timeout', // the service did not answer in time
  'not-a-service', // something answers at that address, but not the Page and Folder Service API
  'unauthenticated', // 401: token revoked, expired or unknown
  'insufficient-scope', // 403 naming the missing scope
  'read-only', // the token holds pages:read but not pages:write (found by the write check)
  'sign-in-required', // sign-in: no session with the service yet
  'invalid-url', // the service URL does not parse
  'server-error', // 5xx or an unparseable response
  'other',
]);
export type ProblemCode = z.infer<typeof ProblemCodeSchema>;

export const ProblemSchema = z.object({
  code: ProblemCodeSchema,
  message: z.string(),
  status: z.number().int().nullable(),
});
export type Problem = z.infer<typeof ProblemSchema>;
