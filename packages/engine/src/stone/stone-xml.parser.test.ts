import { describe, expect, it } from 'vitest';
import type { ParsedItem } from '../model';
import { decodeLatin1 } from '../read/lines';
import {  digest, errors, expectGolden, fixtureBytes, messages, parseWith, sampleBytes, textBytes } from '../test-support.helper';
import { detectFile } from '../layouts';
import { stoneLayouts } from './index';

const layout = stoneLayouts[0]!;
const SAMPLES = ['20151012', '20151013', '20151017', '20151021'].map((d) => `HomologacaoV2__${d}`);
const parse = (bytes: Uint8Array, chunk?: number) => parseWith(layout, bytes, undefined, chunk);
const utf8 = (s: string) => new TextEncoder().encode(s);
const text = (name: string) => new TextDecoder().decode(sampleBytes(`stone/${name}.xml`));
const ofKind = <K extends ParsedItem['kind']>(items: ParsedItem[], kind: K) => items.filter((i): i is Extract<ParsedItem, { kind: K }> => i.kind === kind);

describe('Stone XML v2, official homologation files', () => {
  it.each(SAMPLES)('%s matches its golden file', async (name) => {
    expectGolden(`stone-${name}`, digest(await parse(sampleBytes(`stone/${name}.xml`))));
  });

  it('20151012: 6 captures with their forecasts, amounts rounded from 6 decimals, trailer checked', async () => {
    const items = await parse(sampleBytes('stone/HomologacaoV2__20151012.xml'));
    expect(errors(items)).toEqual([]);
    const sales = ofKind(items, 'sale');
    expect(sales.map((s) => s.nsu)).toEqual(['11111111111111', '66666666666666', '22222222222222', '33333333333333', '44444444444444', '55555555555555']);
    // 60.150000 gross, 59.458275 net → 60,15 / 59,46 / fee 0,69
    expect(sales[0]).toMatchObject({ line: 12, merchantId: '123456789', gross: 6015, net: 5946, fee: 69, tid: '120003121015074148', authorization: '371263', creditDate: '2015-10-13' });
    expect(sales[0]).toMatchObject({ brand: { code: '1', name: 'Visa' }, product: { code: '1', name: 'Débito' }, capture: { code: '3', name: 'TEF' } });
    expect(sales[3]).toMatchObject({ brand: { code: '2', name: 'Mastercard' }, product: { code: '2', name: 'Crédito à vista' }, capture: { code: '4', name: 'E-commerce' } });
    expect(sales[4]?.terminal).toBe('12234');
    expect(sales.reduce((s, x) => s + x.gross, 0)).toBe(53979);
    expect(ofKind(items, 'installmentForecast')).toHaveLength(6);
    expect(items.at(-1)).toEqual({ kind: 'trailer', line: 234, recordCount: 8, gross: 53979, fee: 1156, net: 52823, saleCount: 6 });
  });

  it('takes the sale date from CaptureLocalDateTime as written, not from the UTC authorization', async () => {
    const items = await parse(sampleBytes('stone/HomologacaoV2__20151012.xml'));
    // authorised 20151013025743 (not local), captured 20151012235744 Brasília time
    expect(ofKind(items, 'sale')[2]).toMatchObject({ nsu: '22222222222222', saleDate: '2015-10-12', saleTime: '23:57:44' });
  });

  it('20151013: cancellation, two chargebacks, three paid installments and the deposit; trailer counters by kind disagree, the total agrees: loads with a warning', async () => {
    const items = await parse(sampleBytes('stone/HomologacaoV2__20151013.xml'));
    expect(ofKind(items, 'cancellation')).toMatchObject([{ nsu: '22222222222222', batchId: '3885000020132745', date: '2015-10-15', amount: -37058, creditDate: '2015-10-16' }]);
    expect(ofKind(items, 'chargeback')).toMatchObject([
      { nsu: '33333333333333', batchId: '56203845', amount: -3675, reason: { code: '4837', name: 'Chargeback' }, date: '2015-10-13', creditDate: '2015-10-16' },
      { nsu: '44444444444444', batchId: '51462253', amount: -99, reason: { code: '72', name: 'Chargeback' } },
    ]);
    const settlements = ofKind(items, 'settlement');
    expect(settlements.map((s) => [s.recordType, s.batchId, s.amount])).toEqual([
      ['Installment', '197935', 5946], ['Installment', '197935', 5946], ['Installment', '197935', 99], ['Payment', '197935', 8291815],
    ]);
    expect(settlements[3]).toMatchObject({ settlementDate: '2015-10-13', account: { bank: '237', branch: '1229', account: '00000000000' } });
    // the homologation file declares 2 cancellations and 1 chargeback but carries 1 and 2: the same refund
    // counted under another kind, nothing missing — a warning, not an error (the file is the operator's own)
    expect(messages(items)).toEqual([]);
    expect(ofKind(items, 'warning').map((w) => w.message)).toEqual([
      'Linha 200: Trailer não confere: transações canceladas informado 2, lido 1; chargebacks informado 1, lido 2; o total de movimentos confere (6), só a contagem por tipo difere',
    ]);
  });

  it('20151017 / 20151021: charged cancellations and chargebacks, paid refunds, all signed from the merchant', async () => {
    const items = await parse(sampleBytes('stone/HomologacaoV2__20151017.xml'));
    expect(errors(items)).toEqual([]);
    expect(ofKind(items, 'settlement').map((s) => [s.recordType, s.nsu, s.amount, s.settlementDate])).toEqual([
      ['Chargeback', '55555555555555', -99, '2015-10-17'],
      ['Installment', '44444444444444', 99, '2015-10-17'],
      ['Chargeback', '44444444444444', -99, '2015-10-17'],
      ['ChargebackRefund', '44444444444444', 99, '2015-10-17'],
      ['Cancellation', '22222222222222', -37058, '2015-10-17'],
      ['Cancellation', '66666666666666', -37058, '2015-10-17'],
      ['Payment', null, 8291815, '2015-10-17'],
    ]);
    const last = await parse(sampleBytes('stone/HomologacaoV2__20151021.xml'));
    expect(errors(last)).toEqual([]);
    expect(ofKind(last, 'settlement')).toMatchObject([{ recordType: 'ChargebackRefund', amount: 99, settlementDate: '2015-10-21', batchId: null }]);
  });

  it('gives identical items for LF, CRLF, no final newline and any chunking', async () => {
    for (const name of SAMPLES) {
      const raw = sampleBytes(`stone/${name}.xml`);
      const reference = await parse(raw);
      const t = decodeLatin1(raw);
      // the samples are published with CRLF endings
      expect(await parse(textBytes(t.replace(/\r\n/g, '\n')))).toEqual(reference);
      expect(await parse(textBytes(t.replace(/\r?\n/g, '\r\n')))).toEqual(reference);
      expect(await parse(textBytes(t.replace(/\s+$/, '')))).toEqual(reference);
      for (const chunk of [1, 7, 512, 4096]) expect(await parse(raw, chunk)).toEqual(reference);
    }
  });
});

