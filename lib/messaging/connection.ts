/** The connection to the service: who is signed in, where, and what stands in the way. */
import { z } from 'zod';
import { ProblemSchema } from './problem';

export const UserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

/**
 * What the stored token may do, checked when it is stored and on every re-check: `read-only`
 * lacks `pages:write`; `unknown` until a check got an answer.
 */
export const WriteAccessSchema = z.enum(['write', 'read-only', 'unknown']);
export type WriteAccess = z.infer<typeof WriteAccessSchema>;

export const ConnectionStateSchema = z.object({
  serviceUrl: z.string(),
  /** `http://127.0.0.1:8787/*`-style pattern the options page passes to `permissions.request`. */
  originPattern: z.string().nullable(),
  permissionGranted: z.boolean(),
  hasToken: z.boolean(),
  user: UserSchema.nullable(),
  writeAccess: WriteAccessSchema,
  problem: ProblemSchema.nullable(),
  /** True while a sign-in tab is open and the background waits for the user to sign in. */
  signInPending: z.boolean(),
  /**
   * Sign-in found a browser session: the account it is signed in as. No token is minted for
   * it until the user confirmed it is theirs (`connection.confirmSignIn`), so a session
   * someone else planted (login CSRF) never silently receives the user's clips.
   */
  signInAccount: UserSchema.nullable(),
});
export type ConnectionState = z.infer<typeof ConnectionStateSchema>;

const empty = z.object({}).strict();
const serviceUrl = z.string().min(1).max(2000);

export const connectionRequests = {
  /** Connection state: who is connected, service URL, host permission, current problem. */
  'connection.get': {
    request: z.object({ check: z.boolean().optional() }), // check: re-run GET /me and the write check now
    response: ConnectionStateSchema,
  },
  /** Save the service URL (clears the token when the origin changes). */
  'connection.setServiceUrl': {
    request: z.object({ serviceUrl }),
    response: ConnectionStateSchema,
  },
  /**
   * Find the API at the address (a bare origin gets `/api/v1`), check a pasted token with
   * GET /me and its write access; stored only when the service accepts it.
   */
  'connection.connectToken': {
    request: z.object({ serviceUrl, token: z.string().min(1).max(4096) }),
    response: ConnectionStateSchema,
  },
  /**
   * Sign in: read the account of the browser's session with the service (GET /me) and answer
   * it as `signInAccount`, to be confirmed. Without a session the background opens the
   * service's sign-in page (the response has `signInPending: true`) and, once the user signed
   * in there, pushes the account in a `connection-changed` event.
   */
  'connection.signIn': {
    request: z.object({ serviceUrl }),
    response: ConnectionStateSchema,
  },
  /**
   * The user confirmed `signInAccount`: mint a token with the session (POST /tokens), kept
   * only when it belongs to that same account.
   */
  'connection.confirmSignIn': {
    request: z.object({ userId: z.string().min(1).max(200) }),
    response: ConnectionStateSchema,
  },
  /** The user refused `signInAccount`: forget it, mint nothing. */
  'connection.cancelSignIn': { request: empty, response: ConnectionStateSchema },
  'connection.disconnect': { request: empty, response: ConnectionStateSchema },
} as const;
