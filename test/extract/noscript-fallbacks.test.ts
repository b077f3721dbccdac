import { describe, expect, it } from 'vitest';
import { fixImages } from '../../lib/extract/images';
import { rootDoms } from './support/root-doms';

// A browser running scripts keeps a `<noscript>`'s content as one text node of markup
// (markup written for these tests).
const URL = 'https://news.example/2026/11/river-survey';

describe.each(Object.entries(rootDoms(URL)))(
  'image fallbacks held as markup text (%s)',
  (_, parse) => {
    it("puts the fallback's image in place of the lazy one beside it", () => {
      const root = parse(
        '<figure><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" data-src="/weir.jpg" alt="">' +
          '<noscript></noscript><figcaption>The old mill weir</figcaption></figure>',
      ).getElementById('root')!;
      root.querySelector('noscript')!.textContent =
        '<IMG src="https://img.example.net/weir-822x462.jpg" alt="The old mill weir at low water">';
      fixImages(root, false);
      expect(root.querySelector('noscript')).toBeNull();
      expect(Array.from(root.querySelectorAll('img'), (i) => i.getAttribute('alt'))).toEqual([
        'The old mill weir at low water',
      ]);
    });

    it("drops a fallback that holds no image, such as a tag manager's frame", () => {
      const root = parse('<p>Survey results.</p><noscript></noscript>').getElementById('root')!;
      root.querySelector('noscript')!.textContent =
        '<iframe src="https://tags.example/ns.html?id=1" height="0" width="0"></iframe>';
      fixImages(root, false);
      expect(root.querySelector('noscript, iframe')).toBeNull();
      expect(root.textContent).toBe('Survey results.');
    });
  },
);
