/**
 * Golden cases for lib/clip-markdown: each input gives exactly this markdown, byte for byte.
 * A change here changes what lands in people's pages; review every one by eye.
 */
import { describe, expect, it } from 'vitest';
import {
  clipMarkdown,
  composeAppendContent,
  composeLinkMarkdown,
  composePageMarkdown,
  frontmatterBlock,
  markdownLink,
  readPageclipId,
  renderFrontmatter,
  appendedSection,
  quickNoteMarkdown,
  renderHighlight,
  splitFrontmatter,
  withPageclipId,
} from '../../lib/clip-markdown';

const ID = '2f1c6a4e-8b9d-4c3e-9f1a-0b2c3d4e5f60';
const DATE = new Date('2026-11-21T08:30:00.000Z');
/** Local time: sections and notes carry the user's own calendar day and clock. */
const LOCAL = new Date(2026, 10, 24, 9, 41);
const TEMPLATE = '> {{quote}}\n\n— [{{title}}]({{url}}), {{date}}';

const cases: [name: string, actual: () => string | null, expected: string | null][] = [
  // Frontmatter written
  [
    'frontmatter: every string double-quoted, `<` escaped, empty values left out',
    () =>
      renderFrontmatter({
        title: 'Breaking: <b>news</b> ---',
        source: 'https://e.x/a',
        author: null,
        site: '',
        tags: ['x'],
      }),
    '---\ntitle: "Breaking: \\x3Cb>news\\x3C/b> ---"\nsource: "https://e.x/a"\ntags:\n  - "x"\n---\n',
  ],
  [
    'clip document: frontmatter, a blank line, the body',
    () => clipMarkdown({ frontmatter: { title: 'T' }, body: '# T\n\nText.\n' }),
    '---\ntitle: "T"\n---\n\n# T\n\nText.\n',
  ],
  [
    'clip document without frontmatter data is the body',
    () => clipMarkdown({ frontmatter: {}, body: 'Text.\n' }),
    'Text.\n',
  ],
  // New pages: pageclip_id and the note
  [
    'new page: pageclip_id first in the clip block, the rest byte for byte, note on top',
    () =>
      composePageMarkdown('---\ntitle: "A"\nsource: "https://e.x/a"\n---\n\nBody.\n', ID, ' Note '),
    `---\npageclip_id: ${ID}\ntitle: "A"\nsource: "https://e.x/a"\n---\n\nNote\n\nBody.\n`,
  ],
  [
    'new page: a plain title ending in --- does not close the block',
    () => composePageMarkdown('---\ntitle: Breaking news ---\n---\n\nBody.\n', ID),
    `---\npageclip_id: ${ID}\ntitle: Breaking news ---\n---\n\nBody.\n`,
  ],
  [
    'new page: a body opening with a rule keeps it below a new block',
    () => composePageMarkdown('---\n\nAfter a rule.\n\n---\n\nMore.\n', ID),
    `---\npageclip_id: ${ID}\n---\n\n---\n\nAfter a rule.\n\n---\n\nMore.\n`,
  ],
  [
    'new page: a block closed by `...`',
    () => composePageMarkdown('---\ntitle: "A"\n...\nBody.', ID),
    `---\npageclip_id: ${ID}\ntitle: "A"\n...\n\nBody.`,
  ],
  [
    'pageclip_id already there is left alone',
    () => withPageclipId(`---\npageclip_id: ${ID}\n---\n\nBody.`, ID),
    `---\npageclip_id: ${ID}\n---\n\nBody.`,
  ],
  // Content added to an existing page
  [
    'appended content: a first-line rule becomes *** (never a frontmatter opening)',
    () => composeAppendContent('---   \n\nAfter a rule.\n\n---\n\nMore.'),
    '***   \n\nAfter a rule.\n\n---\n\nMore.',
  ],
  [
    'appended content: a note starting with --- is body too',
    () => composeAppendContent('Clip.', '---\ntitle: no\n---'),
    '***\ntitle: no\n---\n\nClip.',
  ],
  [
    'section: heading links the source, URL with ( ) and spaces encoded, brackets escaped',
    () =>
      appendedSection({
        title: 'A [b] c',
        url: 'https://www.e.x/wiki/Foo_(bar) baz',
        body: '\n\nBody.\n',
        date: LOCAL,
      }),
    '## [A \\[b\\] c](https://www.e.x/wiki/Foo_%28bar%29%20baz)\n\n*e.x · 2026-11-24*\n\nBody.',
  ],
  [
    'section: heading, source and date, the note, then the article demoted two levels',
    () =>
      appendedSection({
        title: 'Rivers',
        url: 'https://news.e.x/rivers',
        note: '  Why I kept this.  ',
        body: '# Rivers\n\nIntro.\n\n## Valleys\n\nText.\n\n#### Deep\n\n##### Deeper\n\n###### Deepest\n',
        date: LOCAL,
      }),
    '## [Rivers](https://news.e.x/rivers)\n\n*news.e.x · 2026-11-24*\n\nWhy I kept this.\n\n### Rivers\n\nIntro.\n\n#### Valleys\n\nText.\n\n###### Deep\n\n###### Deeper\n\n###### Deepest',
  ],
  [
    'section: code blocks untouched, setext headings become demoted ATX headings',
    () =>
      appendedSection({
        title: 'Code',
        url: 'https://e.x/c',
        body: '```sh\n# a comment\n## not a heading\n```\n\n~~~~\n# kept\n~~~\n# still code\n~~~~\n\n    # indented code\n\nTitle\n=====\n\nSub\n---\n\nText\n\n---\n\n# After',
        date: LOCAL,
      }),
    '## [Code](https://e.x/c)\n\n*e.x · 2026-11-24*\n\n```sh\n# a comment\n## not a heading\n```\n\n~~~~\n# kept\n~~~\n# still code\n~~~~\n\n    # indented code\n\n### Title\n\n#### Sub\n\nText\n\n---\n\n### After',
  ],
  [
    'section: an unsafe source URL gives a plain heading and the date alone',
    () =>
      appendedSection({ title: 'Title', url: 'javascript:alert(1)', body: 'Body.', date: LOCAL }),
    '## Title\n\n*2026-11-24*\n\nBody.',
  ],
  [
    'section: no body',
    () => appendedSection({ title: 'Title', url: 'https://e.x/', body: '', date: LOCAL }),
    '## [Title](https://e.x/)\n\n*e.x · 2026-11-24*',
  ],
  // Quick notes in the Inbox
  [
    'quick note: time heading, the tab it was written on, the text',
    () =>
      quickNoteMarkdown({
        text: '  Call back about [the] offer.\n',
        date: LOCAL,
        source: { title: 'Offers [2026]', url: 'https://shop.e.x/offer?id=(7)' },
      }),
    '## 2026-11-24 09:41\n\nFrom [Offers \\[2026\\]](https://shop.e.x/offer?id=%287%29)\n\nCall back about [the] offer.',
  ],
  [
    'quick note: without the source (turned off, or a browser page) the time and the text',
    () =>
      [
        quickNoteMarkdown({ text: 'Milk.', date: LOCAL, source: null }),
        quickNoteMarkdown({
          text: 'Eggs.',
          date: LOCAL,
          source: { title: 'New Tab', url: 'chrome://newtab/' },
        }),
      ].join('\n\n'),
    '## 2026-11-24 09:41\n\nMilk.\n\n## 2026-11-24 09:41\n\nEggs.',
  ],
  // Links
  [
    'link: text alone when the scheme is unsafe',
    () => markdownLink('Click [me]', 'data:text/html,x'),
    'Click \\[me\\]',
  ],
  ['link: mailto is kept', () => markdownLink('Mail', 'mailto:a@e.x'), '[Mail](mailto:a@e.x)'],
  [
    'Clip link: bookmark page with via',
    () => composeLinkMarkdown('https://e.x/doc?a=(1)', ' The doc ', 'https://e.x/', DATE),
    '---\nsource: "https://e.x/doc?a=(1)"\nclipped: "2026-11-21T08:30:00.000Z"\nvia: "https://e.x/"\n---\n\n[The doc](https://e.x/doc?a=%281%29)\n',
  ],
  [
    'Clip link: an unsafe page address is left out of via',
    () => composeLinkMarkdown('https://e.x/doc', '', 'data:text/html,x', DATE),
    '---\nsource: "https://e.x/doc"\nclipped: "2026-11-21T08:30:00.000Z"\n---\n\n[https://e.x/doc](https://e.x/doc)\n',
  ],
  [
    'Clip link: javascript: is refused',
    () => composeLinkMarkdown('javascript:alert(1)', 'x', 'https://e.x/', DATE),
    null,
  ],
  // Highlights
  [
    'highlight: every quote line stays in the blockquote',
    () =>
      renderHighlight(TEMPLATE, {
        quote: 'one\r\ntwo',
        title: 'A [b]',
        url: 'https://e.x/a (1)',
        date: DATE,
      }),
    '> one\n> two\n\n— [A \\[b\\]](https://e.x/a%20%281%29), 2026-11-21',
  ],
  [
    'highlight: an unsafe page address is not written',
    () =>
      renderHighlight(TEMPLATE, { quote: 'q', title: 'T', url: 'javascript:alert(1)', date: DATE }),
    '> q\n\n— [T](), 2026-11-21',
  ],
  // The popup's view of an extraction
  [
    'popup: the frontmatter block in front of the body',
    () => frontmatterBlock({ markdown: '---\ntitle: "A"\n---\n\nBody', body: 'Body' }),
    '---\ntitle: "A"\n---\n\n',
  ],
];

describe('clip markdown golden cases', () => {
  it.each(cases)('%s', (_, actual, expected) => {
    expect(actual()).toBe(expected);
  });
});

describe('reading frontmatter', () => {
  it('ends a block only at a line that is exactly --- or ...', () => {
    const md = '---\ntitle: Breaking news ---\npageclip_id: x\n---\nBody';
    expect(splitFrontmatter(md)).toEqual({
      data: { title: 'Breaking news ---', pageclip_id: 'x' },
      body: 'Body',
    });
    expect(readPageclipId(md)).toBe('x');
  });

  it('takes rules around a paragraph, or an unclosed opening, for body', () => {
    for (const md of ['---\n\nA paragraph.\n\n---\n\nMore.', '---\ntitle: x\n', '--- \nBody']) {
      expect(splitFrontmatter(md)).toEqual({ data: {}, body: md });
    }
  });

  it('refuses to add pageclip_id to a block with duplicate keys', () => {
    expect(() => withPageclipId('---\na: 1\na: 2\n---\n', ID)).toThrow(/YAML/);
  });
});
