/** The connection to the service: who is signed in, where, and what stands in the way. */
import { z } from 'zod';
import { ProblemSchema } from './problem';

export const UserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
});
export type User = z.infer<typeof UserSchema>;

export const ConnectionStateSchema = z.object({
  serviceUrl: z.string(),
  /** `http://127.0.0.1:8787/*`-style pattern the options page passes to `permissions.request`. */
  originPattern: z.string().nullable(),
  permissionGranted: z.boolean(),
  hasToken: z.boolean(),
  user: UserSchema.nullable(),
  problem: ProblemSchema.nullable(),
  /** True while a sign-in tab is open and the background waits to mint a token. */
  signInPending: z.boolean(),
});
export type ConnectionState = z.infer<typeof ConnectionStateSchema>;

const empty = z.object({}).strict();
const serviceUrl = z.string().min(1).max(2000);

export const connectionRequests = {
  /** Connection state: who is connected, service URL, host permission, current problem. */
  'connection.get': {
    request: z.object({ check: z.boolean().optional() }), // check: re-run GET /me now
    response: ConnectionStateSchema,
  },
  /** Save the service URL (clears the token when the origin changes). */
  'connection.setServiceUrl': {
    request: z.object({ serviceUrl }),
    response: ConnectionStateSchema,
  },
  /** Check a pasted token with GET /me; stored only when it works. */
  'connection.connectToken': {
    request: z.object({ serviceUrl, token: z.string().min(1).max(4096) }),
    response: ConnectionStateSchema,
  },
  /**
   * Sign in: mint a token with the browser's session (POST /tokens). Without a session the
   * background opens the service's sign-in page and finishes by itself once the user signed
   * in (a `connection-changed` event follows); the response then has `signInPending: true`.
   */
  'connection.signIn': {
    request: z.object({ serviceUrl }),
    response: ConnectionStateSchema,
  },
  'connection.disconnect': { request: empty, response: ConnectionStateSchema },
} as const;
