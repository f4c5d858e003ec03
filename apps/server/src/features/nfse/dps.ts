/**
 * The DPS (Declaração de Prestação de Serviço) of the national NFS-e, leiaute 1.00 (schemas/DPS_v1.00.xsd):
 * what the prestador sends and the Sefin Nacional turns into an NFS-e. Built by string assembly, in the
 * schema's element order, with no whitespace between elements (the signature's digest covers the bytes as they
 * are, and the national API is strict about mixed content). Money comes in as integer centavos and percents as
 * the user typed them; both become the XSD's decimal strings here, at the XML edge, without floating point.
 */
export const NFSE_NS = 'http://www.sped.fazenda.gov.br/nfse';
export const DPS_VERSAO = '1.00';

export type Ambiente = 'producao' | 'homologacao';

/** 'nao-optante' = 1, 'mei' = 2, 'me-epp' = 3 (TSOpSimpNac) */
export type OpcaoSimplesNacional = 'nao-optante' | 'mei' | 'me-epp';
/** 0 nenhum, 1 ato cooperado, 2 estimativa, 3 microempresa municipal, 4 notário, 5 autônomo, 6 sociedade de profissionais */
export type RegimeEspecialTributacao = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export type DpsEndereco = {
  /** IBGE, 7 digits */
  codigoMunicipio: string;
  cep: string;
  logradouro: string;
  numero: string;
  complemento?: string;
  bairro: string;
};

export type DpsPrestador = {
  cnpj: string;
  inscricaoMunicipal?: string;
  /** IBGE code of the prestador's município: cLocEmi and the DPS Id */
  codigoMunicipio: string;
  simplesNacional: OpcaoSimplesNacional;
  /** only for 'me-epp' past a sublimit (TSRegimeApuracaoSimpNac) */
  regimeApuracaoSimplesNacional?: 1 | 2 | 3;
  regimeEspecial?: RegimeEspecialTributacao;
  fone?: string;
  email?: string;
};

export type DpsTomador = ({ cnpj: string; cpf?: undefined } | { cpf: string; cnpj?: undefined }) & {
  nome: string;
  inscricaoMunicipal?: string;
  endereco?: DpsEndereco;
  fone?: string;
  email?: string;
};

export type DpsServico = {
  /** IBGE code of where the service was provided */
  codigoMunicipioPrestacao: string;
  /** cTribNac: item (2) + subitem (2) of LC 116/2003 + desdobro nacional (2), e.g. '010701'; see cTribNacDoSubitem */
  codigoTributacaoNacional: string;
  /** cTribMun, 3 digits, when the município has its own breakdown */
  codigoTributacaoMunicipal?: string;
  descricao: string;
  /** NBS, 9 digits */
  codigoNbs?: string;
};

/** Where the approximate total of taxes (Lei 12.741/2012) comes from: a choice in the layout. */
export type DpsTotalTributos =
  | { tipo: 'nao-informado' }
  | { tipo: 'percentual'; federal: Percentual; estadual: Percentual; municipal: Percentual }
  | { tipo: 'valor'; federal: number; estadual: number; municipal: number }
  | { tipo: 'simples-nacional'; percentual: Percentual };

/** a percent as typed: 2, '2', '2.5', '2,50' */
export type Percentual = number | string;

export type DpsValores = {
  /** vServ, in centavos */
  servico: number;
  tributacaoIssqn?: 'tributavel' | 'imunidade' | 'exportacao' | 'nao-incidencia';
  retencaoIssqn?: 'nao-retido' | 'retido-tomador' | 'retido-intermediario';
  /** pAliq: the ISSQN rate in percent (0 to 9.99) — left out when the município's parameters fix it */
  aliquotaIssqn?: Percentual;
  totalTributos?: DpsTotalTributos;
};

export type DpsInput = {
  prestador: DpsPrestador;
  tomador?: DpsTomador;
  servico: DpsServico;
  valores: DpsValores;
  /** nDPS, 1 to 15 digits, sequential per série */
  numero: number | bigint | string;
  /** série, 1 to 5 digits */
  serie: string;
  /** the month of the service, as a day: 'YYYY-MM-DD' */
  competencia: string;
  emissao: Date;
  ambiente?: Ambiente;
  /** verAplic */
  versaoAplicativo?: string;
};

/** A DPS that cannot be built from this input; the message names the field. */
export class DpsInputError extends Error {
  override readonly name = 'DpsInputError';
}

