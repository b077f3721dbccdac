/** `http://host:port/*` for `permissions.request`, or null when the address is not http(s). */
export function originPatternOf(serviceUrl: string): string | null {
  try {
    const url = new URL(serviceUrl.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.origin}/*` : null;
  } catch {
    return null;
  }
}
