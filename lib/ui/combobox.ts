/**
 * `role="combobox"` for a search field that drives a list with aria-activedescendant
 * (WAI-ARIA 1.2 combobox pattern). Preact's JSX types accept that role on an input only
 * together with a `<datalist>` id, which is not this pattern, hence a spread.
 */
export const COMBOBOX = { role: 'combobox' } as Record<string, string>;
