import { describe, expect, it } from 'vitest';
import { rootDoms } from './support/root-doms';
import { removeAppeals } from '../../lib/extract/appeals';

// Support, donation and membership appeals at the end of an article. Each case is a small
// article body written for these tests; it runs in jsdom (the page DOM) and linkedom (the
// command line's working document).

const PAGE = 'https://example.com/2024/court-reform';
const PARA =
  '<p>The committee met for the third time on Tuesday and agreed on a timetable for the ' +
  'reform of the lower courts, which the minister wants to present before the summer.</p>';
const ARTICLE = PARA.repeat(6);

const doms = rootDoms(PAGE);

describe.each(Object.entries(doms))('appeals (%s)', (_, parse) => {
  const clean = (html: string) => {
    const root = parse(html).getElementById('root')!;
    removeAppeals(root);
    return (root.textContent ?? '').replace(/\s+/g, ' ').trim();
  };

  it('drops a closing appeal for support with the label before it', () => {
    const text = clean(
      `${ARTICLE}<h2>While you are here…</h2><p>If you enjoyed reading this post, would you ` +
        'consider supporting our work? Just click <a href="https://pay.example/">here</a>.</p>',
    );
    expect(text).not.toContain('While you are here');
    expect(text).not.toContain('consider supporting');
    expect(text).toContain('the minister wants to present before the summer.');
  });

  it('drops membership and subscriber notes in other languages', () => {
    const text = clean(
      `${ARTICLE}<div class="box"><p><strong>HAZTE MIEMBRO Y DISFRUTA DE BENEFICIOS</strong></p>` +
        '<p><a href="https://club.example/">Hágase miembro ahora</a></p></div>' +
        "<p>If you're seeing this message but you're already a subscriber, you can log in.</p>" +
        '<p>Sie lesen uns gern? Zeigen Sie Ihre Wertschätzung!</p>',
    );
    expect(text).not.toContain('HAZTE MIEMBRO');
    expect(text).not.toContain('Hágase');
    expect(text).not.toContain('already a subscriber');
    expect(text).not.toContain('Wertschätzung');
  });

  it('drops closing appeals about a free site, donations and independent journalism', () => {
    const text = clean(
      `${ARTICLE}<p><strong>Gefällt dir unser Magazin? Bei der Gründung haben wir entschieden, ` +
        'keine Bezahlschranke einzuführen.</strong></p>' +
        '<p>Help us continue to bring these stories to readers everywhere.</p>' +
        '<p>Jede kleine Spende hilft!</p>' +
        '<p>Hacemos periodismo desde hace cien años.</p>' +
        '<p>First-time subscribers also receive a welcome gift.</p>',
    );
    expect(text).not.toContain('Bezahlschranke');
    expect(text).not.toContain('Help us continue');
    expect(text).not.toContain('Spende');
    expect(text).not.toContain('periodismo');
    expect(text).not.toContain('welcome gift');
    expect(text).toContain('the minister wants to present before the summer.');
  });

  it("drops a banner whose caption is the site's appeal, image and all, and keeps a captioned photo", () => {
    const root = parse(
      `${ARTICLE}<figure><img src="/photo.jpg"><figcaption>The committee at its third ` +
        'meeting.</figcaption></figure><figure><a href="https://shop.example/"><img ' +
        'src="/banner.jpg"></a><figcaption><em>Jetzt neu! Besuchen Sie unseren Fan-Shop!</em>' +
        '</figcaption></figure>',
    ).getElementById('root')!;
    removeAppeals(root);
    expect(root.textContent).not.toContain('Fan-Shop');
    expect(root.querySelector('img[src="/banner.jpg"]')).toBeNull();
    expect(root.textContent).toContain('The committee at its third meeting.');
    expect(root.querySelector('img[src="/photo.jpg"]')).not.toBeNull();
  });

  it("drops an appeal that opens the article, above a page of readers' letters", () => {
    const text = clean(
      '<p><em><strong>Submit your letter to the editor via <a href="/letters">this form</a>. ' +
        'Read more <a href="/letters">Letters to the Editor</a>.</strong></em></p>' +
        ARTICLE,
    );
    expect(text).not.toContain('Submit your letter');
    expect(text.startsWith('The committee met')).toBe(true);
  });

  it('keeps an appeal that is part of the story, early in the article', () => {
    const text = clean(
      `${PARA}<p>The charity asks readers to consider donating to the flood fund, which has ` +
        `raised half of its target.</p>${ARTICLE}`,
    );
    expect(text).toContain('consider donating to the flood fund');
  });

  it("drops a closing promotion of the site's course or print issue, with the issue's cover", () => {
    const seminar = clean(
      `${ARTICLE}<h2>Augmented Reality</h2><p>In unserem Seminar <a href="/seminar/ar">„Augmented ` +
        'Reality“</a> erarbeiten Sie eigene Einsatzszenarien für Ihr Unternehmen.</p>',
    );
    expect(seminar).not.toContain('Augmented Reality');
    expect(seminar).not.toContain('Seminar');
    for (const promo of [
      // The cover beside the text, and the cover in the text's own block.
      '<figure><img src="/cover.jpg" alt=""></figure><p>Was Sie bei der Fütterung beachten ' +
        'müssen, lesen Sie in unserer Februar-Ausgabe. <a href="/shop">Das Heft können Sie hier ' +
        'bestellen.</a></p>',
      '<div><figure><img src="/cover.jpg" alt=""></figure> Was Sie bei der Fütterung beachten ' +
        'müssen, lesen Sie in der aktuellen Ausgabe.</div>',
    ]) {
      const root = parse(`${ARTICLE}${promo}`).getElementById('root')!;
      removeAppeals(root);
      expect(root.textContent).not.toContain('Fütterung');
      expect(root.querySelector('img')).toBeNull();
      expect(root.textContent).toContain('the minister wants to present before the summer.');
    }
    // A picture of the article's, with its caption, is not the promotion's banner.
    const root = parse(
      `${ARTICLE}<figure><img src="/court.jpg" alt="The court"><figcaption>The court in spring.</figcaption></figure>` +
        '<p>Mehr dazu lesen Sie in unserer Februar-Ausgabe.</p>',
    ).getElementById('root')!;
    removeAppeals(root);
    expect(root.querySelector('img')).not.toBeNull();
    expect(root.textContent).toContain('The court in spring.');
  });

  it("drops a closing prompt to browse the site's other pages, with its label and button", () => {
    const text = clean(
      `${ARTICLE}<section><h2>Entdecke weitere Homestorys</h2><p>Wie wohnt die Community? Klicke ` +
        'dich durch die Homestorys der Community-Mitglieder.</p><a class="btn" href="/homestory">' +
        'Mehr Homestorys</a></section>',
    );
    expect(text).not.toContain('Homestorys');
    expect(text).toContain('the minister wants to present before the summer.');
    // A link after an appeal that reads as text of its own stays.
    const kept = clean(
      `${ARTICLE}<p>Klicke dich durch die Bilder der Eröffnung.</p><p><a href="/report">The ` +
        "committee's full report on the reform of the lower courts</a></p>",
    );
    expect(kept).toContain("The committee's full report");
    // Said of the article's subject, not asked of the reader.
    const game = clean(
      `${ARTICLE}<p>Das heißt, man klickt sich durch Dialoge und beeinflusst die Handlung.</p>`,
    );
    expect(game).toContain('man klickt sich durch Dialoge');
  });

  it('keeps a long closing paragraph that mentions support', () => {
    const long =
      '<p>The opposition said it would support our proposal only if the budget for legal aid ' +
      'doubled, a condition the minister rejected twice in the debate, calling it unaffordable ' +
      'in a year of cuts, while the judges association asked both sides to find an agreement ' +
      'before the summer, when the first courts are due to close their doors for good and ' +
      'the cases move to the regional centres many hours away by train. The bar association ' +
      'asked its members to consider donating to the legal aid fund, which has paid for more ' +
      'than four hundred cases since the spring and expects twice as many next year, when the ' +
      'reform takes effect.</p>';
    const text = clean(`${ARTICLE}${long}`);
    expect(text).toContain('would support our proposal');
    expect(text).toContain('consider donating to the legal aid fund');
  });

  it("drops a closing sales pitch of a few sentences for the site's own offer", () => {
    const text = clean(
      `${ARTICLE}<p><b>Well supplied by Example Energy</b></p><p>Gas or power, Example Energy ` +
        'supplies you at a fair price. Noch kein Kunde? Switching takes a few minutes and ' +
        'there is no gap in supply: the law guarantees it. We cancel your old contract for you, ' +
        'and you keep your meter, your tariff options and your direct debit; all it takes is ' +
        'your address and the number on your last bill, and the paperwork is ours. Our service ' +
        'team answers every day until ten, by phone or chat, and a new meter costs you nothing, ' +
        'whichever tariff you choose.</p>',
    );
    expect(text).not.toContain('Switching takes');
    expect(text).not.toContain('Well supplied');
    expect(text).toContain('the minister wants to present before the summer.');
  });
});
