import { describe, expect, it } from 'vitest';
import { removePhpErrors } from '../../lib/extract/php-errors';
import { rootDoms } from './support/root-doms';

// PHP's own HTML form of an error message (`html_errors`), as a broken site prints it.
const warning = (level: string, file: string, line: number) =>
  `<br />\n<b>${level}</b>:  Creating default object from empty value in <b>${file}</b> on line <b>${line}</b><br />\n`;

describe.each(Object.entries(rootDoms('https://example.com/')))(
  'removePhpErrors (%s)',
  (_, parse) => {
    const cleaned = (html: string) => {
      const root = parse(html).getElementById('root')!;
      removePhpErrors(Array.from(root.querySelectorAll('b')));
      return root.innerHTML;
    };

    it('drops the messages between blocks and inside a paragraph, keeping one line break', () => {
      const html = cleaned(
        warning('Strict Standards', '/www/wp-includes/wp-db.php', 56) +
          warning('Deprecated', '/www/wp-includes/cache.php', 36) +
          '<p>First line of the post<br>' +
          '<b>Warning</b>: Cannot modify header information in <b>/www/functions.php</b> on line <b>12</b><br>' +
          'second line of the post.</p>' +
          `<ul>${warning('Notice', '/www/classes.php', 407)}<li>Hotels</li></ul>`,
      );
      expect(html).not.toMatch(/on line|Strict Standards|Deprecated|Warning|Notice/);
      expect(html).toContain('<p>First line of the post<br>second line of the post.</p>');
      expect(html).toContain('<li>Hotels</li>');
      expect(html).not.toMatch(/^\s*<br/);
    });

    it('keeps bold labels that are no message of PHP', () => {
      const kept = [
        '<p><b>Warning</b>: do not feed the animals in the park on line 4 of the sign.</p>',
        '<p><b>Notice</b>: the office is closed in August.</p>',
        '<p><b>Deprecated</b>: <code>foo()</code> in version 2.</p>',
      ].join('');
      expect(cleaned(kept)).toBe(kept);
    });
  },
);
