import { describe, expect, it } from 'vitest';
import { readPageclipId, withPageclipId } from '../../lib/clip-markdown';

const ID = '3f1c2d4e-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

describe('pageclip_id in frontmatter', () => {
  it('adds a frontmatter block when there is none', () => {
    const out = withPageclipId('# Title\n\nBody', ID);
    expect(out).toBe(`---\npageclip_id: ${ID}\n---\n\n# Title\n\nBody`);
    expect(readPageclipId(out)).toBe(ID);
  });

  it('adds the field to an existing block and keeps the rest byte for byte', () => {
    const md = '---\ntitle: "A: B"\ntags:\n  - x\n---\n\nBody';
    const out = withPageclipId(md, ID);
    expect(out).toBe(`---\npageclip_id: ${ID}\ntitle: "A: B"\ntags:\n  - x\n---\n\nBody`);
    expect(readPageclipId(out)).toBe(ID);
  });

  it('leaves markdown that already carries the id alone', () => {
    const md = `---\nsource: x\npageclip_id: ${ID}\n---\nBody`;
    expect(withPageclipId(md, ID)).toBe(md);
  });

  it('refuses a different id or a broken YAML block (the page could not be found again)', () => {
    const other = '00000000-0000-4000-8000-000000000000';
    expect(() => withPageclipId(`---\npageclip_id: ${other}\n---\n`, ID)).toThrow(/pageclip_id/);
    expect(() => withPageclipId('---\n: : [\n---\nBody', ID)).toThrow(/YAML/);
  });

  it('reads nothing from a body that only looks like frontmatter later on', () => {
    expect(readPageclipId(`Body\n---\npageclip_id: ${ID}\n---\n`)).toBeNull();
    expect(readPageclipId('')).toBeNull();
  });
});