const OP_SIMP_NAC: Record<OpcaoSimplesNacional, string> = { 'nao-optante': '1', mei: '2', 'me-epp': '3' };
const TRIB_ISSQN = { tributavel: '1', imunidade: '2', exportacao: '3', 'nao-incidencia': '4' } as const;
const RET_ISSQN = { 'nao-retido': '1', 'retido-tomador': '2', 'retido-intermediario': '3' } as const;

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

function digits(field: string, value: string | undefined, sizes: { exactly?: number; min?: number; max?: number }): string {
  const v = (value ?? '').replace(/[.\-/\s()]/g, '');
  const ok = /^\d+$/.test(v) && (sizes.exactly === undefined || v.length === sizes.exactly)
    && v.length >= (sizes.min ?? 1) && v.length <= (sizes.max ?? Infinity);
  if (!ok) {
    const size = sizes.exactly !== undefined ? `${sizes.exactly}` : `${sizes.min ?? 1} a ${sizes.max}`;
    throw new DpsInputError(`${field}: informe ${size} dígitos (recebido '${value ?? ''}').`);
  }
  return v;
}

// the layout's TSString is Latin-1 without leading or trailing blanks ([!-ÿ][ -ÿ]*[!-ÿ]): typographic marks
// pasted from a word processor are mapped to their ASCII look-alikes, anything else outside Latin-1 is refused
const LOOKALIKES: Record<string, string> = { '‘': "'", '’': "'", '‚': "'", '“': '"', '”': '"', '„': '"', '–': '-', '—': '-', '‐': '-', '…': '...', '•': '-', '€': 'EUR' };

function text(field: string, value: string | undefined, max: number, opts: { multiline?: boolean } = {}): string {
  let v = (value ?? '').normalize('NFC').replace(/[‘’‚“”„–—‐…•€]/g, (c) => LOOKALIKES[c]!);
  v = opts.multiline
    ? v.replace(/\r\n?/g, '\n').replace(/[\t\u00a0 ]+/g, ' ').replace(/ *\n */g, '\n').trim()
    : v.replace(/\s+/g, ' ').trim();
  if (!v) throw new DpsInputError(`${field}: campo obrigatório.`);
  const bad = [...v].find((c) => (c.codePointAt(0)! > 0xff || c.codePointAt(0)! < 0x20) && c !== '\n');
  if (bad) throw new DpsInputError(`${field}: caractere não aceito pela NFS-e ('${bad}').`);
  if (v.length > max) throw new DpsInputError(`${field}: no máximo ${max} caracteres (tem ${v.length}).`);
  return v;
}

/** Integer centavos → '1234.56' (TSDec15V2), by string slicing so no float ever touches the amount. */
export function centavosToDecimal(field: string, centavos: number | bigint): string {
  if (typeof centavos === 'number' && !Number.isSafeInteger(centavos)) throw new DpsInputError(`${field}: valor em centavos deve ser inteiro.`);
  const s = String(centavos);
  if (!/^\d+$/.test(s)) throw new DpsInputError(`${field}: valor não pode ser negativo.`);
  const padded = s.padStart(3, '0');
  const inteiro = padded.slice(0, -2).replace(/^0+(?=\d)/, '');
  if (inteiro.length > 15) throw new DpsInputError(`${field}: valor acima do máximo do leiaute.`);
  return `${inteiro}.${padded.slice(-2)}`;
}

/** A percent as typed → 'N.NN' with at most `maxIntDigits` before the point (TSDec1V2, TSDec2V2, TSDec3V2). */
export function percentToDecimal(field: string, value: Percentual, maxIntDigits: number): string {
  const s = String(value).trim().replace(',', '.');
  const m = /^(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) throw new DpsInputError(`${field}: percentual inválido ('${String(value)}').`);
  const inteiro = m[1]!.replace(/^0+(?=\d)/, '');
  const frac = (m[2] ?? '').padEnd(2, '0');
  if (/[1-9]/.test(frac.slice(2))) throw new DpsInputError(`${field}: no máximo 2 casas decimais ('${String(value)}').`);
  if (inteiro.length > maxIntDigits) throw new DpsInputError(`${field}: percentual acima do máximo do leiaute ('${String(value)}').`);
  return `${inteiro}.${frac.slice(0, 2)}`;
}

