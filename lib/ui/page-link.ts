/**
 * Where a saved page can be opened. The spec gives pages no human URL and the API resource
 * (`GET /pages/{id}`) answers JSON behind a credential, so the link comes from a template
 * (settings `pageLinkTemplate`): `{origin}` is the service URL's origin, `{id}` the page id.
 * The local service's page view is `{origin}/view/pages/{id}` (docs/api.md, "Page view").
 */
export function pageLinkFor(serviceUrl: string, template: string, pageId: string): string | null {
  let origin: string | null = null;
  try {
    const service = new URL(serviceUrl);
    if (service.protocol === 'http:' || service.protocol === 'https:') origin = service.origin;
  } catch {
    // An unparseable service URL only matters when the template uses {origin}.
  }
  if (origin === null && template.includes('{origin}')) return null;
  const filled = template
    .replaceAll('{origin}', origin ?? '')
    .replaceAll('{id}', encodeURIComponent(pageId));
  try {
    // A template is user input: only a web URL may become a link (never javascript: or data:).
    const link = new URL(filled);
    return link.protocol === 'http:' || link.protocol === 'https:' ? link.href : null;
  } catch {
    return null;
  }
}
