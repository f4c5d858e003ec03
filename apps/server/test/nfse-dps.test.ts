import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openPkcs12 } from '../src/features/nfse/certificate';
import { buildDps, centavosToDecimal, DpsInputError, percentToDecimal } from '../src/features/nfse/dps';
import { signDps, verifyDps } from '../src/features/nfse/dps-signature';
import { DPS_XSD } from '../src/features/nfse/sandbox-provider';
import { dpsInput } from './fixtures/nfse/dps-input';
import { makeTestPkcs12 } from './support/test-certificate';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nfse-dps-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));


async function xmllint(xml: string): Promise<{ ok: boolean; stderr: string }> {
  const file = path.join(dir, `dps-${Math.random().toString(36).slice(2)}.xml`);
  fs.writeFileSync(file, xml);
  try {
    await run('xmllint', ['--noout', '--nonet', '--schema', DPS_XSD, file]);
    return { ok: true, stderr: '' };
  } catch (err) {
    return { ok: false, stderr: String((err as { stderr?: string }).stderr) };
  }
}

async function xmlsec(xml: string, certificatePem: string): Promise<boolean> {
  const file = path.join(dir, `signed-${Math.random().toString(36).slice(2)}.xml`);
  const cert = path.join(dir, 'cert.pem');
  fs.writeFileSync(file, xml);
  fs.writeFileSync(cert, certificatePem);
  try {
    // the self-signed test certificate is its own trust anchor; the key checked is the one in cert.pem
    await run('xmlsec1', ['--verify', '--id-attr:Id', 'infDPS', '--pubkey-cert-pem', cert, '--trusted-pem', cert, file]);
    return true;
  } catch {
    return false;
  }
}

describe('buildDps', () => {
  it('builds a DPS that validates against the vendored DPS_v1.00.xsd', async () => {
    const xml = buildDps(dpsInput());
    expect(await xmllint(xml)).toEqual({ ok: true, stderr: '' });
    expect(xml).toContain('<DPS xmlns="http://www.sped.fazenda.gov.br/nfse" versao="1.00"><infDPS Id="DPS355030821234567800019500001000000000000042">');
    expect(xml).toContain('<tpAmb>2</tpAmb><dhEmi>2026-03-15T10:05:09-03:00</dhEmi>');
    expect(xml).toContain('<vServ>1234.56</vServ>');
    expect(xml).toContain('<pAliq>2.50</pAliq>');
    expect(xml).toContain('<xNome>Padaria &amp; Confeitaria &quot;Pão &lt;Quente&gt;&quot; Ltda</xNome>');
    expect(xml).toContain('<CEP>20040020</CEP>');
    expect(xml).toContain('<cTribNac>010701</cTribNac>');
  });

  it('validates with a CPF tomador, no optional fields, production, and each total-of-taxes form', async () => {
    for (const totalTributos of [undefined, { tipo: 'percentual', federal: '13.45', estadual: 0, municipal: 2 }, { tipo: 'valor', federal: 16605, estadual: 0, municipal: 3086 }] as const) {
      const xml = buildDps(dpsInput({
        ambiente: 'producao', numero: 999999999999999n, serie: '12345',
        prestador: { cnpj: '12345678000195', codigoMunicipio: '3550308', simplesNacional: 'nao-optante' },
        tomador: { cpf: '123.456.789-09', nome: 'Fulano de Tal' },
        servico: { codigoMunicipioPrestacao: '3550308', codigoTributacaoNacional: '170101', descricao: 'Consultoria' },
        valores: { servico: 1, totalTributos },
      }));
      const result = await xmllint(xml);
      expect(result.stderr).toBe('');
      expect(xml).toContain('<tpAmb>1</tpAmb>');
      expect(xml).toContain('Id="DPS355030821234567800019512345999999999999999"');
      expect(xml).toContain('<vServ>0.01</vServ>');
    }
  });

  it('the vendored schema does reject a broken DPS (the check above can fail)', async () => {
    const broken = buildDps(dpsInput()).replace('<nDPS>42</nDPS>', '<nDPS>042</nDPS>');
    const result = await xmllint(broken);
    expect(result.ok).toBe(false);
    expect(result.stderr).toMatch(/nDPS/);
  });

  it('formats money and percents without floating point', () => {
    expect(centavosToDecimal('v', 0)).toBe('0.00');
    expect(centavosToDecimal('v', 5)).toBe('0.05');
    expect(centavosToDecimal('v', 100)).toBe('1.00');
    expect(centavosToDecimal('v', 900719925474099)).toBe('9007199254740.99');
    expect(centavosToDecimal('v', 123456789012345n)).toBe('1234567890123.45');
    expect(() => centavosToDecimal('v', 1234567890123456789n)).toThrow(DpsInputError);
    expect(() => centavosToDecimal('v', 10.5)).toThrow(DpsInputError);
    expect(() => centavosToDecimal('v', -1)).toThrow(DpsInputError);
    expect(percentToDecimal('p', 2, 1)).toBe('2.00');
    expect(percentToDecimal('p', '2,5', 1)).toBe('2.50');
    expect(percentToDecimal('p', '4.99', 1)).toBe('4.99');
    expect(() => percentToDecimal('p', '2.555', 1)).toThrow(/2 casas/);
    expect(() => percentToDecimal('p', '12', 1)).toThrow(DpsInputError);
  });

  it('refuses input the layout cannot carry, naming the field', () => {
    expect(() => buildDps(dpsInput({ numero: 0 }))).toThrow(/numero/);
    expect(() => buildDps(dpsInput({ competencia: '2026-3-1' }))).toThrow(/competencia/);
    expect(() => buildDps(dpsInput({ prestador: { ...dpsInput().prestador, cnpj: '123' } }))).toThrow(/prestador\.cnpj/);
    expect(() => buildDps(dpsInput({ servico: { ...dpsInput().servico, descricao: 'Serviço 🚀' } }))).toThrow(/servico\.descricao/);
    expect(() => buildDps(dpsInput({ servico: { ...dpsInput().servico, descricao: '   ' } }))).toThrow(/obrigatório/);
  });
});

