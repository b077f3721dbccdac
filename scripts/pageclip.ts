import { mkdirSync, readFileSync, readSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { withClipMarkdown } from '../lib/clip-markdown';
import { extract, type ClipMode } from '../lib/extract';
import { decodeHtml, parseHtml } from './parse-html';
import { linkedomDocument } from './working-document';

/**
 * Pageclip's command line. `extract` runs the clipper's extraction on saved HTML:
 * one page to standard output, or many pages into a folder.
 */

const MAX_BYTES = 20 * 1024 * 1024;
const MODES: ClipMode[] = ['article', 'full', 'bookmark'];

const HELP = `Usage:
  pageclip extract --url URL [--mode article|full|bookmark] [--json] [--time] [FILE]
  pageclip extract --out DIR [--url URL | --url-map MAP.json] [--mode …] FILE...

Extracts a saved page (HTML from FILE, or standard input when there is no FILE) and
prints markdown with YAML frontmatter on standard output.

Options:
  --url URL        the page's address: base for relative links, and the note's source
  --mode MODE      article (default), full or bookmark
  --json           print the whole result as JSON instead of the markdown
  --time           print "extract-ms: N" on standard error: the extract() call only
                   (no start-up, reading or HTML parsing)
  --now ISO        the clipped time to record (default: now), for reproducible output
  --tags a,b       tags for the frontmatter
  --out DIR        batch form: write one DIR/<name>.md per input FILE (name without
                   .html/.htm/.gz); with --time, one "extract-ms: N FILE" line each
  --url-map FILE   batch form: a JSON object mapping each input path (as given) or its
                   base name to its URL; --url, if given, is used for the files it lacks;
                   failing both, the page's own canonical / og:url link is used
  -h, --help       this help

Inputs may be gzip-compressed (.gz). Empty, binary (NUL bytes) or enormous (over 20 MB)
input is refused with a one-line error and exit status 1; usage errors exit with 2.`;

class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

function readStdin(): Buffer {
  const chunks: Buffer[] = [];
  let total = 0;
  const buf = Buffer.alloc(65536);
  for (;;) {
    let n: number;
    try {
      n = readSyncSafe(buf);
    } catch (e) {
      throw new CliError(`cannot read standard input: ${(e as Error).message}`);
    }
    if (n === 0) break;
    total += n;
    if (total > MAX_BYTES) throw new CliError('input is too large (over 20 MB)');
    chunks.push(Buffer.from(buf.subarray(0, n)));
  }
  return Buffer.concat(chunks);
}

function readSyncSafe(buf: Buffer): number {
  // readSync on fd 0 throws EAGAIN on some non-blocking pipes: retry.
  for (;;) {
    try {
      return readSync(0, buf, 0, buf.length, null);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') continue;
      if (code === 'EOF') return 0;
      throw e;
    }
  }
}

function readInput(file: string | null): Buffer {
  let bytes: Buffer;
  if (file === null) bytes = readStdin();
  else {
    let size: number;
    try {
      const st = statSync(file);
      if (!st.isFile()) throw new CliError(`${file}: not a file`);
      size = st.size;
    } catch (e) {
      if (e instanceof CliError) throw e;
      throw new CliError(`${file}: cannot read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    if (size > MAX_BYTES) throw new CliError(`${file}: input is too large (over 20 MB)`);
    bytes = readFileSync(file);
  }
  const name = file ?? 'standard input';
  if (file?.endsWith('.gz') || (bytes[0] === 0x1f && bytes[1] === 0x8b)) {
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: MAX_BYTES });
    } catch {
      throw new CliError(`${name}: not valid gzip data, or over 20 MB once decompressed`);
    }
  }
  return bytes;
}

function decodeChecked(bytes: Buffer, name: string): string {
  if (
    bytes.length === 0 ||
    bytes.every((b) => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09)
  ) {
    throw new CliError(`${name}: input is empty`);
  }
  const utf16 =
    (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  if (!utf16 && looksBinary(bytes)) {
    throw new CliError(`${name}: input looks binary (NUL or control bytes), not HTML`);
  }
  return decodeHtml(bytes);
}

/** NUL bytes anywhere, or many control bytes in the first 8 KB. */
function looksBinary(bytes: Buffer): boolean {
  if (bytes.includes(0)) return true;
  const head = bytes.subarray(0, 8192);
  let control = 0;
  for (const b of head) if (b < 0x09 || (b > 0x0d && b < 0x20)) control++;
  return control > head.length * 0.02;
}

function checkUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new CliError(`invalid --url: ${raw}`, 2);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new CliError(`--url must be http(s): ${raw}`, 2);
  return url.href;
}

/** The page's own address, from its canonical link or og:url, for batch inputs without one. */
function declaredUrl(doc: Document): string | null {
  const raw =
    doc.querySelector('link[rel="canonical"][href]')?.getAttribute('href') ??
    doc.querySelector('meta[property="og:url"][content]')?.getAttribute('content');
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

interface Common {
  mode: ClipMode;
  now: Date | undefined;
  tags: string[] | undefined;
  time: boolean;
}

function runOne(
  html: string,
  url: string,
  common: Common,
): { markdown: string; json: string; ms: number } {
  const doc = parseHtml(html, url);
  const start = performance.now();
  const result = extract(doc, url, {
    mode: common.mode,
    now: common.now,
    tags: common.tags,
    workingDocument: linkedomDocument,
  });
  const ms = performance.now() - start;
  const clip = withClipMarkdown(result);
  return { markdown: clip.markdown, json: JSON.stringify(clip, null, 2) + '\n', ms };
}

function outName(file: string): string {
  return (
    basename(file)
      .replace(/\.gz$/i, '')
      .replace(/\.x?html?$/i, '') + '.md'
  );
}

function main(argv: string[]): void {
  const { values, positionals } = (() => {
    try {
      return parseArgs({
        args: argv,
        allowPositionals: true,
        options: {
          url: { type: 'string' },
          mode: { type: 'string' },
          json: { type: 'boolean' },
          time: { type: 'boolean' },
          now: { type: 'string' },
          tags: { type: 'string' },
          out: { type: 'string' },
          'url-map': { type: 'string' },
          help: { type: 'boolean', short: 'h' },
        },
      });
    } catch (e) {
      throw new CliError(`${(e as Error).message} (see --help)`, 2);
    }
  })();
  if (values.help) {
    process.stdout.write(HELP + '\n');
    return;
  }
  const [command, ...files] = positionals;
  if (command !== 'extract')
    throw new CliError(
      command ? `unknown command: ${command} (see --help)` : 'missing command (see --help)',
      2,
    );
  const mode = (values.mode ?? 'article') as ClipMode;
  if (!MODES.includes(mode))
    throw new CliError(
      `--mode must be one of ${MODES.join(', ')}${values.mode === 'selection' ? ' (selection needs a browser)' : ''}`,
      2,
    );
  let now: Date | undefined;
  if (values.now !== undefined) {
    now = new Date(values.now);
    if (Number.isNaN(now.getTime())) throw new CliError(`invalid --now: ${values.now}`, 2);
  }
  const common: Common = {
    mode,
    now,
    tags: values.tags
      ?.split(',')
      .map((t) => t.trim())
      .filter(Boolean),
    time: !!values.time,
  };
  const url = values.url !== undefined ? checkUrl(values.url) : null;

  if (values.out === undefined) {
    if (values['url-map'] !== undefined) throw new CliError('--url-map needs --out', 2);
    if (files.length > 1) throw new CliError('several inputs need --out DIR', 2);
    if (!url) throw new CliError('--url is required', 2);
    const file = files[0] ?? null;
    const html = decodeChecked(readInput(file), file ?? 'standard input');
    const r = runOne(html, url, common);
    process.stdout.write(values.json ? r.json : r.markdown);
    if (common.time) process.stderr.write(`extract-ms: ${r.ms.toFixed(1)}\n`);
    return;
  }

  if (files.length === 0) throw new CliError('--out needs at least one input FILE', 2);
  let map: Record<string, unknown> = {};
  if (values['url-map'] !== undefined) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(values['url-map'], 'utf8'));
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        throw new Error('not a JSON object');
      map = parsed as Record<string, unknown>;
    } catch (e) {
      throw new CliError(`--url-map ${values['url-map']}: ${(e as Error).message}`, 2);
    }
  }
  mkdirSync(values.out, { recursive: true });
  let failed = 0;
  for (const file of files) {
    try {
      const html = decodeChecked(readInput(file), file);
      const mapped = map[file] ?? map[basename(file)];
      let pageUrl = typeof mapped === 'string' ? checkUrl(mapped) : url;
      if (!pageUrl) pageUrl = declaredUrl(parseHtml(html, 'https://invalid.example/'));
      if (!pageUrl)
        throw new CliError(
          `${file}: no URL (give --url, --url-map, or a page with a canonical link)`,
        );
      const r = runOne(html, pageUrl, common);
      writeFileSync(join(values.out, outName(file)), values.json ? r.json : r.markdown);
      if (common.time) process.stderr.write(`extract-ms: ${r.ms.toFixed(1)} ${file}\n`);
    } catch (e) {
      failed++;
      process.stderr.write(
        `pageclip: error: ${e instanceof CliError ? e.message : `${file}: ${(e as Error).message}`}\n`,
      );
    }
  }
  if (failed) throw new CliError(`${failed} of ${files.length} inputs failed`);
}

try {
  main(process.argv.slice(2));
} catch (e) {
  const code = e instanceof CliError ? e.exitCode : 1;
  const message =
    e instanceof CliError ? e.message : `unexpected failure: ${(e as Error)?.message ?? String(e)}`;
  process.stderr.write(`pageclip: error: ${message}\n`);
  process.exitCode = code;
}
