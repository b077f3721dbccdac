import { escapeLinkText, escapeLinkUrl, safeLinkUrl } from './link';

export interface HighlightSource {
  quote: string;
  title: string;
  url: string;
  date: Date;
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(title|url|date)\}\}/g, (_, key: string) => values[key] ?? '');
}

/**
 * Renders the user's highlight template. `{{quote}}` on a line with a prefix (`> `) repeats the
 * prefix on every line of a multi-line quote, so the whole selection stays inside the
 * blockquote. The title is escaped for a markdown link's text and the URL for its destination;
 * a URL with an unsafe scheme is left out.
 */
export function renderHighlight(template: string, source: HighlightSource): string {
  const quoteLines = source.quote.replace(/\r\n?/g, '\n').trim().split('\n');
  const url = safeLinkUrl(source.url) ?? '';
  const values: Record<string, string> = {
    title: escapeLinkText(source.title || url),
    url: escapeLinkUrl(url),
    date: source.date.toISOString().slice(0, 10),
  };
  return template
    .split('\n')
    .map((line) => {
      const at = line.indexOf('{{quote}}');
      if (at < 0) return fill(line, values);
      const prefix = line.slice(0, at);
      const suffix = fill(line.slice(at + '{{quote}}'.length), values);
      return quoteLines
        .map((q, i) =>
          `${i === 0 ? fill(prefix, values) : prefix}${q}${i === quoteLines.length - 1 ? suffix : ''}`.trimEnd(),
        )
        .join('\n');
    })
    .join('\n');
}
