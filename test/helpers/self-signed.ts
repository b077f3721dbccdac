/**
 * A throwaway self-signed certificate for 127.0.0.1, made with openssl, for tests of how a
 * certificate the client does not trust is reported. The files are removed once read.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

export async function selfSignedCertificate(): Promise<{ key: Buffer; cert: Buffer }> {
  const dir = mkdtempSync(join(tmpdir(), 'pageclip-tls-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=127.0.0.1',
      '-days',
      '1',
      '-keyout',
      key,
      '-out',
      cert,
    ]);
    return { key: readFileSync(key), cert: readFileSync(cert) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
