import { MSG } from '@concilia/domain';
import { aaaammdd, ascii, linhasDoArquivo, pontoDecimal } from './layout-common';
import type { Layout, LinhaMovimento } from './layout-types';

/**
 * SoftExpress (docs/integracoes/softexpress.md): the day's movement of each SiTef store (integracoes_softexpress:
 * a unit's store code), one line per store, operator and kind, fields separated by ';', CRLF, no header. A unit
 * without an active store code has nowhere to go in SiTef: its movement is left out and the run's message names it.
 */
export const SEPARADOR_SOFTEXPRESS = ';';
const TIPOS: Record<string, string> = { VENDA: 'V', PAGAMENTO: 'P', AJUSTE: 'A' };
const ORDEM: Record<string, number> = { V: 0, P: 1, A: 2 };

export const softExpressLayout: Layout = {
  tipo: 'SOFTEXPRESS',
  extensao: 'txt',
  write(input) {
    const lojas = input.lojas ?? new Map<number, string>();
    const semLoja = new Set<string>();
    const grupos = new Map<string, { loja: string; l: LinhaMovimento; tipo: string; qtd: number; bruto: number; taxa: number; liquido: number }>();
    for (const l of linhasDoArquivo({ ...input, opcoes: { ...input.opcoes, ajusteconsolidado: false } })) {
      const loja = l.codpessoa == null ? undefined : lojas.get(l.codpessoa);
      if (!loja) {
        semLoja.add(l.unidade ?? l.estabelecimento);
        continue;
      }
      const tipo = TIPOS[l.kind]!;
      const key = `${loja}|${l.codoperadora}|${tipo}|${l.data}`;
      const g = grupos.get(key) ?? { loja, l, tipo, qtd: 0, bruto: 0, taxa: 0, liquido: 0 };
      g.qtd++;
      g.bruto += l.valorbruto;
      g.taxa += l.valortaxa;
      g.liquido += l.valorliquido;
      grupos.set(key, g);
    }
    const lines = [...grupos.values()]
      .sort((a, b) => a.loja.localeCompare(b.loja) || a.l.codoperadora - b.l.codoperadora || ORDEM[a.tipo]! - ORDEM[b.tipo]! || a.l.data.localeCompare(b.l.data))
      .map((g) => [
        ascii(g.loja, SEPARADOR_SOFTEXPRESS, 20), aaaammdd(g.l.data), String(g.l.codoperadora), ascii(g.l.operadora, SEPARADOR_SOFTEXPRESS, 40), g.tipo,
        String(g.qtd), pontoDecimal(g.bruto), pontoDecimal(g.taxa), pontoDecimal(g.liquido),
      ].join(SEPARADOR_SOFTEXPRESS));
    const avisos = semLoja.size ? [MSG.integracaoLojaSoftexpressAusente.replace('{unidades}', [...semLoja].sort().join(', '))] : [];
    return { body: lines.map((l) => `${l}\r\n`).join(''), linhas: lines.length, avisos };
  },
};
