import { describe, expect, it } from 'vitest';
import { readArticle } from '../../lib/extract/readability-pass';
import { parseHtml } from '../../scripts/parse-html';
import { documentDoms } from './support/root-doms';

const URL = 'https://magazine.example/stories/orchard';
const STEPS = [
  'Pruning starts when the leaves are down and the sap has gone quiet, usually in late November.',
  'First, take out the dead wood. It snaps cleanly, shows grey inside and never carries fruit again.',
  'Next, remove branches that cross or rub against each other. Keep the one that grows outward.',
  'Then open the centre of the tree so that light reaches the fruiting spurs through the summer.',
  'Finally, step back and look at the tree from every side before making the last, largest cut.',
  'Burn or chip the prunings, and keep the tools sharp and clean when moving between the trees.',
];
const TEASERS = Array.from(
  { length: 8 },
  (_, i) => `<li><a href="/stories/${i}">Another story from the magazine, number ${i}</a></li>`,
).join('');
// The page's only <article>: the steps, with a list of teaser links in the middle.
const ARTICLE = `<article><h1>The orchard in winter</h1>${STEPS.slice(0, 3)
  .map((s) => `<p>${s}</p>`)
  .join('')}<div class="related"><ul>${TEASERS}</ul></div>${STEPS.slice(3)
  .map((s) => `<p>${s}</p>`)
  .join('')}</article>`;

// The first pass sees only a fragment of the story inside the page's <main>.
const FRAGMENT_IN_MAIN = `<main><article><div><p>${STEPS[0]}</p></div></article></main>`;

/**
 * The fallback's text: Readability on `firstBody`, with `freshBody` as the page's fresh copy
 * and `pageText` characters of text on the whole page.
 */
function fallbackText(
  parse: (html: string) => Document,
  firstBody: string,
  freshBody: string,
  pageText = 5000,
): string {
  const first = parse(`<html><body>${firstBody}</body></html>`);
  const fresh = () => parse(`<html><head><title>x</title></head><body>${freshBody}</body></html>`);
  return (readArticle(first, fresh, () => pageText)?.content.textContent ?? '').replace(
    /\s+/g,
    ' ',
  );
}

