import type { LinhaMovimento, LayoutInput } from './layout-types';

/** Integer centavos as an ERP reads an amount: a decimal point and two places, the sign in front ('-1234.56'). */
export function pontoDecimal(centavos: number): string {
  const abs = Math.abs(centavos);
  return `${centavos < 0 ? '-' : ''}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' → 'YYYYMMDD'; empty stays empty. */
export const aaaammdd = (d: string | null | undefined): string => (d ? d.slice(0, 10).replace(/-/g, '') : '');

/** '01/03': the installment and how many, as a document number suffix; empty for a sale in one payment's absence. */
export const parcelaTexto = (l: Pick<LinhaMovimento, 'parcela' | 'totparcelas'>): string =>
  l.parcela == null ? '' : `${String(l.parcela).padStart(2, '0')}/${String(l.totparcelas ?? l.parcela).padStart(2, '0')}`;

const ACENTOS = 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ';
const SEM_ACENTOS = 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN';

/**
 * Text an ERP import takes whatever its code page: without accents, printable ASCII only, without the layout's
 * separator and trimmed to its width.
 */
export function ascii(text: string | null | undefined, separator: string, max = 255): string {
  return [...(text ?? '')].map((ch) => SEM_ACENTOS[ACENTOS.indexOf(ch)] ?? ch).join('')
    .replace(/[^\x20-\x7e]/g, ' ').split(separator).join(' ').trim().slice(0, max);
}

/**
 * The lines the schedule's options keep: only adjustments with somenteajuste; with ajusteconsolidado, the day's
 * adjustments of each operator summed into one line (an ERP that posts one entry per operator and day).
 */
export function linhasDoArquivo(input: LayoutInput): LinhaMovimento[] {
  const kept = input.opcoes.somenteajuste ? input.linhas.filter((l) => l.kind === 'AJUSTE') : [...input.linhas];
  if (!input.opcoes.ajusteconsolidado) return kept;
  const out: LinhaMovimento[] = [];
  const grupos = new Map<string, LinhaMovimento>();
  for (const l of kept) {
    if (l.kind !== 'AJUSTE') {
      out.push(l);
      continue;
    }
    const key = `${l.data}|${l.codoperadora}`;
    const g = grupos.get(key);
    if (g) {
      g.valorbruto += l.valorbruto;
      g.valortaxa += l.valortaxa;
      g.valorliquido += l.valorliquido;
      continue;
    }
    const consolidado: LinhaMovimento = {
      ...l, tipo: 'adjustment', estabelecimento: '', codpessoa: null, unidade: null, nsu: null, autorizacao: null, datavenda: null,
      parcela: null, totparcelas: null, bandeira: null, produto: null, motivo: 'Ajustes consolidados', codexternocliente: null, conciliada: false,
    };
    grupos.set(key, consolidado);
    out.push(consolidado);
  }
  return out;
}