/** cTribNac of an LC 116/2003 subitem, e.g. ('1.07') → '010701'; the desdobro nacional is '01' unless told. */
export function cTribNacDoSubitem(subitem: string, desdobro = '01'): string {
  const m = /^(\d{1,2})\.(\d{1,2})$/.exec(subitem.trim());
  if (!m || !/^\d{2}$/.test(desdobro)) throw new DpsInputError(`Subitem da LC 116 inválido: '${subitem}'.`);
  return m[1]!.padStart(2, '0') + m[2]!.padStart(2, '0') + desdobro;
}

/** dhEmi: local time of Brasília with its offset (TSDateTimeUTC takes no 'Z' and no fraction). */
export function dataHoraBrasilia(d: Date): string {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZoneName: 'longOffset',
  }).formatToParts(d).map((p) => [p.type, p.value]));
  const offset = parts.timeZoneName === 'GMT' ? '+00:00' : String(parts.timeZoneName).replace('GMT', '');
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}

/**
 * The DPS Id: 'DPS' + cMun (7) + tipo de inscrição federal (1 = CPF, 2 = CNPJ) + inscrição (14, a CPF padded
 * with zeros on the left) + série (5) + nDPS (15) — TSIdDPS.
 */
export function dpsId(codigoMunicipio: string, documento: { cnpj: string } | { cpf: string }, serie: string, numero: string): string {
  const [tipo, inscricao] = 'cnpj' in documento ? ['2', documento.cnpj] : ['1', documento.cpf.padStart(14, '0')];
  return `DPS${codigoMunicipio}${tipo}${inscricao}${serie.padStart(5, '0')}${numero.padStart(15, '0')}`;
}

const el = (name: string, content: string) => `<${name}>${content}</${name}>`;

function endereco(field: string, e: DpsEndereco): string {
  return el('end',
    el('endNac', el('cMun', digits(`${field}.codigoMunicipio`, e.codigoMunicipio, { exactly: 7 })) + el('CEP', digits(`${field}.cep`, e.cep, { exactly: 8 })))
    + el('xLgr', escapeXml(text(`${field}.logradouro`, e.logradouro, 255)))
    + el('nro', escapeXml(text(`${field}.numero`, e.numero, 60)))
    + (e.complemento?.trim() ? el('xCpl', escapeXml(text(`${field}.complemento`, e.complemento, 156))) : '')
    + el('xBairro', escapeXml(text(`${field}.bairro`, e.bairro, 60))));
}

const fone = (field: string, v: string | undefined) => (v?.trim() ? el('fone', digits(field, v, { min: 6, max: 20 })) : '');
const email = (field: string, v: string | undefined) => (v?.trim() ? el('email', escapeXml(text(field, v, 80))) : '');
const im = (field: string, v: string | undefined) => (v?.trim() ? el('IM', escapeXml(text(field, v, 15))) : '');

function totalTributos(t: DpsTotalTributos): string {
  switch (t.tipo) {
    case 'nao-informado': return el('indTotTrib', '0');
    case 'percentual': return el('pTotTrib',
      el('pTotTribFed', percentToDecimal('totalTributos.federal', t.federal, 3))
      + el('pTotTribEst', percentToDecimal('totalTributos.estadual', t.estadual, 3))
      + el('pTotTribMun', percentToDecimal('totalTributos.municipal', t.municipal, 3)));
    case 'valor': return el('vTotTrib',
      el('vTotTribFed', centavosToDecimal('totalTributos.federal', t.federal))
      + el('vTotTribEst', centavosToDecimal('totalTributos.estadual', t.estadual))
      + el('vTotTribMun', centavosToDecimal('totalTributos.municipal', t.municipal)));
    case 'simples-nacional': return el('pTotTribSN', percentToDecimal('totalTributos.percentual', t.percentual, 2));
  }
}

