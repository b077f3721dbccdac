/**
 * The clip's markdown, owned here and nowhere else: frontmatter (YAML library), link text and
 * URL escaping with the article pipeline's scheme rules, appended sections (`## [title](url)`,
 * source and date, note, the article with demoted headings), quick notes, highlight quotes,
 * the Highlights section with its records, `pageclip_id`, and joining notes and appended
 * content. Pure: no browser or Node API. The popup imports the YAML-free files (`link`,
 * `draft`, `section`) directly to keep its bundle small.
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
export {
  colorOf,
  DEFAULT_HIGHLIGHT_COLOR,
  HIGHLIGHT_COLORS,
  HighlightId,
  MAX_QUOTE_LENGTH,
  renderRecord,
  type HighlightColor,
  type StoredHighlight,
} from './highlight-record';
export {
  addHighlightChange,
  HIGHLIGHTS_HEADING,
  readHighlights,
  removeHighlightChange,
  renderHighlightEntry,
  renderHighlightsSection,
  updateHighlightChange,
  type HighlightsRead,
  type PageChange,
  type PageHighlight,
} from './highlights-section';
export { escapeInlineText, unescapeInlineText } from './inline-text';
export { encodeFragmentTerm, textDirective, textFragmentUrl } from './text-fragment';
export { composeAppendContent, joinNote } from './join';
export { escapeLinkText, escapeLinkUrl, markdownLink, safeLinkUrl, sectionHeading } from './link';
export { localDate, localDateTime } from './dates';
export { demoteHeadings } from './demote';
export { quickNoteMarkdown, type QuickNoteInput } from './quick-note';
export { appendedSection, siteName, sourceLine, type SectionInput } from './section';
export { composeLinkMarkdown, composePageMarkdown } from './page';
export { PAGECLIP_ID_FIELD, readPageclipId, withPageclipId } from './pageclip-id';
export { tabLinkLine, type TabLink } from './tab-link';
export { tabBookmarkMarkdown, tabListMarkdown } from './tab-pages';
export { withProperties, type FrontmatterProperty } from './properties';
