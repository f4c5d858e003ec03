import { MSG } from '@concilia/domain';
import { describe, expect, it } from 'vitest';
import { pendingPeriods, periodOf } from '../src/integrations/integration-schedules';
import { LAYOUTS, type LayoutInput, type LinhaMovimento } from '../src/integrations/layouts';
import { pontoDecimal } from '../src/integrations/layouts/layout-common';

/**
 * The integration layouts (issue 20) as pure functions pinned by golden files (test/fixtures/integrations): one
 * business day of a client with Cielo payments (one of a sale paired with the client's order), a Cielo chargeback
 * and cancellation, a Rede payment and adjustment (Rede has no TOTVS code: its lines go with the code empty and the
 * run says so), and sales. Each layout with its options: consolidated adjustments, adjustments only, the client's
 * own code. The docs (docs/integracoes/*.md) describe the same bytes.
 */
const base: Omit<LinhaMovimento, 'kind' | 'tipo' | 'valorbruto' | 'valortaxa' | 'valorliquido'> = {
  data: '2026-11-20', codoperadora: 1, operadora: 'Cielo', estabelecimento: '1023456789', codpessoa: 5, unidade: 'Pão Quente - Centro',
  nsu: null, autorizacao: null, datavenda: null, parcela: null, totparcelas: null, bandeira: null, produto: null, motivo: null,
  codexternocliente: null, conciliada: false,
};
const line = (v: Partial<LinhaMovimento> & Pick<LinhaMovimento, 'kind' | 'tipo' | 'valorliquido'>): LinhaMovimento =>
  ({ ...base, valorbruto: v.valorliquido, valortaxa: 0, ...v });

const LINHAS: LinhaMovimento[] = [
  line({ kind: 'VENDA', tipo: 'sale', nsu: '000101', autorizacao: 'A1B2C3', datavenda: '2026-11-20', parcela: null, totparcelas: 1, bandeira: 'Visa', produto: 'Crédito à vista', valorbruto: 15000, valortaxa: 300, valorliquido: 14700, conciliada: true, codexternocliente: 'PED-0101' }),
  line({ kind: 'VENDA', tipo: 'sale', nsu: '000102', autorizacao: 'D4E5F6', datavenda: '2026-11-20', totparcelas: 3, bandeira: 'Mastercard', produto: 'Crédito parcelado loja', valorbruto: 90000, valortaxa: 2250, valorliquido: 87750 }),
  line({ kind: 'PAGAMENTO', tipo: 'settlement', nsu: '000051', datavenda: '2026-10-21', parcela: 1, totparcelas: 1, bandeira: 'Elo', produto: 'Débito', valorbruto: 99343, valortaxa: 983, valorliquido: 98360, codexternocliente: 'PED-0051', conciliada: true }),
  line({ kind: 'PAGAMENTO', tipo: 'settlement', nsu: '000077', datavenda: '2026-09-20', parcela: 2, totparcelas: 3, bandeira: 'Visa', produto: 'Crédito parcelado loja', valorbruto: 33333, valortaxa: 833, valorliquido: 32500 }),
  line({ kind: 'AJUSTE', tipo: 'chargeback', nsu: '000033', datavenda: '2026-10-02', parcela: 1, totparcelas: 1, motivo: 'Contestação do portador', valorliquido: -12050, codexternocliente: 'PED-0033' }),
  line({ kind: 'AJUSTE', tipo: 'cancellation', nsu: '000034', datavenda: '2026-11-18', motivo: 'Cancelamento; pedido do cliente', valorliquido: -4990 }),
  line({ kind: 'PAGAMENTO', tipo: 'settlement', codoperadora: 2, operadora: 'Rede', estabelecimento: '045678901', codpessoa: 6, unidade: 'Pão Quente - Savassi', nsu: '000000000010', datavenda: '2026-10-20', parcela: 1, totparcelas: 1, bandeira: 'Mastercard', produto: 'Crédito à vista', valorbruto: 45058, valortaxa: 1122, valorliquido: 43936 }),
  line({ kind: 'AJUSTE', tipo: 'adjustment', codoperadora: 2, operadora: 'Rede', estabelecimento: '045678901', codpessoa: 6, unidade: 'Pão Quente - Savassi', motivo: 'Aluguel de equipamento', valorliquido: -8990 }),
];

const input = (opcoes: Partial<LayoutInput['opcoes']> = {}): LayoutInput => ({
  dia: '2026-11-20', codcliente: 3, linhas: LINHAS,
  opcoes: { ajusteconsolidado: false, somenteajuste: false, exibirenccliente: false, contacorrente: '0341-01234-5', ...opcoes },
  totvs: {
    parametros: {
      codfilial: '01', opcional1: null, opcional2: null, coddepartamento: 'FIN', codcentrocusto: '1001', tipocontabil: '1', codmoeda: '1',
      codcontacaixa: 'CX01', statuslancamento: 'A', codcoligadaclifor: '1', codcoligadacontacaixa: '1', tiposacado: 'C', codevento: '1.01.001',
    },
    codigos: new Map([[1, { codclifor: 'CIE001', loja: '01', natureza: '1.02.003' }]]),
  },
  lojas: new Map([[5, 'LJ0001']]),
});

const golden = (name: string) => `./fixtures/integrations/${name}`;

