import { spawnSync } from 'node:child_process';
import {
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
  openSync,
  ftruncateSync,
  closeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';

// The real command line, spawned as a user would run it: `npm run pageclip` runs
// scripts/pageclip.ts through tsx; the test run's global setup bundles that same file
// (test/helpers/service-bundle.ts), which spares each run tsx's compile.
const ROOT = join(import.meta.dirname, '../..');
const tmp = mkdtempSync(join(tmpdir(), 'pageclip-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const PAGE = `<!DOCTYPE html><html lang="en"><head><title>Kettles compared | Home Lab</title>
<meta property="og:site_name" content="Home Lab"><meta name="description" content="Six kettles, one winner.">
<link rel="canonical" href="https://homelab.example/kettles"></head>
<body><article><h1>Kettles compared</h1><p>We boiled a litre of water in six kettles, three times each, and timed
them with a stopwatch. The fastest took two minutes and ten seconds; the slowest almost four minutes.</p>
<p>See <a href="/methods">our methods</a> for details.</p></article></body></html>`;

function run(
  args: string[],
  input?: string | Buffer,
): { code: number | null; stdout: string; stderr: string } {
  const bundle = process.env.PAGECLIP_CLI_BUNDLE;
  const entry = bundle
    ? ['--enable-source-maps', bundle]
    : ['--import', 'tsx', 'scripts/pageclip.ts'];
  const r = spawnSync(process.execPath, [...entry, ...args], {
    cwd: ROOT,
    input: input ?? '',
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function expectOneLineError(r: { stderr: string }, pattern: RegExp): void {
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^pageclip: error: /);
  expect(lines[0]).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\n\s+at /);
}

describe('pageclip extract (command line)', { timeout: 120_000 }, () => {
  it('reads standard input and prints markdown with frontmatter', () => {
    const r = run(
      ['extract', '--url', 'https://homelab.example/kettles', '--now', '2026-01-01T00:00:00Z'],
      PAGE,
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /^---\ntitle: "Kettles compared"\nsource: "https:\/\/homelab.example\/kettles"\n/,
    );
    expect(r.stdout).toContain('site: "Home Lab"\nclipped: "2026-01-01T00:00:00.000Z"\n---\n\n');
    expect(r.stdout).toContain('[our methods](https://homelab.example/methods)');
    expect(r.stderr).toBe('');
  });

  it('reads a FILE, prints JSON with --json and the extraction time with --time', () => {
    const file = join(tmp, 'page.html');
    writeFileSync(file, PAGE);
    const r = run([
      'extract',
      '--url',
      'https://homelab.example/kettles',
      '--json',
      '--time',
      file,
    ]);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(json.title).toBe('Kettles compared');
    expect(json.mode).toBe('article');
    expect(json.siteName).toBe('Home Lab');
    expect(typeof json.wordCount).toBe('number');
    expect(String(json.markdown)).toContain('---\n\nWe boiled');
    expect(r.stderr).toMatch(/^extract-ms: \d+(\.\d+)?\n$/);
  });

  it('supports bookmark mode and gzip input', () => {
    const file = join(tmp, 'page.html.gz');
    writeFileSync(file, gzipSync(PAGE));
    const r = run([
      'extract',
      '--url',
      'https://homelab.example/kettles',
      '--mode',
      'bookmark',
      file,
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      '[Kettles compared](https://homelab.example/kettles)\n\n> Six kettles, one winner.\n',
    );
  });

  it('refuses empty input', () => {
    const r = run(['extract', '--url', 'https://x.example/'], '   \n');
    expect(r.code).toBe(1);
    expectOneLineError(r, /input is empty/);
  });

  it('refuses binary input', () => {
    const r = run(
      ['extract', '--url', 'https://x.example/'],
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0x49]),
    );
    expect(r.code).toBe(1);
    expectOneLineError(r, /binary/);
  });

  it('refuses enormous input without reading it', () => {
    const file = join(tmp, 'huge.html');
    const fd = openSync(file, 'w');
    ftruncateSync(fd, 21 * 1024 * 1024);
    closeSync(fd);
    const r = run(['extract', '--url', 'https://x.example/', file]);
    expect(r.code).toBe(1);
    expectOneLineError(r, /too large/);
  });

  it('reports usage errors with exit status 2', () => {
    expectOneLineError(run(['extract'], PAGE), /--url is required/);
    const bad = run(['extract', '--url', 'javascript:alert(1)'], PAGE);
    expect(bad.code).toBe(2);
    expectOneLineError(bad, /http/);
    const mode = run(['extract', '--url', 'https://x.example/', '--mode', 'selection'], PAGE);
    expect(mode.code).toBe(2);
    expectOneLineError(mode, /selection needs a browser/);
    const unknown = run(['extract', '--url', 'https://x.example/', '--frobnicate'], PAGE);
    expect(unknown.code).toBe(2);
    expectOneLineError(unknown, /frobnicate/);
  });

  it('batch: one .md per input, URLs from the map, --url or the canonical link; bad inputs reported', () => {
    const a = join(tmp, 'a.html');
    const b = join(tmp, 'b.htm');
    const c = join(tmp, 'c.html');
    const empty = join(tmp, 'empty.html');
    writeFileSync(
      a,
      PAGE.replace('<link rel="canonical" href="https://homelab.example/kettles">', ''),
    );
    writeFileSync(
      b,
      PAGE.replace('<link rel="canonical" href="https://homelab.example/kettles">', ''),
    );
    writeFileSync(c, PAGE);
    writeFileSync(empty, '');
    const map = join(tmp, 'map.json');
    writeFileSync(map, JSON.stringify({ 'a.html': 'https://mapped.example/a/' }));
    const out = join(tmp, 'out');
    const withUrl = run([
      'extract',
      '--out',
      out,
      '--url-map',
      map,
      '--url',
      'https://fallback.example/',
      a,
      b,
      c,
      empty,
    ]);
    expect(withUrl.code).toBe(1);
    expect(readdirSync(out).sort()).toEqual(['a.md', 'b.md', 'c.md']);
    expect(readFileSync(join(out, 'a.md'), 'utf8')).toContain('(https://mapped.example/methods)');
    expect(readFileSync(join(out, 'b.md'), 'utf8')).toContain('(https://fallback.example/methods)');
    expect(readFileSync(join(out, 'c.md'), 'utf8')).toContain(
      'source: "https://fallback.example/"',
    );
    expect(withUrl.stderr).toMatch(/empty\.html: input is empty/);
    expect(withUrl.stderr).toMatch(/1 of 4 inputs failed/);

    const out2 = join(tmp, 'out2');
    const canonical = run(['extract', '--out', out2, c]);
    expect(canonical.code).toBe(0);
    expect(readFileSync(join(out2, 'c.md'), 'utf8')).toContain(
      'source: "https://homelab.example/kettles"',
    );
    const none = run(['extract', '--out', out2, a]);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/a\.html: no URL/);
  });
});
