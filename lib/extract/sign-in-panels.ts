import { elementsByTag, normalizedText } from './dom';

/**
 * Sign-in panels, removed from the page's copy before the article is looked for: a form that
 * asks for a password, with the titles, links and notes around it ("Welcome! Log into your
 * account", "Forgot your password? Get help", "Create an account"). Themes put their login
 * modal inside the article's template and hide it with a stylesheet (TagDiv's Newspaper
 * theme: `#login-form.mfp-hide` inside `<article>`), so wherever the stylesheet did not apply
 * (the command line, a saved copy) the modal's words came into the clip above the headline.
 * They are never the article.
 *
 * The panel is the largest ancestor of a password field that is still short and holds no
 * writing: no paragraph of prose, no `<h1>`, `<article>` or `<main>`. A login, sign-up and
 * reset panel side by side in one modal go together, the sign-up panel holding no password
 * field of its own. A page that is only a sign-in form keeps it.
 */

const MAX_CHARS = 800;
// A paragraph this long is writing, not a form's note.
const PROSE_CHARS = 200;
// What the page's main part must hold besides the panel for the panel to be an aside.
const MIN_REST_CHARS = 200;

function holdsWriting(el: Element): boolean {
  if (el.matches('article, main, h1') || el.querySelector('article, main, h1')) return true;
  return elementsByTag(el, 'p').some((p) => normalizedText(p).length >= PROSE_CHARS);
}

// A page has a few sign-in forms at most; a page with thousands of password fields must not
// make each climb read its text.
const MAX_FIELDS = 20;

export function removeSignInPanels(root: Element): void {
  const fields = Array.from(root.querySelectorAll('input[type="password" i]'));
  for (const field of fields.slice(0, MAX_FIELDS)) {
    if (!root.contains(field)) continue;
    let panel: Element | null = null;
    for (let el = field.parentElement; el && el !== root; el = el.parentElement) {
      if (normalizedText(el).length > MAX_CHARS || holdsWriting(el)) break;
      panel = el;
    }
    if (panel && !isWholePage(panel, root)) panel.remove();
  }
}

/**
 * A sign-in page is its form: with nothing else in its main part (or body) the panel stays,
 * and the clip finds no article there, as the reader sees none.
 */
function isWholePage(panel: Element, root: Element): boolean {
  const main = panel.parentElement?.closest('main, article') ?? root;
  return normalizedText(main).length - normalizedText(panel).length < MIN_REST_CHARS;
}
