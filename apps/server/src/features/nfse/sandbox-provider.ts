import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { DOMParser } from '@xmldom/xmldom';
import { cnpjOfCertificate } from './certificate';
import { dataHoraBrasilia, escapeXml, NFSE_NS } from './dps';
import { verifyDps } from './dps-signature';
import { juntarMensagens, type NfseProvider, type NfseResultado } from './nfse-provider';

/**
 * The offline NFS-e provider, the default: it checks a signed DPS as the Sefin Nacional does at the door —
 * schema (E1235), signature (E0714), well-formedness (E1226), the national rejection codes — and authorizes
 * it with a sequential NFS-e number per prestador, a chave de acesso formed as the national one, and an NFSe
 * document wrapping the DPS. Nothing it issues has fiscal value: tpAmb of the DPS is echoed, and the NFSe's
 * Id and key are built from the same rules so downstream code (storage, DANFSe, lookups) is exercised for real.
 *
 * The numbering must hold across processes (two workers emitting at once), so it is not kept here: the caller
 * injects `nextNumber`, backed by a PostgreSQL sequence or counter row per CNPJ.
 *
 * XSD validation runs xmllint (libxml2) in a child process: no maintained pure-JS XSD 1.0 validator exists
 * (the npm ones wrap Java, an unmaintained native libxml binding, or a WASM build of this same libxml2), and
 * libxml2 is what the tests and the Debian image already carry.
 */
export const DPS_XSD = fileURLToPath(new URL('./schemas/DPS_v1.00.xsd', import.meta.url));

export type SandboxOptions = {
  /** the next NFS-e number of this CNPJ: 1, 2, 3… (the server backs it with PostgreSQL) */
  nextNumber: (cnpj: string) => Promise<number>;
  now?: () => Date;
  /** the key's 9-digit random code; fixed in tests */
  codigoNumerico?: () => string;
  xmllint?: string;
};

/** Schema errors of an XML document by xmllint, one line each; [] when it validates. */
export function validateXsd(xml: string, xsdPath: string = DPS_XSD, xmllint = 'xmllint'): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(xmllint, ['--noout', '--nonet', '--schema', xsdPath, '-'], { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) return resolve([]);
      const lines = stderr.split('\n').map((l) => l.trim()).filter((l) => l && !/ fails to validate$/.test(l) && !/ validates$/.test(l));
      // "-:1: element nDPS: Schemas validity error : Element '{ns}nDPS': [facet 'pattern'] …" → the part after the label
      resolve(lines.length ? lines.map((l) => l.replace(/^-:\d+: /, '').replace(/\{http:\/\/www\.sped\.fazenda\.gov\.br\/nfse\}/g, '')) : [`xmllint saiu com código ${code}`]);
    });
    child.stdin.on('error', () => { /* xmllint may exit before reading all of stdin; 'close' reports */ });
    child.stdin.end(xml);
  });
}

/** Mod-11 check digit with weights 2..9 from the right — the DF-e family's (NF-e, CT-e) rule. */
export function digitoMod11(base: string): string {
  let soma = 0;
  for (let i = base.length - 1, peso = 2; i >= 0; i--, peso = peso === 9 ? 2 : peso + 1) soma += Number(base[i]) * peso;
  const resto = soma % 11;
  return String(resto < 2 ? 0 : 11 - resto);
}

/**
 * The chave de acesso (TSChaveNFSe; TSIdNFSe is 'NFS' + it): cMun (7) + ambiente gerador (1: 1 prefeitura,
 * 2 Sefin Nacional) + tipo de inscrição federal (1 CPF, 2 CNPJ) + inscrição (14) + nNFSe (13) + AAMM of the
 * emission (4) + código numérico (9) + DV (1) = 50.
 */
export function chaveAcessoNfse(p: { codigoMunicipio: string; ambienteGerador: '1' | '2'; cnpj: string; numero: number; emissao: Date; codigoNumerico: string }): string {
  const aamm = dataHoraBrasilia(p.emissao).slice(2, 7).replace('-', '');
  const base = `${p.codigoMunicipio}${p.ambienteGerador}2${p.cnpj}${String(p.numero).padStart(13, '0')}${aamm}${p.codigoNumerico.padStart(9, '0')}`;
  if (!/^\d{49}$/.test(base)) throw new Error(`chave de acesso mal formada: ${base}`);
  return base + digitoMod11(base);
}

const rejeitada = (now: Date, erros: { codigo?: string; descricao: string; complemento?: string }[]): NfseResultado => ({
  status: 'REJEITADA', dataHoraProcessamento: dataHoraBrasilia(now), mensagem: juntarMensagens(erros),
});

function first(doc: Document, name: string): string {
  return doc.getElementsByTagNameNS(NFSE_NS, name)[0]?.textContent?.trim() ?? '';
}

