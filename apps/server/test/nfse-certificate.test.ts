import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CertificateError, openPkcs12 } from '../src/features/nfse/certificate';
import { makeTestPkcs12 } from './support/test-certificate';

const CNPJ = '12345678000195';

function failure(fn: () => unknown): CertificateError {
  try {
    fn();
  } catch (err) {
    if (err instanceof CertificateError) return err;
    throw err;
  }
  throw new Error('expected a CertificateError');
}

describe('openPkcs12', () => {
  const p12 = makeTestPkcs12({ cnpj: CNPJ, password: 's3nh@' });

  it('opens with the right password: a key and certificate that belong together, the CNPJ, the validity', () => {
    const opened = openPkcs12(p12, 's3nh@');
    expect(opened.cnpj).toBe(CNPJ);
    expect(opened.subject).toBe(`EMPRESA TESTE:${CNPJ}`);
    expect(opened.notAfter.getTime()).toBeGreaterThan(Date.now());
    expect(opened.notBefore.getTime()).toBeLessThan(Date.now());
    const signature = crypto.sign('sha256', Buffer.from('dados'), opened.privateKeyPem);
    expect(crypto.verify('sha256', Buffer.from('dados'), new crypto.X509Certificate(opened.certificatePem).publicKey, signature)).toBe(true);
    expect(opened.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
  });

  it('reads the CNPJ from the ICP-Brasil otherName ahead of the CN', () => {
    const other = makeTestPkcs12({ cnpj: '11222333000181', password: 'x', commonName: 'FULANO DE TAL:99999999999999' });
    expect(openPkcs12(other, 'x').cnpj).toBe('11222333000181');
  });

  it('falls back to the CN "NAME:CNPJ" without the otherName', () => {
    const other = makeTestPkcs12({ cnpj: '11222333000181', password: 'x', withoutOtherName: true });
    expect(openPkcs12(other, 'x').cnpj).toBe('11222333000181');
  });

  it('tells a wrong password', () => {
    const err = failure(() => openPkcs12(p12, 'errada'));
    expect(err.code).toBe('SENHA_INVALIDA');
    expect(err.message).toBe('Senha do certificado inválida.');
  });

  it('tells an expired certificate, with its last day', () => {
    const expired = makeTestPkcs12({ cnpj: CNPJ, password: 'x', notBefore: new Date('2023-01-10T12:00:00Z'), notAfter: new Date('2024-01-10T12:00:00Z') });
    const err = failure(() => openPkcs12(expired, 'x'));
    expect(err.code).toBe('CERTIFICADO_EXPIRADO');
    expect(err.message).toMatch(/^Certificado expirado em 10\/01\/2024\./);
    // the same file was good on a day inside its validity
    expect(openPkcs12(expired, 'x', new Date('2023-06-01T00:00:00Z')).cnpj).toBe(CNPJ);
  });

  it('tells garbage and other files from a certificate', () => {
    for (const bytes of [crypto.randomBytes(2000), Buffer.from('não é um certificado'), Buffer.alloc(0)]) {
      const err = failure(() => openPkcs12(bytes, 'x'));
      expect(err.code).toBe('CERTIFICADO_INVALIDO');
      expect(err.message).toBe('Arquivo não é um certificado A1 (PKCS#12) válido.');
    }
  });

  it('tells a file without the private key', () => {
    const keyless = makeTestPkcs12({ cnpj: CNPJ, password: 'x', withoutKey: true });
    expect(failure(() => openPkcs12(keyless, 'x')).code).toBe('SEM_CHAVE');
  });
});
