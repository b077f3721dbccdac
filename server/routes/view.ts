import { Hono, type Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { VIEW } from '../domain/access';
import { UUID_PATTERN } from '../../contract';
import { SESSION_COOKIE, sessionUser } from '../http/auth';
import type { Deps } from '../http/env';
import { pageHtml } from '../view/page-html';
import { escapeHtml } from './sign-in-page';

// Page content is untrusted (a clip of any web page): nothing here may run, and the only thing
// it may load is images, from the service or the web as the clipped page showed them
// (docs/api.md, "Page view").
const HEADERS = {
  'content-security-policy':
    "default-src 'none'; img-src 'self' https: http:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
};

const STYLE = `:root{color-scheme:light dark;--fg:#1f2328;--muted:#59636e;--bg:#fff;--rule:#d1d9e0;--link:#0969da;--code:#f6f8fa}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--rule:#3d444d;--link:#4493f8;--code:#151b23}}
body{font:16px/1.6 system-ui,sans-serif;max-width:46rem;margin:2.5rem auto;padding:0 1rem;color:var(--fg);background:var(--bg)}
h1{font-size:1.6rem;line-height:1.3;margin:0 0 .3rem;overflow-wrap:anywhere}.muted{color:var(--muted);margin:0 0 1.5rem}
a{color:var(--link)}img{max-width:100%;height:auto}hr{border:0;border-top:1px solid var(--rule)}
code,pre{font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace;background:var(--code)}code{padding:.1em .3em;border-radius:4px}
pre{white-space:pre-wrap;overflow-wrap:anywhere;padding:.8rem 1rem;border-radius:6px}pre code{padding:0;background:none}
blockquote{margin:1rem 0;padding:0 1rem;border-left:4px solid var(--rule);color:var(--muted)}
table{border-collapse:collapse;margin:1rem 0;display:block;overflow-x:auto}th,td{border:1px solid var(--rule);padding:.3rem .6rem;text-align:left;vertical-align:top}
table.properties{font-size:.85rem;color:var(--muted);margin:0 0 1.5rem}table.properties th{font-weight:600;white-space:nowrap}
table.properties td{overflow-wrap:anywhere}pre.properties{font-size:.85rem}
article{border-top:1px solid var(--rule);padding-top:.5rem;overflow-wrap:break-word}.footnotes{font-size:.9rem;color:var(--muted)}`;

function document(title: string, main: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main>${main}</main></body></html>`;
}

const notFound = (c: Context) =>
  c.html(
    document(
      'Page not found · Pageclip',
      '<h1>Page not found</h1><p class="muted">This page does not exist, is in the trash, or is not shared with you.</p>',
    ),
    404,
    HEADERS,
  );

/**
 * A read-only page view for people, outside /api/v1 (the spec gives pages no human URL, and
 * the API resource answers JSON or 401). Signed in with the browser session only; a missing,
 * trashed or inaccessible page is the same 404, so the view reveals no page's existence.
 */
export function viewRoutes(deps: Deps) {
  const { repos, access } = deps;
  const app = new Hono();

  app.get('/view/pages/:pageId', (c) => {
    const raw = c.req.param('pageId');
    if (!UUID_PATTERN.test(raw)) return notFound(c);
    const pageId = raw.toLowerCase();
    const secret = getCookie(c, SESSION_COOKIE);
    const user = secret === undefined ? undefined : sessionUser(deps, secret);
    if (!user) {
      const returnTo = `/view/pages/${pageId}`;
      return c.redirect(`/auth/sign-in?return_to=${encodeURIComponent(returnTo)}`, 303);
    }
    const page = repos.pages.get(pageId);
    if (!page || page.deleted_at !== null || access.pageLevel(user.id, page) < VIEW) {
      return notFound(c);
    }
    const markdown = repos.pages.content(page.id)?.content ?? '';
    // Page times are microsecond stamps (db/pages.ts).
    const updated = new Date(Math.floor(page.updated_at / 1000)).toISOString();
    const main = `<h1>${escapeHtml(page.title)}</h1>
<p class="muted">Updated <time datetime="${escapeHtml(updated)}">${escapeHtml(updated.replace('T', ' ').slice(0, 16))} UTC</time></p>
${pageHtml(markdown)}`;
    return c.html(document(`${page.title} · Pageclip`, main), 200, HEADERS);
  });

  return app;
}