describe('signDps / verifyDps', () => {
  const cert = openPkcs12(makeTestPkcs12({ cnpj: '12345678000195', password: 'x' }), 'x');
  const other = openPkcs12(makeTestPkcs12({ cnpj: '12345678000195', password: 'x' }), 'x');

  it('signs infDPS so xmlsec1 verifies it, and the signed DPS still validates against the XSD', async () => {
    for (const alg of ['sha1', 'sha256'] as const) {
      const signed = signDps(buildDps(dpsInput()), cert, alg);
      expect(signed).toMatch(/<\/infDPS><Signature xmlns="http:\/\/www.w3.org\/2000\/09\/xmldsig#">/);
      expect(signed).toContain('<Reference URI="#DPS355030821234567800019500001000000000000042">');
      expect(signed).toContain('<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>');
      expect(signed).toContain('<X509Certificate>');
      expect(await xmllint(signed)).toEqual({ ok: true, stderr: '' });
      expect(await xmlsec(signed, cert.certificatePem)).toBe(true);
      expect(verifyDps(signed)).toBe(true);
      expect(verifyDps(signed, cert.certificatePem)).toBe(true);
    }
  });

  it('a tampered value, another key or no signature fails verification', async () => {
    const signed = signDps(buildDps(dpsInput()), cert);
    const tampered = signed.replace('<vServ>1234.56</vServ>', '<vServ>1.00</vServ>');
    expect(tampered).not.toBe(signed);
    expect(await xmlsec(tampered, cert.certificatePem)).toBe(false);
    expect(verifyDps(tampered)).toBe(false);
    expect(await xmlsec(signed, other.certificatePem)).toBe(false);
    expect(verifyDps(signed, other.certificatePem)).toBe(false);
    expect(verifyDps(buildDps(dpsInput()))).toBe(false);
    expect(verifyDps('not xml')).toBe(false);
  });
});