describe('Stone XML, built fixtures', () => {
  it('v2 in ISO-8859-1 with a namespace: installment plan, signed events, event settlement, deposit', async () => {
    const items = await parse(fixtureBytes('stone/stone-v2-eventos.xml'));
    expect(errors(items)).toEqual([]);
    expectGolden('stone-v2-eventos', digest(items));
    expect(ofKind(items, 'sale')[0]).toMatchObject({
      gross: 100001, net: 97402, fee: 2599, installments: 3, saleDate: '2024-03-01', saleTime: '23:15:10',
      brand: { code: '171', name: 'Elo' }, product: { code: '2', name: 'Crédito parcelado loja' }, terminal: '8000151509002345',
    });
    expect(ofKind(items, 'installmentForecast').map((f) => [f.installment, f.net, f.creditDate])).toEqual([
      [1, 32468, '2024-04-01'], [2, 32467, '2024-05-02'], [3, 32467, '2024-06-03'],
    ]);
    expect(ofKind(items, 'adjustment')).toMatchObject([
      { batchId: '7001', amount: -59000, date: '2024-03-01', creditDate: '2024-03-05', reason: { code: '-22', name: 'ALUGUEL DE MÁQUINA' } },
      { batchId: '7002', amount: 0, reason: { code: '-27', name: 'Ajuste financeiro' } },
    ]);
    expect(ofKind(items, 'settlement').map((s) => [s.recordType, s.batchId, s.amount, s.dueDate])).toEqual([
      ['Installment', '555001', 14101, '2024-04-01'], ['Event', '555001', -9000, null], ['Payment', '555001', 5101, null],
    ]);
  });

  it('v1 (deprecated layout): sales, refunds, payments with the account, events, messages skipped', async () => {
    const items = await parse(fixtureBytes('stone/stone-v1-exemplo.xml'));
    expect(errors(items)).toEqual([]);
    expectGolden('stone-v1-exemplo', digest(items));
    expect(items[0]).toMatchObject({ kind: 'header', version: '1', merchantId: '1234567', fileDate: '2014-12-17', movementDate: null });
    expect(ofKind(items, 'sale')[0]).toMatchObject({ nsu: '12345678901234', authorization: 'T12345', tid: 'abdcefa068354aaa', saleDate: '2014-12-16', gross: 4000, net: 3912, capture: { code: 'Ecommerce', name: 'E-commerce' } });
    expect(ofKind(items, 'cancellation')).toMatchObject([{ nsu: '20141021000015', amount: -7958, date: '2014-12-16', creditDate: '2014-12-18' }]);
    expect(ofKind(items, 'settlement').map((s) => [s.recordType, s.amount, s.dueDate, s.account?.branch])).toEqual([
      ['Installment', 9780, null, '1229'], ['Installment', 9680, '2015-01-16', '1229'], ['Chargeback', -10000, null, '1229'], ['Event', 1000, null, '1229'],
    ]);
    expect(ofKind(items, 'adjustment')).toMatchObject([{ batchId: '321', amount: 8000, reason: { code: '1', name: 'ALUGUEL DE POS' }, date: '2014-12-20' }]);
  });
});

