import MarkdownIt, { type RendererRule } from 'markdown-it';
import footnote from 'markdown-it-footnote';
import texmath from 'markdown-it-texmath';
import { parse as parseYaml } from 'yaml';
import { splitFrontmatter } from '../domain/content';

/**
 * A page's markdown as HTML for the page view (docs/api.md, "Page view"). The markdown is
 * untrusted (a clip of any web page), so the page's own HTML is never rendered: raw HTML is
 * shown as text, links keep only safe schemes, and math is shown as its TeX source.
 */

const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
// A scheme is letters first, then letters, digits, `+`, `-` or `.`, then a colon.
const SCHEME = /^([a-z][a-z0-9+.-]*:)/i;

/** http, https, mailto or a relative address (no scheme); anything else is no link at all. */
export function isSafeLink(url: string): boolean {
  // Browsers ignore ASCII whitespace and control characters inside a scheme (`java\tscript:`).
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const squeezed = url.replace(/[\u0000-\u0020\u007f]/g, '');
  const scheme = SCHEME.exec(squeezed)?.[1];
  return scheme === undefined ? true : SAFE_SCHEMES.has(scheme.toLowerCase());
}

const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false });
md.validateLink = isSafeLink;
md.use(footnote);
// texmath only finds `$…$` and `$$…$$`; the renderers below replace its output, so no math
// engine ever runs and the TeX stays as the clip wrote it.
md.use(texmath, {
  engine: { renderToString: (tex) => md.utils.escapeHtml(tex) },
  delimiters: 'dollars',
});
const texAsCode =
  (display: boolean): RendererRule =>
  (tokens, idx) => {
    const tex = md.utils.escapeHtml(tokens[idx]!.content.trim());
    return display
      ? `<pre class="math"><code>$$\n${tex}\n$$</code></pre>\n`
      : `<code class="math">$${tex}$</code>`;
  };
md.renderer.rules.math_inline = texAsCode(false);
md.renderer.rules.math_inline_double = texAsCode(true);
md.renderer.rules.math_block = texAsCode(true);
md.renderer.rules.math_block_eqno = texAsCode(true);

const defaultLinkOpen: RendererRule = (tokens, idx, options, _env, self) =>
  self.renderToken(tokens, idx, options);
const linkOpen = md.renderer.rules.link_open ?? defaultLinkOpen;
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const href = String(tokens[idx]!.attrGet('href') ?? '');
  // In-page links (footnotes) stay plain; others leave without telling the target anything.
  if (!href.startsWith('#')) tokens[idx]!.attrSet('rel', 'noopener noreferrer nofollow');
  return linkOpen(tokens, idx, options, env, self);
};

export type Properties = [key: string, value: unknown][];

/** The frontmatter's keys and values, or null when there is none or it is not a YAML map. */
export function readFrontmatter(block: string): Properties | null {
  const inner = block.replace(/^---[ \t]*\r?\n/, '').replace(/(?:---|\.\.\.)[ \t]*(?:\r?\n)?$/, '');
  try {
    const data: unknown = parseYaml(inner);
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return null;
    return Object.entries(data as Record<string, unknown>);
  } catch {
    return null;
  }
}

const escape = (text: string) => md.utils.escapeHtml(text);

function valueHtml(value: unknown): string {
  if (Array.isArray(value)) return value.map(valueHtml).join(', ');
  if (value instanceof Date) return escape(value.toISOString());
  if (value !== null && typeof value === 'object') return escape(JSON.stringify(value));
  const text = String(value ?? '');
  if (/^https?:\/\//i.test(text) && isSafeLink(text)) {
    return `<a href="${escape(text)}" rel="noopener noreferrer nofollow">${escape(text)}</a>`;
  }
  return escape(text);
}

function propertiesHtml(frontmatter: string): string {
  if (frontmatter === '') return '';
  const properties = readFrontmatter(frontmatter);
  // Frontmatter that is not a map of properties is still shown, as the text it is.
  if (properties === null) return `<pre class="properties">${escape(frontmatter)}</pre>\n`;
  if (properties.length === 0) return '';
  const rows = properties
    .map(
      ([key, value]) => `<tr><th scope="row">${escape(key)}</th><td>${valueHtml(value)}</td></tr>`,
    )
    .join('\n');
  return `<table class="properties" aria-label="Properties">\n${rows}\n</table>\n`;
}

/** The frontmatter as a properties table, then the body rendered. */
export function pageHtml(markdown: string): string {
  const { frontmatter, body } = splitFrontmatter(markdown);
  return `${propertiesHtml(frontmatter)}<article>\n${md.render(body)}</article>`;
}
