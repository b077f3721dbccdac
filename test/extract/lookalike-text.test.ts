import { describe, expect, it } from 'vitest';
import { removeLookalikeText } from '../../lib/extract/lookalike-text';
import { rootDoms } from './support/root-doms';
import { EXTRACT_WAYS } from './support/extract-ways';
import { parseHtml } from '../../scripts/parse-html';

// Text in look-alike letters: Latin words with Cyrillic ones put in. Written for these tests:
// in AD, the о, е, а, с, р and і are Cyrillic.
const URL = 'https://news.example/2024/harbour';
const PARA =
  '<p>The harbour board met on Tuesday and agreed to dredge the northern channel before the ' +
  'autumn storms, when the shipping lanes are busiest.</p>';
const AD =
  'Gеt yоur businеss sееn by thоusаnds оf rеаdеrs еvеry dаy. Cоntасt оur аdvеrtising tеаm tоdаy.';

describe.each(Object.entries(rootDoms(URL)))('removeLookalikeText (%s)', (_, parse) => {
  const clean = (html: string) => {
    const root = parse(html).getElementById('root')!;
    removeLookalikeText(root);
    return (root.textContent ?? '').replace(/\s+/g, ' ').trim();
  };

  it('drops a block in look-alike letters, keeping the article', () => {
    const text = clean(`${PARA}<div class="box"><p>${AD}</p></div>${PARA}`);
    expect(text).not.toContain('thоusаnds');
    expect(text).toContain('dredge the northern channel');
  });

  it('keeps Russian text with a brand in Latin letters and an English one quoting Russian', () => {
    const russian =
      'Новый iPhoneом пользуются миллионы людей, и Appleу снова пришлось объяснять, ' +
      'почему батарея садится так быстро после обновления системы.';
    const quoting = 'In Russian, мир means both peace and world, and Мир was also a space station.';
    const text = clean(`${PARA}<p>${russian}</p><p>${quoting}</p>`);
    expect(text).toContain('iPhoneом пользуются');
    expect(text).toContain('мир means both peace');
  });
});

describe('an advertisement in look-alike letters under an article', () => {
  it.each(EXTRACT_WAYS)('is not in the clip (%s)', (_, run) => {
    const page =
      '<!DOCTYPE html><html><head><title>Harbour to be dredged</title></head><body><article>' +
      `<h1>Harbour to be dredged</h1>${PARA.repeat(4)}<h3>Comments</h3><p>${AD}</p></article></body></html>`;
    const r = run(parseHtml(page, URL), URL, {});
    expect(r.body).toContain('dredge the northern channel');
    expect(r.body).not.toContain('thоusаnds');
    expect(r.body).not.toContain('Comments');
  });
});
