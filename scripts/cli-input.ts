/**
 * The command line's inputs: standard input or a file, gunzipped when compressed, and refused
 * when empty, binary or over 20 MB (checked before the page is parsed).
 */
import { readFileSync, readSync, statSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { decodeHtml } from './decode-html';

const MAX_BYTES = 20 * 1024 * 1024;

export class CliError extends Error {
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

export function readInput(file: string | null): Buffer {
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

export function decodeChecked(bytes: Buffer, name: string): string {
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
