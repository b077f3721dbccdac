import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { toMarkdown } from '../../lib/extract/markdown';
import { rootDoms } from './support/root-doms';

// Each case is checked by what a CommonMark renderer makes of the markdown: the emphasis the
// page had where CommonMark can express it, and never a literal `*` or `_`.
const md = new MarkdownIt();
const render = (markdown: string) => md.render(markdown).replace(/&quot;/g, '"');

describe.each(Object.entries(rootDoms('https://example.com/')))('emphasis (%s)', (_, parse) => {
  const convert = (html: string) => toMarkdown(parse(html).getElementById('root')!);

  it.each([
    ['<b>Title<br></b>Text', '<strong>Title</strong><br>\nText'],
    ['Intro<b><br>Title</b> text', 'Intro<br>\n<strong>Title</strong> text'],
    ['the <i>Trink</i>glas', 'the <em>Trink</em>glas'],
    ['top<b>soil</b> alike', 'top<strong>soil</strong> alike'],
    ['de<strong> "gourou" </strong>par', 'de <strong>"gourou"</strong> par'],
    ['lime<b>?</b> Only', 'lime? Only'],
    ['<b>33%</b>of them', '33%of them'],
    ['weed<em>-free</em>.', 'weed-free.'],
    ['NDR <b> </b> Recherchen', 'NDR Recherchen'],
    ['<strong>Quoted</strong><strong></strong>, then', '<strong>Quoted</strong>, then'],
    ['<b>S</b><b>unshine</b>: a', '<strong>Sunshine</strong>: a'],
    ['<em>Cow who?&nbsp;<br></em><br>Cows', '<em>Cow who?</em>'],
    ['Thus <i>A</i><sup><i>n</i></sup> is Hermitian', 'Thus <em>An</em> is Hermitian'],
    [
      '<em><strong>"Chirac called him</strong></em><strong></strong><em><strong> the Tall One"</strong></em>, said one.',
      '<em><strong>"Chirac called him the Tall One"</strong></em>, said one.',
    ],
    [
      '<em>Call Me</em> <em>b</em><em>y Your Name</em> (2017)',
      '<em>Call Me by Your Name</em> (2017)',
    ],
  ])('%s', (html, rendered) => {
    const out = render(convert(html));
    expect(out).toContain(rendered);
    expect(out).not.toMatch(/[*_]/);
  });

  it('reads two line breaks inside bold as a paragraph break', () => {
    const markdown = convert('<b>Do the French work too little?<br><br>Not really.</b>');
    expect(markdown).toBe('**Do the French work too little?**\n\n**Not really.**');
  });

  it('gives each paragraph inside bold its own pair, and other blocks none', () => {
    const markdown = convert(
      '<strong><p>Tools:</p><p>a fork and a rake.</p><ul><li>gloves</li></ul></strong>',
    );
    expect(markdown).toBe('**Tools:**\n\n**a fork and a rake.**\n\n- gloves');
    expect(render(markdown)).not.toMatch(/\*/);
  });
});
