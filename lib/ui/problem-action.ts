/**
 * The action a failure offers. Trying again cannot fix a refused token (401), a missing scope
 * (403 `insufficient_scope`) or a read-only token: those offer **Open settings**, where the
 * user signs in again or pastes another token. Everything else offers **Retry**.
 */
import type { ProblemLike } from './problem-text';

export type ProblemAction = 'retry' | 'open-settings';

const SETTINGS_CODES = new Set([
  'unauthenticated',
  'insufficient-scope',
  'insufficient_scope',
  'read-only',
  'not-configured',
  'no-permission',
]);

export function problemAction(problem: ProblemLike | null): ProblemAction {
  if (problem === null) return 'retry';
  if (problem.status === 401 || SETTINGS_CODES.has(problem.code)) return 'open-settings';
  return 'retry';
}
