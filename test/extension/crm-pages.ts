// Fake CRM pages over HTTPS on loopback: the browser reaches them under the CRMs' real host names
// (--host-resolver-rules maps those names here), so the extension sees the addresses it would see
// in Salesforce or HubSpot. Every path answers one small page; the tests move between deals as the
// CRMs' single-page apps do, with history.pushState. The certificate is made at test time
// (openssl) and the browser runs with --ignore-certificate-errors: no CA is installed anywhere.
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CrmPages {
  port: number;
  close(): Promise<void>;
}

async function selfSignedCertificate(): Promise<{ key: Buffer; cert: Buffer }> {
  const folder = await mkdtemp(join(tmpdir(), 'crm-cert-'));
  try {
    const key = join(folder, 'key.pem');
    const cert = join(folder, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=crm.test',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    return { key: await readFile(key), cert: await readFile(cert) };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>CRM</title></head>
<body><main><h1>CRM</h1><p>A stand-in page for the extension's walk.</p></main></body></html>`;

export async function startCrmPages(): Promise<CrmPages> {
  const tls = await selfSignedCertificate();
  const server: Server = createServer(tls, (_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