/** The DPS XML, unsigned, as DPS_v1.00.xsd requires. Throws DpsInputError on input the layout cannot carry. */
export function buildDps(input: DpsInput): string {
  const { prestador: p, tomador: t, servico: s, valores: v } = input;
  const cnpj = digits('prestador.cnpj', p.cnpj, { exactly: 14 });
  const cMun = digits('prestador.codigoMunicipio', p.codigoMunicipio, { exactly: 7 });
  const serie = digits('serie', input.serie, { min: 1, max: 5 });
  const numero = String(input.numero).trim();
  if (!/^[1-9]\d{0,14}$/.test(numero)) throw new DpsInputError(`numero: de 1 a 15 dígitos, sem zeros à esquerda (recebido '${numero}').`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.competencia) || Number.isNaN(Date.parse(`${input.competencia}T00:00:00Z`))) {
    throw new DpsInputError(`competencia: data no formato AAAA-MM-DD (recebido '${input.competencia}').`);
  }
  if (Number.isNaN(input.emissao.getTime())) throw new DpsInputError('emissao: data inválida.');
  if (p.regimeApuracaoSimplesNacional !== undefined && p.simplesNacional !== 'me-epp') {
    throw new DpsInputError('prestador.regimeApuracaoSimplesNacional: só para optante ME/EPP do Simples Nacional.');
  }

  // with the prestador as emitente the national system takes its name and address from the CNC: the layout
  // rejects them in the DPS, so they are not even accepted in DpsPrestador
  const prest = el('prest',
    el('CNPJ', cnpj)
    + im('prestador.inscricaoMunicipal', p.inscricaoMunicipal)
    + fone('prestador.fone', p.fone)
    + email('prestador.email', p.email)
    + el('regTrib',
      el('opSimpNac', OP_SIMP_NAC[p.simplesNacional])
      + (p.regimeApuracaoSimplesNacional !== undefined ? el('regApTribSN', String(p.regimeApuracaoSimplesNacional)) : '')
      + el('regEspTrib', String(p.regimeEspecial ?? 0))));

  let toma = '';
  if (t) {
    const doc = t.cnpj !== undefined ? el('CNPJ', digits('tomador.cnpj', t.cnpj, { exactly: 14 })) : el('CPF', digits('tomador.cpf', t.cpf, { exactly: 11 }));
    toma = el('toma',
      doc
      + im('tomador.inscricaoMunicipal', t.inscricaoMunicipal)
      + el('xNome', escapeXml(text('tomador.nome', t.nome, 300)))
      + (t.endereco ? endereco('tomador.endereco', t.endereco) : '')
      + fone('tomador.fone', t.fone)
      + email('tomador.email', t.email));
  }

  const serv = el('serv',
    el('locPrest', el('cLocPrestacao', digits('servico.codigoMunicipioPrestacao', s.codigoMunicipioPrestacao, { exactly: 7 })))
    + el('cServ',
      el('cTribNac', digits('servico.codigoTributacaoNacional', s.codigoTributacaoNacional, { exactly: 6 }))
      + (s.codigoTributacaoMunicipal ? el('cTribMun', digits('servico.codigoTributacaoMunicipal', s.codigoTributacaoMunicipal, { exactly: 3 })) : '')
      + el('xDescServ', escapeXml(text('servico.descricao', s.descricao, 2000, { multiline: true })))
      + (s.codigoNbs ? el('cNBS', digits('servico.codigoNbs', s.codigoNbs, { exactly: 9 })) : '')));

  const valores = el('valores',
    el('vServPrest', el('vServ', centavosToDecimal('valores.servico', v.servico)))
    + el('trib',
      el('tribMun',
        el('tribISSQN', TRIB_ISSQN[v.tributacaoIssqn ?? 'tributavel'])
        + el('tpRetISSQN', RET_ISSQN[v.retencaoIssqn ?? 'nao-retido'])
        + (v.aliquotaIssqn !== undefined ? el('pAliq', percentToDecimal('valores.aliquotaIssqn', v.aliquotaIssqn, 1)) : ''))
      + el('totTrib', totalTributos(v.totalTributos ?? { tipo: 'nao-informado' }))));

  const id = dpsId(cMun, { cnpj }, serie, numero);
  const inf = el('tpAmb', (input.ambiente ?? 'homologacao') === 'producao' ? '1' : '2')
    + el('dhEmi', dataHoraBrasilia(input.emissao))
    + el('verAplic', escapeXml(text('versaoAplicativo', input.versaoAplicativo ?? 'Concilia-1.0', 20)))
    + el('serie', serie)
    + el('nDPS', numero)
    + el('dCompet', input.competencia)
    + el('tpEmit', '1')
    + el('cLocEmi', cMun)
    + prest + toma + serv + valores;
  return `<?xml version="1.0" encoding="UTF-8"?><DPS xmlns="${NFSE_NS}" versao="${DPS_VERSAO}"><infDPS Id="${id}">${inf}</infDPS></DPS>`;
}
