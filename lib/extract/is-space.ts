/**
 * Whether a UTF-16 code unit is white space as `\s` and `String.prototype.trim` take it
 * (ECMAScript's WhiteSpace and LineTerminator), for loops that read text a character at a
 * time and must agree with those patterns: link density's lengths (collapsed-length.ts) and
 * the highlighter's text model (lib/anchoring/text-model.ts).
 */
export function isSpace(code: number): boolean {
  return code <= 0x20
    ? code === 0x20 || (code >= 0x09 && code <= 0x0d)
    : code === 0xa0 ||
        code === 0x1680 ||
        (code >= 0x2000 && code <= 0x200a) ||
        code === 0x2028 ||
        code === 0x2029 ||
        code === 0x202f ||
        code === 0x205f ||
        code === 0x3000 ||
        code === 0xfeff;
}