describe('integration layouts (golden files)', () => {
  it('TOTVS Protheus: a line per payment and adjustment, the client\'s parameters and the operator\'s code; an operator without one goes empty and is named', async () => {
    const out = LAYOUTS.TOTVS_PROTHEUS.write(input());
    await expect(out.body).toMatchFileSnapshot(golden('totvs-protheus.golden.txt'));
    expect(out.linhas).toBe(6);
    expect(out.avisos).toEqual([MSG.integracaoCodigoTotvsAusente.replace('{operadoras}', 'Rede')]);
    const [first] = out.body.split('\r\n');
    const f = first!.split('|');
    expect(f.slice(0, 8)).toEqual(['PG', '01', '20261120', 'CIE001', '01', '1.02.003', 'CX01', '0341-01234-5']);
    expect(f.slice(18, 21)).toEqual(['993.43', '9.83', '983.60']);
    const rede = out.body.split('\r\n').find((l) => l.includes('045678901'))!.split('|');
    expect(rede[3]).toBe('');
    // the client's event code stands in for the operator's missing natureza
    expect(rede[5]).toBe('1.01.001');
  });

  it('TOTVS Protheus with consolidated adjustments and the client\'s own code', async () => {
    const out = LAYOUTS.TOTVS_PROTHEUS.write(input({ ajusteconsolidado: true, exibirenccliente: true }));
    await expect(out.body).toMatchFileSnapshot(golden('totvs-protheus-consolidado.golden.txt'));
    // Cielo's chargeback and cancellation are one line: -120.50 + -49.90
    expect(out.body).toContain('|-170.40|');
    expect(out.linhas).toBe(5);
  });

  it('Ajustes: the adjustments only, as the product\'s CSV; consolidated per operator and day with how many', async () => {
    const out = LAYOUTS.AJUSTES.write(input({ exibirenccliente: true }));
    await expect(out.body).toMatchFileSnapshot(golden('ajustes.golden.csv'));
    expect(out.linhas).toBe(3);
    const consolidado = LAYOUTS.AJUSTES.write(input({ ajusteconsolidado: true }));
    await expect(consolidado.body).toMatchFileSnapshot(golden('ajustes-consolidado.golden.csv'));
    expect(consolidado.body).toContain('20/11/2026;Cielo;2;-170,40\r\n');
  });

  it('Movimento conciliado: sales with their pairing, payments and adjustments; only adjustments when asked', async () => {
    const out = LAYOUTS.MOVIMENTO_CSV.write(input({ exibirenccliente: true }));
    await expect(out.body).toMatchFileSnapshot(golden('movimento.golden.csv'));
    expect(out.linhas).toBe(8);
    const ajustes = LAYOUTS.MOVIMENTO_CSV.write(input({ somenteajuste: true }));
    expect(ajustes.linhas).toBe(3);
    expect(ajustes.body.split('\r\n').slice(1, -1).every((l) => l.startsWith('Ajuste;'))).toBe(true);
  });

  it('SoftExpress: per SiTef store, operator and kind; a unit without a store is left out and named', async () => {
    const out = LAYOUTS.SOFTEXPRESS.write(input());
    await expect(out.body).toMatchFileSnapshot(golden('softexpress.golden.txt'));
    expect(out.body).toBe('LJ0001;20261120;1;Cielo;V;2;1050.00;25.50;1024.50\r\nLJ0001;20261120;1;Cielo;P;2;1326.76;18.16;1308.60\r\nLJ0001;20261120;1;Cielo;A;2;-170.40;0.00;-170.40\r\n');
    expect(out.avisos).toEqual([MSG.integracaoLojaSoftexpressAusente.replace('{unidades}', 'Pão Quente - Savassi')]);
  });

  it('amounts with a decimal point and two places from integer centavos', () => {
    expect([0, 5, -5, 100, 123456, -123456, 99_999_999_99].map(pontoDecimal)).toEqual(['0.00', '0.05', '-0.05', '1.00', '1234.56', '-1234.56', '99999999.99']);
  });
});

describe('the days a schedule owes', () => {
  it('one file per business day, a weekend or holiday carried by the next business day; nothing after the last business day', () => {
    // Fri 13/11/2026; Sun 15/11 is a holiday anyway; Fri 20/11 Consciência Negra is a national holiday
    expect(pendingPeriods('2026-11-12', null, '2026-11-24')).toEqual([
      { dia: '2026-11-12', de: '2026-11-12', ate: '2026-11-12' },
      { dia: '2026-11-13', de: '2026-11-13', ate: '2026-11-13' },
      { dia: '2026-11-16', de: '2026-11-14', ate: '2026-11-16' },
      { dia: '2026-11-17', de: '2026-11-17', ate: '2026-11-17' },
      { dia: '2026-11-18', de: '2026-11-18', ate: '2026-11-18' },
      { dia: '2026-11-19', de: '2026-11-19', ate: '2026-11-19' },
      { dia: '2026-11-23', de: '2026-11-20', ate: '2026-11-23' },
      { dia: '2026-11-24', de: '2026-11-24', ate: '2026-11-24' },
    ]);
    expect(pendingPeriods('2026-11-12', '2026-11-19', '2026-11-22')).toEqual([]);
    expect(pendingPeriods('2026-11-12', '2026-11-19', '2026-11-23')).toEqual([{ dia: '2026-11-23', de: '2026-11-20', ate: '2026-11-23' }]);
    expect(periodOf('2026-11-23', '2026-11-01')).toEqual({ dia: '2026-11-23', de: '2026-11-20', ate: '2026-11-23' });
    expect(periodOf('2026-11-16', '2026-11-15')).toEqual({ dia: '2026-11-16', de: '2026-11-15', ate: '2026-11-16' });
  });
});
