import { describe, expect, it } from 'vitest';
import { openPkcs12 } from '../src/features/nfse/certificate';
import { buildDps } from '../src/features/nfse/dps';
import { signDps } from '../src/features/nfse/dps-signature';
import { chaveAcessoNfse, createSandboxProvider, digitoMod11, validateXsd } from '../src/features/nfse/sandbox-provider';
import { dpsInput } from './fixtures/nfse/dps-input';
import { makeTestPkcs12 } from './support/test-certificate';

const cert = openPkcs12(makeTestPkcs12({ cnpj: '12345678000195', password: 'x' }), 'x');
const at = new Date('2026-03-15T13:05:12Z');

/** what the server does with a PostgreSQL sequence per CNPJ, here a map: the sandbox must not count itself */
function counter() {
  const seen = new Map<string, number>();
  const calls: string[] = [];
  return {
    calls,
    nextNumber: (cnpj: string) => {
      calls.push(cnpj);
      const n = (seen.get(cnpj) ?? 0) + 1;
      seen.set(cnpj, n);
      return Promise.resolve(n);
    },
  };
}

describe('sandbox NFS-e provider', () => {
  it('authorizes valid signed DPSs, numbering from the injected counter, with a 50-digit key', async () => {
    const c = counter();
    const provider = createSandboxProvider({ nextNumber: c.nextNumber, now: () => at, codigoNumerico: () => '123456789' });
    const first = await provider.emitir(signDps(buildDps(dpsInput({ numero: 1 })), cert));
    const second = await provider.emitir(signDps(buildDps(dpsInput({ numero: 2 })), cert));
    expect(first).toMatchObject({ status: 'AUTORIZADA', numeroNfse: '1', dataHoraProcessamento: '2026-03-15T10:05:12-03:00' });
    expect(second).toMatchObject({ status: 'AUTORIZADA', numeroNfse: '2' });
    expect(c.calls).toEqual(['12345678000195', '12345678000195']);
    // cMun + ambiente gerador 2 + tipo 2 (CNPJ) + CNPJ + nNFSe(13) + AAMM + código(9) + DV
    expect(first.chaveAcesso).toBe(`3550308221234567800019500000000000012603123456789${digitoMod11('355030822123456780001950000000000001260312345678'.concat('9'))}`);
    expect(second.chaveAcesso).toMatch(/^\d{50}$/);
    expect(second.chaveAcesso!.slice(23, 36)).toBe('0000000000002');
    expect(first.protocolo).toBeTruthy();
    expect(first.xmlNfse).toContain(`<infNFSe Id="NFS${first.chaveAcesso}">`);
    expect(first.xmlNfse).toContain('<nNFSe>1</nNFSe>');
    expect(first.xmlNfse).toContain('<infDPS Id="DPS355030821234567800019500001000000000000001">');
  });

  it('rejects, numbering nothing, a DPS signed by another CNPJ than the provider and a service worth nothing', async () => {
    const c = counter();
    const provider = createSandboxProvider({ nextNumber: c.nextNumber, now: () => at });
    const stranger = openPkcs12(makeTestPkcs12({ cnpj: '11222333000181', password: 'x' }), 'x');
    const other = await provider.emitir(signDps(buildDps(dpsInput()), stranger));
    expect(other.status).toBe('REJEITADA');
    expect(other.mensagem).toContain('O CNPJ do certificado digital que assinou a DPS não é o CNPJ do prestador.');
    expect(other.mensagem).toContain('Certificado: 11222333000181; prestador: 12345678000195.');
    const zero = await provider.emitir(signDps(buildDps(dpsInput({ valores: { servico: 0 } })), cert));
    expect(zero).toMatchObject({ status: 'REJEITADA', mensagem: 'O valor do serviço prestado deve ser maior que zero.' });
    expect(c.calls).toEqual([]);
  });

  it('rejects an unsigned DPS, a tampered one, a schema-invalid one and garbage, with the national codes', async () => {
    const c = counter();
    const provider = createSandboxProvider({ nextNumber: c.nextNumber, now: () => at });
    const signed = signDps(buildDps(dpsInput()), cert);

    const unsigned = await provider.emitir(buildDps(dpsInput()));
    expect(unsigned.status).toBe('REJEITADA');
    expect(unsigned.mensagem).toMatch(/^E0714 - Arquivo enviado com erro na assinatura\./);

    const tampered = await provider.emitir(signed.replace('<vServ>1234.56</vServ>', '<vServ>1.00</vServ>'));
    expect(tampered).toMatchObject({ status: 'REJEITADA', mensagem: 'E0714 - Arquivo enviado com erro na assinatura.' });

    const invalid = await provider.emitir(signDps(buildDps(dpsInput()).replace('<cTribNac>010701</cTribNac>', '<cTribNac>1.07</cTribNac>'), cert));
    expect(invalid.status).toBe('REJEITADA');
    expect(invalid.mensagem).toMatch(/^E1235 - Falha no esquema XML do DF-e\. \(.*cTribNac/);
    expect(invalid.mensagem!.length).toBeLessThanOrEqual(500);

    const garbage = await provider.emitir('<DPS><infDPS>');
    expect(garbage).toMatchObject({ status: 'REJEITADA' });
    expect(garbage.mensagem).toMatch(/^E1226 - Estrutura descompactada mal formada\./);

    // nothing rejected took a number
    expect(c.calls).toEqual([]);
  });

  it('keeps a long list of schema errors within 500 characters', async () => {
    const many = signDps(buildDps(dpsInput()), cert).replace(/<cMun>3304557<\/cMun>/, '<cMun>x</cMun>').replace('<CEP>20040020</CEP>', '<CEP>1</CEP>').replace('<cLocPrestacao>3550308</cLocPrestacao>', '<cLocPrestacao>1</cLocPrestacao>');
    const errors = await validateXsd(many);
    expect(errors.length).toBeGreaterThan(1);
    const result = await createSandboxProvider({ nextNumber: () => Promise.resolve(1) }).emitir(many);
    expect(result.status).toBe('REJEITADA');
    expect(result.mensagem!.length).toBeLessThanOrEqual(500);
  });

  it('builds the key from its parts', () => {
    const key = chaveAcessoNfse({ codigoMunicipio: '3550308', ambienteGerador: '2', cnpj: '12345678000195', numero: 17, emissao: new Date('2026-03-01T02:00:00Z'), codigoNumerico: '123456789' });
    // 02:00Z on 1 March is still February in Brasília
    expect(key).toBe('35503082212345678000195000000000001726021234567891'.slice(0, 49) + digitoMod11('3550308221234567800019500000000000172602123456789'));
    expect(key).toHaveLength(50);
  });
});
