import { describe, expect, it } from 'vitest';
import { removeAuthorPhotos } from '../../lib/extract/author-photo';
import { rootDoms } from './support/root-doms';

describe.each(Object.entries(rootDoms('https://example.com/')))(
  'removeAuthorPhotos (%s)',
  (_, parse) => {
    const cleaned = (html: string, byline: string | null) => {
      const root = parse(html).getElementById('root')!;
      removeAuthorPhotos(root, byline);
      return root.innerHTML;
    };

    it("drops an author's photo with its link and frame, whatever the byline's form", () => {
      const html = cleaned(
        '<p><a href="/@jane"><img alt="Jane  Doe" src="/avatar.jpg" width="48"></a> Jane Doe · 4 min read</p>' +
          '<figure><picture><source srcset="/max.webp"><img alt="Max Muster" src="/max.jpg"></picture></figure>' +
          '<p>The council approved the plan.</p>',
        'Jane Doe und Max Muster',
      );
      expect(html).not.toContain('avatar.jpg');
      expect(html).not.toContain('max.jpg');
      expect(html).not.toContain('<figure');
      expect(html).toContain('Jane Doe · 4 min read');
      expect(html).toContain('The council approved the plan.');
    });

    it('keeps pictures of anyone else, and names of one word', () => {
      const kept =
        '<figure><img alt="Jane Doe at the council meeting" src="/meeting.jpg"></figure>' +
        '<p><img alt="Apple" src="/iphone.jpg"> The new phone.</p>' +
        '<p><img alt="John Roe" src="/roe.jpg"></p>';
      expect(cleaned(kept, 'Jane Doe')).toBe(kept);
      expect(cleaned(kept, 'Apple')).toBe(kept);
      expect(cleaned(kept, null)).toBe(kept);
    });
  },
);
