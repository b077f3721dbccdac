import { OpenAPIHono } from '@hono/zod-openapi';
import type { User } from '../db/users';
import type { Repositories } from '../db/repositories';
import type { AccessControl } from '../domain/access';
import { validationHook } from './validation';

export type { Scope } from '../../contract';

export interface Caller {
  user: User;
  /** `token` callers hold the token's scopes; a browser session holds every scope. */
  via: 'token' | 'session';
  scopes: ReadonlySet<string>;
  tokenId: string | null;
}

export interface Deps {
  repos: Repositories;
  access: AccessControl;
  now: () => number;
}

export interface AppEnv {
  Variables: { caller: Caller };
}

/** Every router shares the hook that turns zod failures into the 400 envelope. */
export function newRouter(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
}

export const iso = (ms: number): string => new Date(ms).toISOString();
export const isoOrNull = (ms: number | null): string | null => (ms === null ? null : iso(ms));
