/**
 * The clip's markdown, owned here and nowhere else: frontmatter (YAML library), link text and
 * URL escaping with the article pipeline's scheme rules, the `## [title](url)` section heading,
 * highlight quotes, `pageclip_id`, and joining notes and appended content. Pure: no browser or
 * Node API. The popup imports the YAML-free files (`link`, `draft`) directly to keep its bundle
 * small.
 */
export { clipMarkdown, withClipMarkdown, type ClipExtraction } from './extraction';
export { frontmatterBlock } from './draft';
export {
  readFrontmatter,
  renderFrontmatter,
  splitFrontmatter,
  withFrontmatter,
  type Frontmatter,
  type FrontmatterRead,
} from './frontmatter';
export { renderHighlight, type HighlightSource } from './highlight';
export { composeAppendContent, joinNote } from './join';
export {
  escapeLinkText,
  escapeLinkUrl,
  markdownLink,
  safeLinkUrl,
  sectionContent,
  sectionHeading,
} from './link';
export { composeLinkMarkdown, composePageMarkdown } from './page';
export { PAGECLIP_ID_FIELD, readPageclipId, withPageclipId } from './pageclip-id';
