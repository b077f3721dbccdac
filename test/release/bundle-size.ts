/**
 * How much JavaScript each part of a build costs the browser, gzip -9: the figures behind the
 * popup's 40 kB budget, shared by `test/release/bundle-size.test.ts` (which fails over budget)
 * and `npm run bench:extension` (which prints them).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The popup's JavaScript budget, gzip: it loads on every toolbar click. */
export const POPUP_BUDGET_BYTES = 40 * 1024;

export function gzipSize(path: string): number {
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

/** The JS files an HTML page of the build loads: its module scripts and modulepreloads. */
export function pageScripts(html: string): string[] {
  const refs = [
    ...html.matchAll(
      /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g,
    ),
  ];
  return [...new Set(refs.map((m) => m[1]!.replace(/^\//, '')))];
}

export interface EntrypointSize {
  /** `background.js`, `extractor.js`, or an HTML page such as `popup.html`. */
  name: string;
  /** The JS files counted: the script itself, or every chunk the page loads. */
  files: string[];
  gzipBytes: number;
}

/** Every script entrypoint and every HTML page of a build directory, with its JS cost. */
export function entrypointSizes(dist: string): EntrypointSize[] {
  const top = readdirSync(dist);
  const scripts = top
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ name: f, files: [f], gzipBytes: gzipSize(join(dist, f)) }));
  const pages = top
    .filter((f) => f.endsWith('.html'))
    .map((page) => {
      const files = pageScripts(readFileSync(join(dist, page), 'utf8'));
      const gzipBytes = files.reduce((sum, s) => sum + gzipSize(join(dist, s)), 0);
      return { name: page, files, gzipBytes };
    });
  return [...scripts, ...pages];
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} kB`;
