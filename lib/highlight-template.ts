/**
 * The highlight template a new install starts with (the options page can restore it): a quote
 * with its source link and date. Zod-free, so the options page can import it.
 */
export const HighlightTemplateDefault = '> {{quote}}\n\n— [{{title}}]({{url}}), {{date}}';
