/**
 * Text from a request (its percent-decoded path) made safe for a one-line log: control
 * characters, line separators and bidirectional controls are written as escapes, so a path
 * such as `/x%0AGET%20/forged` or one carrying ANSI sequences cannot forge or hide lines.
 */
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- escaping control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\\]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\\': '\\\\' };

export function escapeForLog(text: string): string {
  return text.replace(UNSAFE, (ch) => {
    const named = NAMED[ch];
    if (named) return named;
    const code = ch.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}
