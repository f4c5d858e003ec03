import { describe, expect, it } from 'vitest';
import { ofKind, writeAndRead } from '../generate/round-trip.helper';
import { detectFile } from '../layouts';
import { digest, expectGolden, fixtureBytes, messages, parseWith, textBytes } from '../test-support.helper';
import { pagBankLayouts, writePagBankEdi } from './index';

const layout = pagBankLayouts[0]!;
const FIXTURE = 'pagbank/edi-transacional.json';
const utf8 = (s: string) => new TextEncoder().encode(s);

describe('PagBank EDI (JSON)', () => {
  it('is recognised from its structure', () => {
    expect(detectFile(fixtureBytes(FIXTURE))).toMatchObject({ layout: 'PAGBANK_JSON', operator: 'pagbank' });
    expect(detectFile(textBytes('{"detalhes":[{"nome":"x"}]}'))).toBeNull();
  });

  it('reads the transactional movement into sales and installment forecasts (golden file)', async () => {
    const items = await parseWith(layout, fixtureBytes(FIXTURE), undefined, 64);
    expect(messages(items)).toEqual([]);
    expectGolden('pagbank-edi-transacional', digest(items, 6));
    const [sale] = ofKind(items, 'sale');
    expect(sale).toMatchObject({
      merchantId: '102030405', nsu: '554433', tid: '1A2B3C4D5E6F708192A3B4C5D6E7F801', authorization: 'A12345', saleDate: '2026-10-05', saleTime: '09:15:00',
      gross: 30000, fee: 1197, net: 28803, installments: 3, brand: { code: 'VISA', name: 'Visa' }, product: { code: '1', name: 'Cartão de crédito' },
      card: { masked: '409600******8666' }, creditDate: '2026-11-04',
    });
    expect(ofKind(items, 'installmentForecast').filter((f) => f.nsu === '554433').map((f) => [f.installment, f.gross, f.net, f.creditDate])).toEqual([
      [1, 10000, 9601, '2026-11-04'], [2, 10000, 9601, '2026-12-04'], [3, 10000, 9601, '2027-01-04'],
    ]);
    expect(ofKind(items, 'settlement')[0]).toMatchObject({ recordType: '4', amount: 40000, settlementDate: '2026-10-05' });
  });

  it('keeps a capture code it does not know, with a warning located by line, path and ordinal', async () => {
    const items = await parseWith(layout, fixtureBytes(FIXTURE));
    expect(ofKind(items, 'sale')[2]!.capture).toEqual({ code: '9', name: 'desconhecido (9)' });
    expect(ofKind(items, 'warning').map((w) => w.message)).toEqual([
      'Linha 6, detalhes[4] (registro 5): código de meio de captura (meio_captura) "9" desconhecido; carregado como "desconhecido (9)"',
    ]);
  });

  it('locates errors of a single-line answer by path and ordinal, and reads the other records', async () => {
    const oneLine = '{"detalhes":[{"tipo_evento":"1","estabelecimento":"1","codigo_transacao":"A","valor_total_transacao":"12x","valor_liquido_transacao":1,"data_inicial_transacao":"2026-10-05","data_prevista_pagamento":"2026-10-06","parcela":"1","quantidade_parcela":"1"},{"tipo_evento":"1","estabelecimento":"1","codigo_transacao":"B","valor_total_transacao":2,"valor_parcela":2,"valor_liquido_transacao":1.5,"data_inicial_transacao":"2026-10-05","data_prevista_pagamento":"2026-10-06","parcela":"1","quantidade_parcela":"1"},{"tipo_evento":"1"]}';
    const items = await parseWith(layout, utf8(oneLine));
    expect(messages(items)).toEqual([
      'Linha 1, detalhes[0] (registro 1): valor_total_transacao não é um valor ("12x")',
      'Linha 1: "]" fecha o que não foi aberto em detalhes[2]',
    ]);
    expect(ofKind(items, 'sale').map((s) => s.tid)).toEqual(['B']);
  });

  it('reports a document that is cut short', async () => {
    const text = new TextDecoder().decode(fixtureBytes(FIXTURE));
    const items = await parseWith(layout, utf8(text.slice(0, text.length - 80)));
    expect(messages(items)).toEqual(['Linha 7: arquivo JSON incompleto (termina dentro de detalhes[5])']);
  });

  it('reads back what its writer wrote', async () => {
    const { sales, items } = await writeAndRead(layout, writePagBankEdi, '102030405');
    expect(messages(items)).toEqual([]);
    const read = ofKind(items, 'sale');
    expect(read).toHaveLength(sales.length);
    read.forEach((r, i) => {
      const s = sales[i]!;
      expect(r).toMatchObject({ nsu: s.nsu, authorization: s.authorization, saleDate: s.saleDate, gross: s.gross, fee: s.fee, installments: s.installments, creditDate: s.creditDate });
    });
    const forecasts = ofKind(items, 'installmentForecast');
    expect(forecasts.reduce((t, f) => t + f.gross, 0)).toBe(sales.reduce((t, s) => t + s.gross, 0));
    expect(forecasts.reduce((t, f) => t + f.net, 0)).toBe(sales.reduce((t, s) => t + s.gross - s.fee, 0));
    expect(ofKind(items, 'cancellation')).toHaveLength(sales.filter((s) => s.status === 'cancelada').length);
  });
});
