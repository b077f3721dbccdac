import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parseArgs } from 'node:util';
import type { ClipMode } from '../lib/extract';
import { CliError, decodeChecked, readInput } from './cli-input';

/**
 * Pageclip's command line. `extract` runs the clipper's extraction on saved HTML:
 * one page to standard output, or many pages into a folder.
 */

const MODES: ClipMode[] = ['article', 'full', 'bookmark'];

/**
 * The HTML parser and the extraction, loaded once the arguments and the first input have been
 * checked: they take most of the start-up, and a usage error should answer at once.
 */
async function loadEngine() {
  const [{ withClipMarkdown }, { extract }, { parseHtml }, { linkedomDocument }] =
    await Promise.all([
      import('../lib/clip-markdown'),
      import('../lib/extract'),
      import('./parse-html'),
      import('./working-document'),
    ]);
  return { withClipMarkdown, extract, parseHtml, linkedomDocument };
}
type Engine = Awaited<ReturnType<typeof loadEngine>>;

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
  engine: Engine,
  html: string,
  url: string,
  common: Common,
): { markdown: string; json: string; ms: number } {
  const { extract, parseHtml, linkedomDocument, withClipMarkdown } = engine;
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

async function main(argv: string[]): Promise<void> {
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
    const r = runOne(await loadEngine(), html, url, common);
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
  let engine: Engine | null = null;
  let failed = 0;
  for (const file of files) {
    try {
      const html = decodeChecked(readInput(file), file);
      const mapped = map[file] ?? map[basename(file)];
      let pageUrl = typeof mapped === 'string' ? checkUrl(mapped) : url;
      engine ??= await loadEngine();
      if (!pageUrl) pageUrl = declaredUrl(engine.parseHtml(html, 'https://invalid.example/'));
      if (!pageUrl)
        throw new CliError(
          `${file}: no URL (give --url, --url-map, or a page with a canonical link)`,
        );
      const r = runOne(engine, html, pageUrl, common);
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

main(process.argv.slice(2)).catch((e: unknown) => {
  const code = e instanceof CliError ? e.exitCode : 1;
  const message =
    e instanceof CliError ? e.message : `unexpected failure: ${(e as Error)?.message ?? String(e)}`;
  process.stderr.write(`pageclip: error: ${message}\n`);
  process.exitCode = code;
});
