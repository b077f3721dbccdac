/** The types a template property can have (docs/templates.md, Properties); no zod, for the UI. */
export const PROPERTY_TYPES = ['text', 'list', 'date', 'number', 'checkbox'] as const;