describe('Stone XML, detection', () => {
  const detect = (s: string) => layout.detect(s);
  it('recognises the four samples and v1 on root and LayoutVersion', () => {
    for (const name of SAMPLES) expect(detect(decodeLatin1(sampleBytes(`stone/${name}.xml`)))).toEqual({ layout: 'STONE_XML', operator: 'stone', fileType: 'STONE_XML', version: '2' });
    expect(detect(decodeLatin1(fixtureBytes('stone/stone-v1-exemplo.xml')))?.version).toBe('1');
    expect(detect(decodeLatin1(fixtureBytes('stone/stone-v2-eventos.xml')))?.version).toBe('2');
    expect(detect('\xef\xbb\xbf<s:Conciliation xmlns:s="x"><s:Header><s:LayoutVersion>2.2</s:LayoutVersion>')?.version).toBe('2.2');
  });

  it('is what detectFile answers for the samples', () => {
    expect(detectFile(sampleBytes('stone/HomologacaoV2__20151017.xml'))?.layout).toBe('STONE_XML');
  });

  it('does not recognise other XML, other versions or text that merely mentions Stone', () => {
    expect(detect('<?xml version="1.0"?><Other><Header><LayoutVersion>2</LayoutVersion></Header></Other>')).toBeNull();
    expect(detect('<?xml version="1.0"?><Root><!-- <Conciliation><Header><LayoutVersion>2</LayoutVersion> --></Root>')).toBeNull();
    expect(detect('<Conciliation><Header><LayoutVersion>3</LayoutVersion></Header>')).toBeNull();
    expect(detect('DATA;Conciliation;Header;LayoutVersion 2')).toBeNull();
    expect(detect('')).toBeNull();
  });
});

