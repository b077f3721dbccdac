import { describe, expect, it } from 'vitest';
import { removeSignInPanels } from '../../lib/extract/sign-in-panels';
import { rootDoms } from './support/root-doms';
import { EXTRACT_WAYS } from './support/extract-ways';
import { parseHtml } from '../../scripts/parse-html';

// A news theme's login modal inside the article's template, modelled on a common WordPress
// news theme's markup (written for these tests): a login, a sign-up and a reset panel, only
// the first with a password field, hidden by a stylesheet the copy does not have.
const URL = 'https://news.example/world/gas-transit-halted/';
const MODAL =
  '<div id="login-form" class="white-popup-block mfp-hide">' +
  '<div class="login-panel"><div class="panel-title">Sign in</div>' +
  '<div class="panel-descr">Welcome! Log into your account</div>' +
  '<form><label for="u">your username</label><input id="u" type="text">' +
  '<label for="p">your password</label><input id="p" type="password">' +
  '<input type="button" value="Log in"></form>' +
  '<a href="#">Forgot your password? Get help</a> <a href="#">Create an account</a></div>' +
  '<div class="register-panel"><div class="panel-title">Create an account</div>' +
  '<div class="panel-descr">Welcome! Register for an account</div>' +
  '<form><label for="e">your email</label><input id="e" type="email"></form>' +
  '<div>A password will be e-mailed to you.</div></div>' +
  '</div>';
const PARAS = [
  'The operator of the transmission network announced on Tuesday that from seven in the ' +
    'morning it would halt the transit of a third of the gas it carries, citing force majeure.',
  'The supplier acknowledged the notice and said that it had fulfilled its obligations to ' +
    'its customers in full throughout, and that no complaint had been received from them.',
  'The measure coincides with remarks by the foreign minister, who called the delay over ' +
    'the candidacy a deception, a day after another leader said entry could take decades.',
];

describe.each(Object.entries(rootDoms(URL)))('removeSignInPanels (%s)', (_, parse) => {
  const clean = (html: string) => {
    const root = parse(html).getElementById('root')!;
    removeSignInPanels(root);
    return root;
  };

  it('drops the whole modal around a password field, sign-up panel included', () => {
    const root = clean(
      `<article>${MODAL}<h1>Gas transit halted</h1><p>${PARAS[0]}</p><p>${PARAS[1]}</p></article>`,
    );
    expect(root.querySelector('#login-form')).toBeNull();
    expect(root.textContent).not.toContain('Welcome!');
    expect(root.querySelector('h1')?.textContent).toBe('Gas transit halted');
    expect(root.textContent).toContain('force majeure');
  });

  it('stops below writing: a post that holds a small login form keeps its prose', () => {
    const root = clean(
      `<div class="post"><p>${PARAS[1]} ${PARAS[2]}</p>` +
        '<form><input type="password"></form></div>',
    );
    expect(root.querySelector('form')).toBeNull();
    expect(root.querySelector('.post')?.textContent).toContain('obligations');
  });

  it('keeps the form of a page that is only a sign-in form', () => {
    const root = clean(
      '<header><a href="/">Home</a></header><main><form><h2>Sign in to River Weekly</h2>' +
        '<label>Password <input type="password"></label><button>Sign in</button></form></main>',
    );
    expect(root.querySelector('form')).not.toBeNull();
  });

  it('leaves forms without a password field alone', () => {
    const root = clean(
      '<div class="search"><form><label>Search</label><input type="search"></form></div>',
    );
    expect(root.querySelector('.search form')).not.toBeNull();
  });
});

describe('a login modal inside the article template', () => {
  // A short post: the article element, modal and all, is taken over Readability's pick.
  it.each(EXTRACT_WAYS)('is not in the clip, which opens with the article (%s)', (_, run) => {
    const page =
      '<!DOCTYPE html><html><head><title>Gas transit halted</title></head><body>' +
      `<article>${MODAL}<h1>Gas transit halted</h1>` +
      `<div class="content"><p>${PARAS[0]}</p><p>${PARAS[1]}</p></div></article>` +
      '</body></html>';
    const r = run(parseHtml(page, URL), URL, {});
    expect(r.body).not.toMatch(/Welcome!|Forgot your password|Create an account|e-mailed/);
    expect(r.body.trimStart().startsWith('The operator of the transmission network')).toBe(true);
    expect(r.body).toContain('no complaint had been received');
  });
});
