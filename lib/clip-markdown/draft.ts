/**
 * The popup edits a clip's markdown body only; the extraction's frontmatter block is kept as
 * it came and put back in front, so an edit can never break the YAML. No YAML parsing here:
 * the popup's bundle stays without the YAML library.
 */

/**
 * The frontmatter block (`---\n…\n---\n` and the blank line after it) of an extraction result:
 * what precedes the body in its markdown, which `clipMarkdown` composes as block + body.
 */
export function frontmatterBlock(result: { markdown: string; body: string }): string {
  const { markdown, body } = result;
  if (!markdown.startsWith('---') || !markdown.endsWith(body)) return '';
  return markdown.slice(0, markdown.length - body.length);
}
