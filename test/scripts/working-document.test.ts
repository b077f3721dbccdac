import { describe, expect, it } from 'vitest';
import { linkedomDocument } from '../../scripts/working-document';

// linkedom is patched to make a node's listener map on its first addEventListener instead of
// in every node's constructor (patches/linkedom+0.18.14.patch): events must work as before.
describe('linkedomDocument: events on the patched linkedom', () => {
  it('delivers an event to listeners added later, bubbling, and not to removed ones', () => {
    const doc = linkedomDocument();
    const outer = doc.createElement('div');
    const inner = doc.createElement('span');
    outer.appendChild(inner);
    doc.body.appendChild(outer);
    const seen: string[] = [];
    const onInner = () => seen.push('inner');
    inner.addEventListener('ping', onInner);
    outer.addEventListener('ping', () => seen.push('outer'));
    inner.dispatchEvent(new doc.defaultView!.Event('ping', { bubbles: true }));
    expect(seen).toEqual(['inner', 'outer']);

    inner.removeEventListener('ping', onInner);
    inner.dispatchEvent(new doc.defaultView!.Event('ping', { bubbles: true }));
    expect(seen).toEqual(['inner', 'outer', 'outer']);
  });

  it('takes a removal or an event on a node that never had a listener', () => {
    const doc = linkedomDocument();
    const lone = doc.createElement('p');
    expect(() => lone.removeEventListener('ping', () => undefined)).not.toThrow();
    expect(lone.dispatchEvent(new doc.defaultView!.Event('ping'))).toBe(true);
  });
});
