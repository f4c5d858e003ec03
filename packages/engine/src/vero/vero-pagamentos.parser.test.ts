import { describe, expect, it } from 'vitest';
import { ofKind, writeAndRead } from '../generate/round-trip.helper';
import { detectFile } from '../layouts';
import { at, digest, editedFixture, expectGolden, fixtureBytes, messages, parseWith } from '../test-support.helper';
import { veroLayouts, writeVeroPagamentos } from './index';

const layout = veroLayouts[0]!;
const FIXTURE = 'vero/BJRVCMB_20261006.txt';

describe('Vero payment file (BJRVCMB / BJRVCC1)', () => {
  it('is recognised by its header record and file id', () => {
    expect(detectFile(fixtureBytes(FIXTURE))).toMatchObject({ layout: 'VERO_PAGAMENTOS', operator: 'vero', version: 'BJRVCMB' });
  });

  it('reads deposits and the installments they pay (golden file)', async () => {
    const items = await parseWith(layout, fixtureBytes(FIXTURE), undefined, 333);
    expect(messages(items)).toEqual([]);
    expectGolden('vero-bjrvcmb', digest(items, 6));
    expect(items[0]).toMatchObject({ kind: 'header', merchantId: '92702067000196', fileDate: '2026-10-06', movementDate: '2026-10-06', version: 'BJRVCMB' });
    const settlements = ofKind(items, 'settlement');
    expect(settlements[0]).toMatchObject({ recordType: '1', amount: 12703, account: { bank: '041', branch: '0100', account: '0001234567' } });
    expect(settlements[1]).toMatchObject({
      recordType: '2', merchantId: '92702067000196', nsu: '00123456', saleDate: '2026-09-05', settlementDate: '2026-10-06', gross: 10000, fee: 188, amount: 9812, installment: 1,
    });
    expect(ofKind(items, 'adjustment')[0]).toMatchObject({ nsu: '00123400', amount: -1960, reason: { code: '0205', name: 'Cancelamento / chargeback' } });
  });

  it('warns on an entry code it does not know and on a deposit its installments do not add up to', async () => {
    const items = await parseWith(layout, fixtureBytes(FIXTURE));
    expect(ofKind(items, 'warning').map((w) => w.message)).toEqual([
      'Linha 7: código de lançamento "0299" desconhecido; carregado como "desconhecido (0299)"',
      'Linha 6: crédito em conta de 5000 centavos, mas as parcelas que o seguem somam 2970',
    ]);
  });

  it('refuses a line whose money, date or length cannot be read, naming the line and the field', async () => {
    const bytes = editedFixture(FIXTURE, (lines) => {
      lines[2] = at(lines[2]!, 61, '00000000001A000');
      lines[3] = at(lines[3]!, 29, '20261350');
      lines[4] = lines[4]!.slice(0, 100);
    });
    expect(messages(await parseWith(layout, bytes))).toEqual([
      'Linha 3: valor bruto da parcela não numérico ("00000000001A000")',
      'Linha 4: data do lançamento inválida ("20261350")',
      'Linha 5: registro 2 com 100 posições, esperado ao menos 122 (linha truncada?)',
    ]);
  });

  it('reads back what its writer wrote', async () => {
    const { sales, items } = await writeAndRead(layout, writeVeroPagamentos, '12345678000195');
    expect(messages(items)).toEqual([]);
    expect(ofKind(items, 'warning')).toEqual([]);
    const installments = ofKind(items, 'settlement').filter((s) => s.recordType === '2');
    expect(installments.reduce((t, s) => t + s.gross!, 0)).toBe(sales.reduce((t, s) => t + s.gross, 0));
    expect(installments.reduce((t, s) => t + s.amount, 0)).toBe(sales.reduce((t, s) => t + s.gross - s.fee, 0));
    const first = sales[0]!;
    expect(installments.find((s) => s.nsu === first.nsu.padStart(8, '0'))).toMatchObject({ saleDate: first.saleDate, settlementDate: first.creditDate, installment: 1 });
  });
});
