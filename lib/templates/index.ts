/**
 * Templates and rules (docs/templates.md), pure: the variable language (`expression`,
 * `variables`, `filters`), applying a template (`render`, `properties`) and choosing one
 * (`rules`). The schemas are in `schema.ts`, imported apart so the UI's bundles carry no zod.
 */
export { compile, expressionsOf, parseExpression, type Expression } from './expression';
export { FILTER_NAMES, formatDate, slug, type Value } from './filters';
export { propertyValue, type PropertyValue } from './properties';
export {
  renderTemplate,
  renderText,
  templateProblems,
  templateSelectors,
  type RenderedProperty,
  type RenderedTemplate,
} from './render';
export { matchTemplate, ruleMatches, urlMatches } from './rules';
export { lookupVariable, PLAIN_VARIABLES, type TemplateContext } from './variables';
