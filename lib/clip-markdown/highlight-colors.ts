/**
 * The highlight colours, without zod: the highlighter script injected into pages imports them
 * at run time, and a schema library there would bring `new Function` into the page's bundle.
 */
export const HIGHLIGHT_COLORS = ['yellow', 'green', 'blue', 'pink', 'purple'] as const;
export type HighlightColor = (typeof HIGHLIGHT_COLORS)[number];
export const DEFAULT_HIGHLIGHT_COLOR: HighlightColor = 'yellow';
