// TLS and HTTP/2 in front of the bench's server, as docs/deploy.md's nginx (`listen 443 ssl http2`)
// serves qbank: browsers speak HTTP/2 only over TLS, and over HTTP/1.1 a page of ~100 small files
// waits on six connections. Lighthouse measures the pages through it too, so the bench shows both
// what the bare server gives and what a phone gets from a deployment. The certificate is a
// throwaway self-signed one made by the openssl command; without openssl the part is skipped.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Hop-by-hop headers (RFC 9110 §7.6.1) are not forwarded, and HTTP/2 forbids them.
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade'];

function selfSignedCertificate() {
  const dir = mkdtempSync(path.join(tmpdir(), 'qbank-bench-tls-'));
  try {
    const made = spawnSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-keyout', 'key.pem', '-out', 'cert.pem'],
      { cwd: dir, encoding: 'utf8' },
    );
    if (made.error || made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.error?.message ?? made.stderr}`);
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts the front on `port`, forwarding to http://127.0.0.1:`targetPort`; resolves to { base, close }. */
export async function startTlsFront(port, targetPort) {
  const server = http2.createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true });
  server.on('request', (request, response) => {
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !name.startsWith(':') && !HOP_BY_HOP.includes(name)));
    headers.host = `127.0.0.1:${targetPort}`;
    const upstream = http.request({ host: '127.0.0.1', port: targetPort, method: request.method, path: request.url, headers }, (answer) => {
      const out = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !HOP_BY_HOP.includes(name)));
      response.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(response);
    });
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return { base: `https://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}