export function createSandboxProvider(options: SandboxOptions): NfseProvider {
  const now = options.now ?? (() => new Date());
  const codigoNumerico = options.codigoNumerico ?? (() => String(crypto.randomInt(0, 1_000_000_000)).padStart(9, '0'));
  return {
    async emitir(signedDpsXml) {
      const at = now();
      let doc: Document;
      try {
        let parseError = '';
        doc = new DOMParser({ onError: (level, msg) => { if (level !== 'warning') parseError ||= msg; } }).parseFromString(signedDpsXml, 'text/xml') as unknown as Document;
        if (parseError || !doc.documentElement) throw new Error(parseError);
      } catch (err) {
        return rejeitada(at, [{ codigo: 'E1226', descricao: 'Estrutura descompactada mal formada.', complemento: err instanceof Error ? err.message.split('\n')[0] : undefined }]);
      }
      const schemaErrors = await validateXsd(signedDpsXml, DPS_XSD, options.xmllint);
      if (schemaErrors.length) return rejeitada(at, [{ codigo: 'E1235', descricao: 'Falha no esquema XML do DF-e.', complemento: schemaErrors.join(' | ') }]);
      if (!doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature').length) {
        return rejeitada(at, [{ codigo: 'E0714', descricao: 'Arquivo enviado com erro na assinatura.', complemento: 'DPS sem assinatura.' }]);
      }
      if (!verifyDps(signedDpsXml)) return rejeitada(at, [{ codigo: 'E0714', descricao: 'Arquivo enviado com erro na assinatura.' }]);

      const prest = doc.getElementsByTagNameNS(NFSE_NS, 'prest')[0];
      const cnpj = prest?.getElementsByTagNameNS(NFSE_NS, 'CNPJ')[0]?.textContent?.trim() ?? '';
      if (!/^\d{14}$/.test(cnpj)) return rejeitada(at, [{ descricao: 'Prestador sem CNPJ: o ambiente de testes só emite para CNPJ.' }]);
      // the national system's own rules beyond the schema that a sandbox can check: whoever signs is the provider,
      // and a service is worth something
      const signer = cnpjOfCertificate(doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'X509Certificate')[0]?.textContent ?? '');
      if (signer !== cnpj) {
        return rejeitada(at, [{ descricao: 'O CNPJ do certificado digital que assinou a DPS não é o CNPJ do prestador.', complemento: `Certificado: ${signer ?? 'sem CNPJ'}; prestador: ${cnpj}.` }]);
      }
      if (!(Number(first(doc, 'vServ')) > 0)) return rejeitada(at, [{ descricao: 'O valor do serviço prestado deve ser maior que zero.' }]);
      const numero = await options.nextNumber(cnpj);
      if (!Number.isSafeInteger(numero) || numero < 1 || String(numero).length > 13) throw new Error(`nextNumber devolveu um número inválido: ${numero}`);
      const cMun = first(doc, 'cLocEmi');
      const chaveAcesso = chaveAcessoNfse({ codigoMunicipio: cMun, ambienteGerador: '2', cnpj, numero, emissao: at, codigoNumerico: codigoNumerico() });
      const dataHoraProcessamento = dataHoraBrasilia(at);
      const protocolo = `SBX${chaveAcesso.slice(-15)}`;
      return {
        status: 'AUTORIZADA', chaveAcesso, numeroNfse: String(numero), protocolo, dataHoraProcessamento,
        xmlNfse: nfseXml({ doc, signedDpsXml, chaveAcesso, numero, dataHoraProcessamento }),
      };
    },
  };
}

/**
 * The NFSe as the national API returns it (TCNFSe): infNFSe with the values the Sefin computes, then the DPS as
 * received. Only the essentials the DANFSe and our storage read are filled; the real NFSe is also signed by the
 * Sefin, which a sandbox cannot do, so this one carries no Signature and does not claim to validate against
 * NFSe_v1.00.xsd.
 */
function nfseXml(p: { doc: Document; signedDpsXml: string; chaveAcesso: string; numero: number; dataHoraProcessamento: string }): string {
  const v = (name: string) => escapeXml(first(p.doc, name));
  const dps = p.signedDpsXml.replace(/^<\?xml[^>]*\?>/, '');
  return '<?xml version="1.0" encoding="UTF-8"?>'
    + `<NFSe xmlns="${NFSE_NS}" versao="1.00"><infNFSe Id="NFS${p.chaveAcesso}">`
    + `<xLocEmi>${v('cLocEmi')}</xLocEmi><xLocPrestacao>${v('cLocPrestacao')}</xLocPrestacao>`
    + `<nNFSe>${p.numero}</nNFSe><cLocIncid>${v('cLocPrestacao')}</cLocIncid>`
    + `<verAplic>Concilia-Sandbox</verAplic><ambGer>2</ambGer><tpEmis>1</tpEmis><procEmi>1</procEmi><cStat>100</cStat>`
    + `<dhProc>${p.dataHoraProcessamento}</dhProc><nDFSe>${p.numero}</nDFSe>`
    + `<emit><CNPJ>${v('CNPJ')}</CNPJ></emit>`
    + `<valores><vLiq>${v('vServ')}</vLiq></valores>`
    + `${dps}</infNFSe></NFSe>`;
}
