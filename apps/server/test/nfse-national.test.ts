import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPkcs12 } from '../src/features/nfse/certificate';
import { buildDps } from '../src/features/nfse/dps';
import { signDps } from '../src/features/nfse/dps-signature';
import { createNationalProvider, SEFIN_URLS } from '../src/features/nfse/national-provider';
import { dpsInput } from './fixtures/nfse/dps-input';
import { makeTestPkcs12 } from './support/test-certificate';

type Fixture = { status: number; body: unknown };
const fixture = (name: string) => JSON.parse(fs.readFileSync(new URL(`./fixtures/nfse/${name}`, import.meta.url), 'utf8')) as Fixture;
const requestShape = JSON.parse(fs.readFileSync(new URL('./fixtures/nfse/emissao.request.json', import.meta.url), 'utf8')) as { method: string; path: string };

const client = openPkcs12(makeTestPkcs12({ cnpj: '12345678000195', password: 'x' }), 'x');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nfse-national-'));
// the fake Sefin's own TLS identity, for 127.0.0.1
execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1',
  '-keyout', path.join(dir, 'server.key'), '-out', path.join(dir, 'server.pem')], { stdio: 'ignore' });
const serverCert = fs.readFileSync(path.join(dir, 'server.pem'), 'utf8');

type Seen = { method?: string; url?: string; contentType?: string; clientCn?: string; xml?: string; rawBody?: unknown };
let reply: Fixture;
let seen: Seen;
let server: https.Server;
let baseUrl: string;

beforeAll(async () => {
  server = https.createServer({
    key: fs.readFileSync(path.join(dir, 'server.key')), cert: serverCert,
    // mutual TLS as the Sefin does it: no client certificate, no connection
    requestCert: true, rejectUnauthorized: true, ca: client.certificatePem,
  }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const peer = (req.socket as TLSSocket).getPeerCertificate();
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as { dpsXmlGZipB64?: string } | null;
      seen = { method: req.method, url: req.url, contentType: req.headers['content-type'], clientCn: peer.subject?.CN as string | undefined, rawBody: body };
      if (body?.dpsXmlGZipB64) seen.xml = gunzipSync(Buffer.from(body.dpsXmlGZipB64, 'base64')).toString('utf8');
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}/SefinNacional`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

const provider = () => createNationalProvider({ baseUrl, privateKeyPem: client.privateKeyPem, certificatePem: client.certificatePem, ca: serverCert });

describe('national NFS-e provider (against a local fake of the Sefin Nacional)', () => {
  const signed = signDps(buildDps(dpsInput()), client);

  it('posts the signed DPS gzipped and base64d over mutual TLS, and maps the 201 answer', async () => {
    reply = fixture('emissao-autorizada.response.json');
    const result = await provider().emitir(signed);
    expect(seen).toMatchObject({ method: requestShape.method, url: requestShape.path, contentType: 'application/json', clientCn: 'EMPRESA TESTE:12345678000195' });
    expect(Object.keys(seen.rawBody as object)).toEqual(['dpsXmlGZipB64']);
    expect(seen.xml).toBe(signed);
    expect(result).toMatchObject({
      status: 'AUTORIZADA',
      chaveAcesso: '35503082212345678000195000000000001726031234567895',
      numeroNfse: '17',
      protocolo: 'DPS355030821234567800019500001000000000000042',
      dataHoraProcessamento: '2026-03-15T10:05:12.3456789-03:00',
    });
    expect(result.mensagem).toBeUndefined();
    expect(result.xmlNfse).toContain('<infNFSe Id="NFS35503082212345678000195000000000001726031234567895">');
  });

  it('maps a rejection: every error, code and complement, joined', async () => {
    reply = fixture('emissao-rejeitada.response.json');
    const result = await provider().emitir(signed);
    expect(result).toEqual({
      status: 'REJEITADA',
      dataHoraProcessamento: '2026-03-15T10:05:12.1234567-03:00',
      mensagem: 'E0714 - Arquivo enviado com erro na assinatura.; E1235 - Falha no esquema XML do DF-e. (The element infDPS has invalid child element nDPS.)',
    });
  });

  it('maps an unexpected answer to a rejection that says so', async () => {
    reply = { status: 502, body: 'Bad Gateway' };
    const result = await provider().emitir(signed);
    expect(result.status).toBe('REJEITADA');
    expect(result.mensagem).toMatch(/HTTP 502/);
  });

  it('without the client certificate the fake Sefin refuses the connection', async () => {
    const other = openPkcs12(makeTestPkcs12({ cnpj: '99999999000191', password: 'x' }), 'x');
    reply = fixture('emissao-autorizada.response.json');
    await expect(createNationalProvider({ baseUrl, privateKeyPem: other.privateKeyPem, certificatePem: other.certificatePem, ca: serverCert }).emitir(signed)).rejects.toThrow();
  });

  it('knows both national environments', () => {
    expect(SEFIN_URLS).toEqual({ homologacao: 'https://sefin.producaorestrita.nfse.gov.br/SefinNacional', producao: 'https://sefin.nfse.gov.br/SefinNacional' });
  });
});
