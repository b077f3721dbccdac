/**
 * `npm run lint:firefox`: Mozilla's add-on linter (`web-ext lint`, the same checks as
 * addons.mozilla.org) on the Firefox build, failing on any error and on any warning from our
 * own code.
 *
 * The linter reads the bundled files, so it also sees code we ship but did not write. The
 * warnings below are in third-party libraries and are allowed only where their own source
 * text is found at the reported position, so a warning from our code at the same kind of
 * statement still fails. AMO ignores inline `eslint-disable` comments, so silencing is not an
 * option for our code: rewrite it instead.
 *
 * Usage: `tsx scripts/lint-firefox.ts [dir]` (default `.output/firefox-mv3`, built first by the
 * npm script). Prints every message and a summary line; exit code 1 on a failure.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface LintMessage {
  code: string;
  file?: string;
  line?: number;
  column?: number;
  message: string;
}

export interface KnownThirdPartyWarning {
  code: string;
  /** Built file the library ends up in. */
  file: RegExp;
  /** Text of the library's own statement near the reported position. */
  signature: string;
  why: string;
}

export const KNOWN_THIRD_PARTY_WARNINGS: KnownThirdPartyWarning[] = [
  {
    code: 'UNSAFE_VAR_ASSIGNMENT',
    // Any shared UI chunk: Vite names it after one of the modules it holds, so the name
    // changes whenever the popup and options share different code. Our own sources are kept
    // free of HTML sinks separately (test/security/ui-escaping.test.ts).
    file: /^chunks\/[\w-]+\.js$/,
    signature: 'dangerouslySetInnerHTML',
    why: "Preact's renderer supports the dangerouslySetInnerHTML prop; no component of ours uses it (test/security/ui-escaping.test.ts).",
  },
  // Readability runs in the tab and, in Firefox, also in the background page, which extracts
  // what the tab captured (lib/background/extraction-document.ts).
  {
    code: 'UNSAFE_VAR_ASSIGNMENT',
    file: /^(?:extractor|background)\.js$/,
    signature: 'this._attempts.push',
    why: "@mozilla/readability restores the page's own HTML into its working copy between retries (inside our inert snapshot document).",
  },
  {
    code: 'UNSAFE_VAR_ASSIGNMENT',
    file: /^(?:extractor|background)\.js$/,
    signature: 'getElementsByTagName(`noscript`)',
    why: '@mozilla/readability unwraps <noscript> images by copying their markup inside its working copy (inert snapshot document).',
  },
  {
    code: 'DANGEROUS_EVAL',
    file: /^background\.js$/,
    signature: 'jitless',
    why: "zod 4 probes `Function('')` once to decide whether it may compile parsers; the extension CSP forbids it, so zod falls back to its interpreter.",
  },
];

const WINDOW = 200;

function nearText(dir: string, msg: LintMessage): string {
  if (!msg.file || msg.line === undefined) return '';
  try {
    const line = readFileSync(join(dir, msg.file), 'utf8').split('\n')[msg.line - 1] ?? '';
    const col = msg.column ?? 0;
    return line.slice(Math.max(0, col - WINDOW), col + WINDOW);
  } catch {
    return '';
  }
}

export function knownThirdParty(dir: string, msg: LintMessage): KnownThirdPartyWarning | null {
  const text = nearText(dir, msg);
  return (
    KNOWN_THIRD_PARTY_WARNINGS.find(
      (k) =>
        k.code === msg.code && !!msg.file && k.file.test(msg.file) && text.includes(k.signature),
    ) ?? null
  );
}

export interface FirefoxLintResult {
  errors: LintMessage[];
  /** Warnings from our own code (or not recognised as a known library's). */
  ownWarnings: LintMessage[];
  thirdPartyWarnings: { message: LintMessage; known: KnownThirdPartyWarning }[];
  notices: LintMessage[];
  summary: { errors: number; warnings: number; notices: number };
}

export async function lintFirefox(dir: string): Promise<FirefoxLintResult> {
  const bin = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', 'node_modules', '.bin');
  // web-ext exits 1 when there are errors but still prints the JSON report.
  const { stdout } = (await run(
    join(bin, 'web-ext'),
    ['lint', '--source-dir', dir, '--output', 'json', '--no-input'],
    { maxBuffer: 16 * 1024 * 1024, timeout: 120_000 },
  ).catch((error: { stdout?: string }) => {
    if (typeof error.stdout === 'string' && error.stdout.trim().startsWith('{')) return error;
    throw error;
  })) as { stdout: string };
  const report = JSON.parse(stdout) as {
    summary: FirefoxLintResult['summary'];
    errors: LintMessage[];
    warnings: LintMessage[];
    notices: LintMessage[];
  };
  const result: FirefoxLintResult = {
    errors: report.errors,
    ownWarnings: [],
    thirdPartyWarnings: [],
    notices: report.notices,
    summary: report.summary,
  };
  for (const w of report.warnings) {
    const known = knownThirdParty(dir, w);
    if (known) result.thirdPartyWarnings.push({ message: w, known });
    else result.ownWarnings.push(w);
  }
  return result;
}

function where(m: LintMessage): string {
  return m.file ? `${m.file}${m.line !== undefined ? `:${m.line}:${m.column ?? 0}` : ''}` : '';
}

async function main(): Promise<void> {
  const dir = resolve(process.argv[2] ?? '.output/firefox-mv3');
  const r = await lintFirefox(dir);
  for (const m of r.errors) console.log(`error   ${m.code} ${where(m)} ${m.message}`);
  for (const m of r.ownWarnings)
    console.log(`warning ${m.code} ${where(m)} ${m.message} (OUR CODE)`);
  for (const { message: m, known } of r.thirdPartyWarnings)
    console.log(`warning ${m.code} ${where(m)} third-party: ${known.why}`);
  for (const m of r.notices) console.log(`notice  ${m.code} ${where(m)} ${m.message}`);
  console.log(
    `web-ext lint: ${r.summary.errors} errors, ${r.summary.warnings} warnings ` +
      `(${r.ownWarnings.length} from our code, ${r.thirdPartyWarnings.length} third-party), ` +
      `${r.summary.notices} notices`,
  );
  if (r.errors.length > 0 || r.ownWarnings.length > 0) process.exitCode = 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
