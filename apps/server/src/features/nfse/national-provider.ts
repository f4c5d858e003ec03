import https from 'node:https';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Ambiente } from './dps';
import { juntarMensagens, type NfseProvider, type NfseResultado } from './nfse-provider';

/**
 * The client of the Sefin Nacional API (API NFS-e Nacional, "SefinNacional"): POST /nfse with the signed DPS
 * gzipped and base64'd in `dpsXmlGZipB64`, over mutual TLS with the prestador's A1 certificate. Its answers:
 *  - 201: { tipoAmbiente, versaoAplicativo, dataHoraProcessamento, idDps, chaveAcesso, nfseXmlGZipB64, alertas? }
 *  - 400 and others: { tipoAmbiente, versaoAplicativo, dataHoraProcessamento, idDPS?, erros: [{ Codigo, Descricao, Complemento? }] }
 * The production service spells the error fields in PascalCase while the Swagger shows camelCase; both are read.
 */
export const SEFIN_URLS: Record<Ambiente, string> = {
  homologacao: 'https://sefin.producaorestrita.nfse.gov.br/SefinNacional',
  producao: 'https://sefin.nfse.gov.br/SefinNacional',
};

export type NationalOptions = {
  ambiente?: Ambiente;
  /** overrides the ambiente's URL (tests) */
  baseUrl?: string;
  privateKeyPem: string;
  certificatePem: string;
  /** extra CAs to trust (tests: the fake server's certificate) */
  ca?: string | string[];
  timeoutMs?: number;
};

type Mensagem = { codigo?: string; descricao?: string; complemento?: string };
type Resposta = {
  dataHoraProcessamento?: string;
  chaveAcesso?: string;
  idDps?: string;
  nfseXmlGZipB64?: string;
  erros?: unknown;
  erro?: unknown;
  alertas?: unknown;
};

/** An error or alert entry in either spelling. */
function mensagem(e: unknown): Mensagem {
  const o = (e ?? {}) as Record<string, unknown>;
  const pick = (k: string) => {
    const v = o[k] ?? o[k[0]!.toUpperCase() + k.slice(1)];
    return typeof v === 'string' && v.trim() ? v.trim() : undefined;
  };
  return { codigo: pick('codigo'), descricao: pick('descricao'), complemento: pick('complemento') };
}

const lista = (v: unknown): Mensagem[] => (Array.isArray(v) ? v.map(mensagem) : v && typeof v === 'object' ? [mensagem(v)] : []);

/** The NFS-e number inside the returned NFSe XML (infNFSe/nNFSe). */
function numeroNfse(xml: string): string | undefined {
  return /<(?:\w+:)?nNFSe>(\d+)<\/(?:\w+:)?nNFSe>/.exec(xml)?.[1];
}

export function parseEmissaoResponse(status: number, body: string): NfseResultado {
  let json: Resposta;
  try {
    json = JSON.parse(body) as Resposta;
  } catch {
    return { status: 'REJEITADA', mensagem: juntarMensagens([{ descricao: `Resposta inesperada da Sefin Nacional (HTTP ${status}).`, complemento: body.slice(0, 200) }]) };
  }
  const erros = [...lista(json.erros), ...lista(json.erro)];
  if (status >= 200 && status < 300 && json.chaveAcesso && erros.length === 0) {
    const xmlNfse = json.nfseXmlGZipB64 ? gunzipSync(Buffer.from(json.nfseXmlGZipB64, 'base64')).toString('utf8') : undefined;
    const alertas = lista(json.alertas);
    return {
      status: 'AUTORIZADA',
      chaveAcesso: json.chaveAcesso,
      numeroNfse: xmlNfse ? numeroNfse(xmlNfse) : undefined,
      // the national API has no separate protocol: the DPS id it answers with is the receipt
      protocolo: json.idDps,
      dataHoraProcessamento: json.dataHoraProcessamento,
      mensagem: alertas.length ? juntarMensagens(alertas) : undefined,
      xmlNfse,
    };
  }
  return {
    status: 'REJEITADA',
    dataHoraProcessamento: json.dataHoraProcessamento,
    mensagem: juntarMensagens(erros.length ? erros : [{ descricao: `Sefin Nacional recusou a DPS (HTTP ${status}).` }]),
  };
}

export function createNationalProvider(options: NationalOptions): NfseProvider {
  const base = new URL((options.baseUrl ?? SEFIN_URLS[options.ambiente ?? 'homologacao']).replace(/\/?$/, '/'));
  const agent = new https.Agent({ key: options.privateKeyPem, cert: options.certificatePem, ca: options.ca, keepAlive: true });

  function request(method: 'GET' | 'POST', path: string, body?: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const req = https.request(new URL(path, base), {
        method, agent, timeout: options.timeoutMs ?? 60_000,
        headers: { accept: 'application/json', ...(body ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}) },
      }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error('Sefin Nacional não respondeu a tempo.')));
      req.on('error', reject);
      req.end(body);
    });
  }

  return {
    async emitir(signedDpsXml) {
      const dpsXmlGZipB64 = gzipSync(Buffer.from(signedDpsXml, 'utf8')).toString('base64');
      // transport failures throw: the DPS may or may not have reached the Sefin, so the caller must consult
      // before re-sending (a second DPS with the same Id is rejected as a duplicate, not issued twice)
      const res = await request('POST', 'nfse', JSON.stringify({ dpsXmlGZipB64 }));
      return parseEmissaoResponse(res.status, res.body);
    },
    async consultar(chaveAcesso) {
      if (!/^\d{50}$/.test(chaveAcesso)) throw new Error('A chave de acesso consultada deve conter 50 números.');
      const res = await request('GET', `nfse/${chaveAcesso}`);
      return parseEmissaoResponse(res.status, res.body);
    },
  };
}