describe('readArticle: the page own <article> as the fallback', () => {
  it('takes it when Readability found only a fragment, cleaned of link-dense teasers', () => {
    // First pass: a document where Readability can only find the first step (the fresh
    // snapshot stands for the same page; only its article element is looked at).
    const first = parseHtml(
      `<html><body><article><div><p>${STEPS[0]}</p></div></article></body></html>`,
      URL,
    );
    const fresh = () =>
      parseHtml(`<html><head><title>x</title></head><body>${ARTICLE}</body></html>`, URL);
    const outcome = readArticle(first, fresh, () => 5000);
    const text = (outcome?.content.textContent ?? '').replace(/\s+/g, ' ');
    for (const step of STEPS) expect(text).toContain(step);
    expect(text).not.toContain('Another story from the magazine');
  });

  it.each(documentDoms(URL))(
    "takes, inside the page's <main>, the article that holds what Readability found (%s)",
    (_, parse) => {
      // The page's one <main> holds the story and, beside it, a promotion of the current issue
      // marked as an article of its own: the promotion's prose is not the story's.
      const promo =
        '<article class="issue"><h2>In this issue</h2>' +
        '<p>Our new column: the gardener of the year answers readers on roses and their pests.</p>' +
        '<p>Greece: why the old vines thrive in volcanic soil, and what it means for the wine.</p>' +
        '<p>Shop of the year: a small seed merchant that ships rare beans across the country.</p>' +
        '</article>';
      const text = fallbackText(
        parse,
        FRAGMENT_IN_MAIN,
        `<main><div class="story">${ARTICLE}</div><div class="more">${promo}</div></main>`,
      );
      for (const step of STEPS) expect(text).toContain(step);
      expect(text).not.toContain('In this issue');
      expect(text).not.toContain('seed merchant');
    },
  );

  it.each(documentDoms(URL))(
    'keeps the whole <main> when its articles are siblings, parts of one page (%s)',
    (_, parse) => {
      // A recipe: its ingredients and its method, each an article beside the other.
      const ingredients =
        '<article class="ingredients"><h2>Ingredients</h2><ul>' +
        '<li>250 g plain flour for the pastry, sifted twice so that it stays light</li>' +
        '<li>125 g cold butter, diced, straight from the fridge and never softened</li>' +
        '<li>Two eggs, a pinch of salt and a spoonful of ice water to bind the dough</li>' +
        '<li>Six firm apples, peeled and sliced thinly, with the juice of one lemon</li></ul></article>';
      const method = `<article class="method"><h2>Method</h2>${STEPS.map((s) => `<p>${s}</p>`).join('')}</article>`;
      const text = fallbackText(parse, FRAGMENT_IN_MAIN, `<main>${ingredients}${method}</main>`);
      expect(text).toContain('125 g cold butter');
      for (const step of STEPS) expect(text).toContain(step);
    },
  );

  it.each(documentDoms(URL))(
    "takes a short article over Readability's pick from the article's own footer (%s)",
    (_, parse) => {
      // A short news item whose <footer> holds a newsletter sign-up with more prose than the
      // item itself. Readability picked the sign-up (the first pass sees only it, as its
      // scoring did on the page), which the page marks as the article's footer.
      const signup =
        '<footer><div class="signup"><h4><b>Always up to date</b></h4>' +
        '<p>I agree that the association may send me news about its work, its campaigns, its events and its projects at regular intervals, by e-mail, and I know that I can withdraw my consent at any time.</p>' +
        '<p>I agree to the processing of my data as the privacy policy describes. After signing up, I receive an e-mail asking me to confirm the address, and only then does the association send me its news.</p>' +
        '<p>The association sends its news about once a month, never more than twice, and each e-mail holds a link with which to leave the list at once, without logging in.</p>' +
        '<p>Something went wrong, please try again. This address is already registered.</p></div>' +
        '<div class="share"><a href="/share">Share this item</a></div></footer>';
      const item =
        '<article><header><h1>Association at the planning meeting</h1></header>' +
        '<section class="post-main"><p>The national planning meeting for the intercultural week takes place online in February, and the association will take part with its project.</p>' +
        `<p>Workshops on public relations are planned.</p></section>${signup}</article>`;
      // The page's menus make the sign-up a small share of its text.
      const text = fallbackText(parse, `<article>${signup}</article>`, item, 20_000);
      expect(text).toContain('The national planning meeting');
      expect(text).toContain('Workshops on public relations');
      expect(text).not.toContain('I agree');
    },
  );

  it.each(documentDoms(URL))(
    "keeps Readability's pick that only opens with the page's breadcrumb navigation (%s)",
    (_, parse) => {
      // The breadcrumb's last step is the headline, as long as the start Readability's pick
      // is known by; the pick is the post, not the breadcrumb.
      const crumbs =
        '<nav class="crumbs"><a href="/">Home</a> › <a href="/garden">Garden</a> › ' +
        '<span>The orchard in winter: how to prune old apple trees</span></nav>';
      const comments =
        '<section class="comments"><p>Anna says: thank you, this helped with our old Cox tree, which had not been pruned for years.</p>' +
        '<p>Ben says: what about plums? I read they should be pruned in summer instead.</p></section>';
      const page = `<main><div class="post">${crumbs}${STEPS.map((s) => `<p>${s}</p>`).join('')}</div>${comments}</main>`;
      const text = fallbackText(parse, page, page);
      for (const step of STEPS) expect(text).toContain(step);
      expect(text).not.toContain('Anna says');
    },
  );

  it.each(documentDoms(URL))(
    "takes the page's article over Readability's last resort found outside it (%s)",
    (_, parse) => {
      // A short post: Readability, under its own threshold, returns the longest block it can
      // find, here a newsletter box beside the post.
      const boxText =
        'Enter your e-mail address to follow this blog and receive notifications of new posts.';
      const box = `<div class="follow"><p>${boxText}</p></div>`;
      const text = fallbackText(
        parse,
        `<article><p>Pruning.</p></article>${box}`,
        `${ARTICLE}${box}`,
      );
      for (const step of STEPS) expect(text).toContain(step);
      expect(text).not.toContain('follow this blog');
    },
  );

  it.each(documentDoms(URL))(
    "takes the page's schema.org articleBody when its <main> holds only an aside around it (%s)",
    (_, parse) => {
      // A news portal: the item sits in an aside inside <main>, beside teasers that are each
      // an <article> of their own, so neither <article> nor <main> says where the item is.
      const teasers = Array.from(
        { length: 4 },
        (_, i) =>
          `<article><a href="/news/${i}">More news from the region, number ${i}</a></article>`,
      ).join('');
      const item =
        '<aside class="content"><section itemscope itemtype="https://schema.org/Article">' +
        '<h1>Novelist wins the book prize</h1><div itemprop="articleBody">' +
        `${STEPS.map((s) => `<p>${s}</p>`).join('')}</div></section></aside>`;
      const text = fallbackText(
        parse,
        `<main><aside><div itemprop="articleBody"><p>${STEPS[0]}</p></div></aside></main>`,
        `<main>${item}${teasers}</main>`,
      );
      for (const step of STEPS) expect(text).toContain(step);
      expect(text).not.toContain('More news from the region');
    },
  );

  it.each(documentDoms(URL))(
    "takes a short post marked as an hAtom entry over Readability's pick of the comment form below it (%s)",
    (_, parse) => {
      const post =
        '<div class="post hentry"><h2 class="entry-title">A short exchange</h2>' +
        '<p>"I know I have had a drink and perhaps should not say this…"</p>' +
        '<p>"Then do not say it."</p><p>"Ok."</p></div>';
      const respond =
        '<div id="respond"><h3>Leave a comment</h3><form action="/comments" method="post">' +
        '<p><label>Enter your comment here. Please be kind and stay on the topic of the post, and remember that others read it too.</label><textarea></textarea></p>' +
        '<p><label>Fill in your details below or click an icon to log in. Your e-mail address is never published and only used to tell you about replies.</label></p>' +
        '<p><label>E-mail (required, never made public)</label><input name="email"></p>' +
        '<p><label>Name (required), as it will appear next to your comment</label><input name="name"></p></form>' +
        '<p>You are commenting using your account. Log out or change the account at any time from the menu above.</p></div>';
      const page = `${post}${respond}`;
      const text = fallbackText(parse, page, page);
      expect(text).toContain('Then do not say it.');
      expect(text).toContain('"Ok."');
      expect(text).not.toContain('Leave a comment');
      expect(text).not.toContain('Enter your comment here');
    },
  );

  it.each(documentDoms(URL))(
    "takes a short item over Readability's pick of a sign-in form beside it (%s)",
    (_, parse) => {
      // A video page: a short teaser text in <main>, and a sign-up dialog whose form holds
      // every error message it may show. Readability picks the form itself, as a <div>.
      const messages = [
        'There is no account for this e-mail address, or the password you entered is wrong.',
        'Please choose the name other users will see next to your comments and your lists.',
        'Please enter an e-mail address, so that we can send you the link to confirm it.',
        'This e-mail address is already registered with us. Are you signed in already?',
        'This e-mail address does not look right: it needs an @ and an existing domain.',
        'The password must be at least eight characters long and hold a digit and a capital.',
        'The two passwords you entered are not the same. Please enter the same password twice.',
        'Something went wrong on our side. Please try again in a few minutes, or write to us.',
      ];
      const dialog = `<div class="modal"><h2>New account</h2><form action="/register" method="post">${messages.map((m) => `<p class="error">${m}</p>`).join('')}<input type="email" name="email"><input type="password" name="password"></form></div>`;
      const item =
        '<main><h1>Sport in the time of the pandemic</h1>' +
        '<p>New York is the centre of the pandemic in the United States, and sport has come to a standstill.</p>' +
        '<p>The leagues have shown their sympathy. How the seasons go on is not clear, and nobody will say when.</p></main>';
      const page = `${item}${dialog}`;
      // The dialog is most of the page's text: Readability's pick is long by every measure.
      const text = fallbackText(parse, page, page, 1_000);
      expect(text).toContain('sport has come to a standstill');
      expect(text).not.toContain('There is no account');
    },
  );

  it.each(documentDoms(URL))(
    "takes a short post over Readability's pick from the site's footer outside it (%s)",
    (_, parse) => {
      // The site's footer says more about the site than the short post says about anything.
      const about =
        '<footer class="site"><p>This notebook collects small things overheard on trains, in kitchens and in queues, written down the same evening and never changed afterwards, since 2009.</p>' +
        '<p>Everything here may be quoted with a link back. The author answers letters slowly but always, and reads every comment before it appears under a post.</p>' +
        '<p>Hosted on a small server in a cupboard; no tracking, no advertising, no newsletter, and no plans to add any of them in the years to come.</p></footer>';
      const post =
        '<main><h1>A short exchange</h1><p>"I know I have had a drink and perhaps should not say this."</p>' +
        '<p>"Then do not say it."</p><p>"Ok." And that was the end of the conversation on the late train home.</p></main>';
      const page = `${post}${about}`;
      const text = fallbackText(parse, page, page, 20_000);
      expect(text).toContain('Then do not say it.');
      expect(text).not.toContain('small server in a cupboard');
    },
  );

  it.each(documentDoms(URL))(
    "keeps a shop's product form that holds the product's description (%s)",
    (_, parse) => {
      // The form chooses size and colour; it asks nothing of the reader, and its text is the
      // product's. The page's <main> holds only a short note about the maker.
      const description = STEPS.map((s) => `<p>${s}</p>`).join('');
      const product = `<form action="/cart" method="post" class="product"><select name="size"><option>S</option><option>M</option></select>${description}<input type="text" name="amount" value="1"></form>`;
      const page = `<main><p>Made by hand in a small workshop: each order is sewn and embroidered for its owner, and sent within three weeks of the order.</p></main>${product}`;
      const text = fallbackText(parse, page, page, 20_000);
      for (const step of STEPS) expect(text).toContain(step);
    },
  );

  it.each(documentDoms(URL))(
    'keeps the pick on a page that is one big form, whose article element is elsewhere (%s)',
    (_, parse) => {
      // Some frameworks wrap the whole page in a <form>: a form around the article element
      // does not make Readability's pick, inside the same form, the page's furniture.
      const promo =
        '<article class="promo"><p>Subscribe to the print edition and receive every issue at home, with the archive and the yearly index included at no extra cost.</p></article>';
      const page = `<form id="page" method="post"><div class="story">${STEPS.map((s) => `<p>${s}</p>`).join('')}</div>${promo}<p>Our newsletter: <input type="email" name="newsletter"></p></form>`;
      const text = fallbackText(parse, page, page);
      for (const step of STEPS) expect(text).toContain(step);
      expect(text).not.toContain('Subscribe to the print edition');
    },
  );

  it('copies the page again only when it marks one article element', () => {
    const page = (body: string) =>
      parseHtml(`<html><head><title>x</title></head><body>${body}</body></html>`, URL);
    let copies = 0;
    const fresh = (body: string) => () => {
      copies++;
      return page(body);
    };
    // A short result, no article element: Readability's answer stands, with no second copy.
    const plain = `<div><p>${STEPS[0]}</p></div>`;
    const outcome = readArticle(page(plain), fresh(plain), () => 5000);
    expect(outcome?.content.textContent).toContain(STEPS[0]);
    expect(copies).toBe(0);
    // Two article elements: none is the page's own, so none is looked for either.
    const two = `<article><p>${STEPS[0]}</p></article><article><p>${STEPS[1]}</p></article>`;
    readArticle(page(two), fresh(two), () => 5000);
    expect(copies).toBe(0);
    // One: the fallback needs it.
    readArticle(page(ARTICLE), fresh(ARTICLE), () => 50_000);
    expect(copies).toBe(1);
  });
});
