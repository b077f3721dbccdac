import type { User } from '../db/users';

/** Everything interpolated into the page goes through this (the page shows user input back). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:24rem;margin:4rem auto;padding:0 1rem;color:#1f2328}
h1{font-size:1.4rem}label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.5rem;box-sizing:border-box;font:inherit}
button{margin-top:1rem;padding:.5rem 1rem;font:inherit}.error{color:#b42318}.muted{color:#59636e}`;

export function signInPage(opts: {
  user?: User | undefined;
  returnTo: string | null;
  email?: string;
  error?: string;
}): string {
  const returnField = opts.returnTo
    ? `<input type="hidden" name="return_to" value="${escapeHtml(opts.returnTo)}">`
    : '';
  const main = opts.user
    ? `<h1>Signed in</h1>
<p>You are signed in to Pageclip as <strong>${escapeHtml(opts.user.email)}</strong>.</p>
${opts.returnTo ? `<p><a href="${escapeHtml(opts.returnTo)}">Continue</a></p>` : '<p class="muted">You can close this tab.</p>'}
<form method="post" action="/auth/sign-out"><button type="submit">Sign out</button></form>`
    : `<h1>Sign in to Pageclip</h1>
${opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : ''}
<form method="post" action="/auth/sign-in">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(opts.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
${returnField}
<button type="submit">Sign in</button>
</form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Pageclip sign-in</title><style>${STYLE}</style></head>
<body><main>${main}</main></body></html>`;
}