describe('Stone XML, bad input never throws', () => {
  const edited = (name: string, edit: (t: string) => string) => utf8(edit(text(name)));

  it('reports an empty or blank file', async () => {
    const empty = [{ kind: 'error', line: 0, message: 'Arquivo vazio: nenhum registro' }];
    expect(await parse(new Uint8Array(0))).toEqual(empty);
    expect(await parse(utf8('  \n\r\n '))).toEqual(empty);
  });

  it('reports malformed XML on its line and stops there', async () => {
    const truncated = text('HomologacaoV2__20151012').slice(0, 3000);
    const items = await parse(utf8(truncated));
    const errs = errors(items);
    expect(errs).toHaveLength(1);
    expect(errs[0]!.message).toMatch(/^Linha \d+: XML malformado: /);
    expect(ofKind(items, 'sale').length).toBeGreaterThan(0);
    const broken = await parse(edited('HomologacaoV2__20151012', (t) => t.replace('<CapturedAmount>60.150000</CapturedAmount>', '<CapturedAmount>60.15</Captured>')));
    expect(messages(broken)).toEqual(['Linha 29: XML malformado: fechamento de elemento sem abertura correspondente']);
  });

  it('reports binary garbage and a wrong root element', async () => {
    const garbage = Uint8Array.from({ length: 3000 }, (_, i) => (i * 131 + 7) % 256);
    const items = await parse(garbage);
    expect(items.length).toBeGreaterThan(0);
    for (const e of errors(items)) expect(e.message).toMatch(/^(Linha \d+|Arquivo)/);
    expect(messages(await parse(utf8('<?xml version="1.0"?>\n<Rede><Header/></Rede>')))).toEqual(['Linha 2: elemento raiz "Rede", esperado Conciliation (não é uma conciliação Stone)']);
  });

  it('reports a non-numeric amount and a bad date on the element\'s line, keeping the rest', async () => {
    const items = await parse(edited('HomologacaoV2__20151012', (t) => t.replace('<NetAmount>59.458275</NetAmount>', '<NetAmount>59,458275</NetAmount>')));
    expect(messages(items)).toEqual([
      'Linha 41: valor líquido da parcela (NetAmount) não é um valor decimal ("59,458275")',
      'Linha 234: Trailer não confere: transações capturadas informado 6, lido 5',
    ]);
    expect(ofKind(items, 'sale')).toHaveLength(5);
    const dates = await parse(edited('HomologacaoV2__20151012', (t) => t.replace('<PrevisionPaymentDate>20151013</PrevisionPaymentDate>', '<PrevisionPaymentDate>20151332</PrevisionPaymentDate>')));
    expect(messages(dates)[0]).toBe('Linha 42: data prevista de pagamento (PrevisionPaymentDate) inválida ("20151332")');
  });

  it('reports a capture without its CapturedAmount', async () => {
    const items = await parse(edited('HomologacaoV2__20151012', (t) => t.replace('<CapturedAmount>60.150000</CapturedAmount>', '')));
    expect(messages(items)[0]).toBe('Linha 12: valor capturado (CapturedAmount) ausente');
  });

  it('reads on past the manual\'s invalid ReferenceDate 20151910', async () => {
    const items = await parse(edited('HomologacaoV2__20151013', (t) => t.replace('<ReferenceDate>20151013', '<ReferenceDate>20151910')));
    expect(messages(items)[0]).toBe('Linha 8: data de referência (ReferenceDate) inválida ("20151910")');
    expect(items[1]).toMatchObject({ kind: 'header', movementDate: null });
    expect(ofKind(items, 'settlement').filter((s) => s.recordType === 'Installment')).toHaveLength(3);
    expect(messages(items)).toContain('Linha 190: pagamento sem data (ReferenceDate do cabeçalho ausente ou inválida)');
  });

  it('reports latin-1 bytes in a file declared UTF-8, and reads a latin-1 file declared as such', async () => {
    const latin = textBytes(text('HomologacaoV2__20151012').replace('<CardNumber>123456******1122</CardNumber>', '<CardNumber>123456******1122</CardNumber><!-- Cartão -->'));
    const items = await parse(latin);
    expect(messages(items)).toEqual(['Linha 33: bytes inválidos para a codificação UTF-8 declarada (arquivo gravado em latin-1?)']);
    expect(ofKind(items, 'sale')).toHaveLength(6);
    const declared = await parse(fixtureBytes('stone/stone-v2-eventos.xml'));
    expect(ofKind(declared, 'adjustment')[0]?.reason.name).toBe('ALUGUEL DE MÁQUINA');
    const utf8InLatin1 = await parse(utf8(decodeLatin1(fixtureBytes('stone/stone-v2-eventos.xml'))));
    expect(messages(utf8InLatin1)).toEqual(['Linha 2: texto em UTF-8 num arquivo que declara ISO-8859-1 (acentos ficarão trocados)']);
    const unknown = await parse(utf8('<?xml version="1.0" encoding="x-unknown-9"?><Conciliation/>'));
    expect(messages(unknown)).toEqual(['Linha 1: codificação "x-unknown-9" não suportada (use UTF-8 ou ISO-8859-1)']);
  });

  it('reports a missing trailer and a missing header', async () => {
    const items = await parse(edited('HomologacaoV2__20151021', (t) => t.replace(/<Trailer>[\s\S]*<\/Trailer>/, '').replace(/<Header>[\s\S]*<\/Header>/, '')));
    expect(messages(items)).toEqual(['Linha 1: arquivo sem o cabeçalho (Header) da conciliação Stone', 'Linha 45: arquivo termina sem o Trailer (arquivo truncado?)']);
  });
});
