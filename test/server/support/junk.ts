/**
 * Seeded junk generator for the bad-input tests: JSON values of every shape, near-misses of
 * real request bodies and hostile strings, reproducible from a seed so a failing case can be
 * replayed exactly.
 */

/** mulberry32: a tiny, well-known 32-bit PRNG; enough for reproducible test data. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\t\n\r',
  'null',
  'undefined',
  '0',
  '-1',
  '1e309',
  'NaN',
  'true',
  '[]',
  '{}',
  '../../etc/passwd',
  '%00%2e%2e',
  "'; DROP TABLE pages; --",
  '<script>alert(1)</script>',
  '\u202e\u200b\ufeff',
  '\ud83d\ude00\ud83d\udc4d',
  '\ud800',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '00000000-0000-0000-0000-000000000000',
  '123e4567-e89b-02d3-a456-426614174000',
  '{123e4567-e89b-12d3-a456-426614174000}',
  '---\nfoo: [unclosed\n---\n',
  'x'.repeat(5000),
  'append',
  'prepend',
  'pages:read',
  'view',
];

export class Junk {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = rng(seed);
  }

  int(max: number): number {
    return Math.floor(this.next() * max);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  string(): string {
    const kind = this.int(4);
    if (kind === 0) return this.pick(NASTY_STRINGS);
    const length = this.int(kind === 3 ? 400 : 24);
    let out = '';
    for (let i = 0; i < length; i++) {
      const r = this.next();
      // Mostly ASCII, some BMP, some astral and lone surrogates.
      if (r < 0.7) out += String.fromCharCode(32 + this.int(95));
      else if (r < 0.9) out += String.fromCharCode(this.int(0xd7ff));
      else if (r < 0.97) out += String.fromCodePoint(0x10000 + this.int(0xfffff));
      else out += String.fromCharCode(0xd800 + this.int(0x800));
    }
    return out;
  }

  number(): number {
    return this.pick([
      0,
      -0,
      1,
      -1,
      0.5,
      2 ** 53,
      -(2 ** 63),
      1e308,
      Number.MIN_VALUE,
      this.int(1000) - 500,
    ]);
  }

  /** Any JSON value, nested up to `depth`. */
  value(depth = 3): unknown {
    const kind = this.int(depth > 0 ? 8 : 5);
    switch (kind) {
      case 0:
        return null;
      case 1:
        return this.next() < 0.5;
      case 2:
        return this.number();
      case 3:
      case 4:
        return this.string();
      case 5:
      case 6: {
        const length = this.int(5);
        return Array.from({ length }, () => this.value(depth - 1));
      }
      default:
        return this.object(depth - 1);
    }
  }

  object(depth = 2, keys: readonly string[] = []): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const count = this.int(6);
    for (let i = 0; i < count; i++) {
      const key =
        keys.length > 0 && this.next() < 0.7
          ? this.pick(keys)
          : this.pick(['__proto__', 'constructor', 'id', '', this.string()]);
      out[key] = this.value(depth);
    }
    return out;
  }

  /** A body shaped like a real one (`keys` are the route's field names) with junk values. */
  nearMiss(keys: readonly string[]): unknown {
    const r = this.next();
    if (r < 0.6) return this.object(2, keys);
    if (r < 0.8) return this.value(3);
    // A valid-looking body with one field replaced by junk.
    const out: Record<string, unknown> = {};
    for (const key of keys) out[key] = this.string();
    out[this.pick(keys)] = this.value(2);
    return out;
  }

  /** A raw body that is usually not valid JSON. */
  rawText(): string {
    return this.pick([
      '{',
      '{"title": }',
      "{'title': 'x'}",
      '[1, 2,',
      '{"a":1}{"b":2}',
      '\u0000\u0001',
      'title=x&markdown=y',
      '{"title":"x",}',
      '"unterminated',
      '{"title":"\\ud800"}',
      this.string(),
    ]);
  }
}
