import type { ZodError } from 'zod';
import { ApiError } from './api-error';

const TARGET_NAMES: Record<string, string> = {
  json: 'body',
  query: 'query',
  param: 'path',
  header: 'header',
  cookie: 'cookie',
  form: 'form',
};

/** `title: expected string` style messages naming the field (docs/api.md, Errors). */
export function describeZodError(error: ZodError, target: string): string {
  const parts = error.issues.slice(0, 3).map((issue) => {
    const where = issue.path.length
      ? issue.path
          .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
          .join('.')
          .replace(/\.\[/g, '[')
      : (TARGET_NAMES[target] ?? target);
    return `${where}: ${issue.message}`;
  });
  if (error.issues.length > 3) parts.push(`and ${error.issues.length - 3} more`);
  return parts.join('; ');
}

export function validationHook(
  result: { success: true } | { success: false; error: ZodError; target: string },
): void {
  if (!result.success)
    throw new ApiError(400, 'invalid_request', describeZodError(result.error, result.target));
}
