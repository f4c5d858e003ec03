import { describe, expect, it } from 'vitest';
import type { ColumnMapping } from '../layout';
import type { CustomerSaleRecord, ParsedItem, SaleRecord } from '../model';
import { errors, expectGolden, messages, parseWith, textBytes } from '../test-support.helper';
import { customerLayouts } from './index';
import { MAPPING_PRESETS } from './mapping-presets';
import { buildXlsx } from './xlsx-fixture.helper';

const layout = customerLayouts.find((l) => l.id === 'MAPEAMENTO')!;
const utf8 = (s: string) => new TextEncoder().encode(s);
const parse = (bytes: Uint8Array, mapping?: ColumnMapping, chunk?: number) => parseWith(layout, bytes, mapping ? { mapping } : undefined, chunk);
const records = (items: ParsedItem[]) => items.filter((i): i is SaleRecord | CustomerSaleRecord => i.kind === 'sale' || i.kind === 'customerSale');

const ERP: ColumnMapping = {
  operator: 'cliente',
  dateFormat: 'DD/MM/AAAA',
  decimalMark: ',',
  skipLines: 2,
  columns: { saleDate: 'Data/Hora', saleTime: 'Data/Hora', nsu: 'Nº Doc', gross: 'Valor (R$)', installments: 'Parc.', brand: 'Cartão', customerCode: 'Cliente', operator: 'Adquirente' },
};

const ERP_CSV = [
  'Relatório de vendas por cartão',
  'Loja 01 - Março/2024',
  '"Data/Hora",Nº Doc,"Valor (R$)",Parc.,Cartão,Cliente,Adquirente',
  '01/03/2024 08:15:02,000123,"1.234,56",1,VISA,"Silva, João",Stone',
  '01/03/2024 09:00,000124,"10,5",3x,Master,"Nota ""fiscal""',
  'com quebra de linha",Rede',
  '',
  '02/03/2024,000125,"0,01",,Elo,Maria,',
].join('\r\n');

describe('column-mapping importer, CSV', () => {
  it('reads an ERP export: title lines skipped, separator detected, quoted fields with separators, quotes and line breaks', async () => {
    const items = await parse(textBytes(ERP_CSV), ERP);
    expect(errors(items)).toEqual([]);
    expect(records(items)).toEqual([
      { kind: 'customerSale', line: 4, operator: 'cliente', recordType: 'CSV', merchantId: '', saleDate: '2024-03-01', saleTime: '08:15:02', nsu: '000123', tid: null, authorization: null, terminal: null, installments: 1, gross: 123456, brand: { code: 'VISA', name: 'Visa' }, product: null, customerCode: 'Silva, João', nossoNumero: null, operatorHint: 'Stone' },
      { kind: 'customerSale', line: 5, operator: 'cliente', recordType: 'CSV', merchantId: '', saleDate: '2024-03-01', saleTime: '09:00:00', nsu: '000124', tid: null, authorization: null, terminal: null, installments: 3, gross: 1050, brand: { code: 'Master', name: 'Mastercard' }, product: null, customerCode: 'Nota "fiscal"\ncom quebra de linha', nossoNumero: null, operatorHint: 'Rede' },
      { kind: 'customerSale', line: 8, operator: 'cliente', recordType: 'CSV', merchantId: '', saleDate: '2024-03-02', saleTime: null, nsu: '000125', tid: null, authorization: null, terminal: null, installments: 1, gross: 1, brand: { code: 'Elo', name: 'Elo' }, product: null, customerCode: 'Maria', nossoNumero: null, operatorHint: null },
    ]);
    for (const chunk of [1, 5]) expect(await parse(textBytes(ERP_CSV), ERP, chunk)).toEqual(items);
  });

  it('reads a voucher statement with a preset: sale records of the operator, fee as its size, net', async () => {
    const csv = [
      'DATA DA VENDA;hora da venda;nsu;AUTORIZACAO;terminal;Produto;valor bruto;taxa;valor liquido;data de pagamento;numero do estabelecimento',
      '01/03/2024;12:01:00;998877;123456;T01;Alelo Refeição;45,90;-2,75;43,15;31/03/2024;0012345',
      '01/03/2024;12:30:00;998878;123457;T01;Alelo Alimentação;100,00;;;;0012345',
    ].join('\n');
    const items = await parse(utf8(csv), MAPPING_PRESETS.alelo);
    expect(errors(items)).toEqual([]);
    expect(records(items)).toEqual([
      { kind: 'sale', line: 2, operator: 'alelo', recordType: 'CSV', merchantId: '0012345', batchId: '', nsu: '998877', authorization: '123456', tid: null, saleDate: '2024-03-01', saleTime: '12:01:00', gross: 4590, fee: 275, net: 4315, installments: 1, brand: { code: '', name: null }, product: { code: 'Alelo Refeição', name: null }, capture: { code: '', name: null }, card: null, terminal: 'T01', status: { code: '', name: null }, accepted: true, creditDate: '2024-03-31' },
      expect.objectContaining({ line: 3, gross: 10000, fee: 0, net: 10000, creditDate: null }),
    ]);
  });

  it('a voucher line whose fee and net contradict its gross loads as written, with a warning on its line', async () => {
    const csv = [
      'DATA DA VENDA;hora da venda;nsu;AUTORIZACAO;terminal;Produto;valor bruto;taxa;valor liquido;data de pagamento;numero do estabelecimento',
      '01/03/2024;12:01:00;998877;123456;T01;Alelo Refeição;45,90;-2,75;44,15;31/03/2024;0012345',
    ].join('\n');
    const items = await parse(utf8(csv), MAPPING_PRESETS.alelo);
    expect(errors(items)).toEqual([]);
    expect(records(items)).toMatchObject([{ line: 2, gross: 4590, fee: 275, net: 4415 }]);
    expect(items.filter((i) => i.kind === 'warning').map((w) => w.message)).toEqual([
      'Linha 2: valores que não conferem: bruto 45,90 − taxa 2,75 = 43,15, líquido informado 44,15',
    ]);
  });

  it('has a preset for every voucher operator and the generic ERP, each mapping the required fields', () => {
    expect(Object.keys(MAPPING_PRESETS).sort()).toEqual(['alelo', 'erp-generico', 'pluxee', 'ticket', 'vr']);
    for (const [name, preset] of Object.entries(MAPPING_PRESETS)) {
      expect(preset.columns.saleDate, name).toBeTruthy();
      expect(preset.columns.gross, name).toBeTruthy();
    }
    expect(MAPPING_PRESETS['erp-generico']?.operator).toBe('cliente');
    expect([MAPPING_PRESETS.ticket, MAPPING_PRESETS.vr, MAPPING_PRESETS.pluxee].map((p) => p?.operator)).toEqual(['ticket', 'vr', 'pluxee']);
  });

  it('reads each preset from a file whose header is the preset\'s own', async () => {
    for (const [name, preset] of Object.entries(MAPPING_PRESETS)) {
      const fields = Object.entries(preset.columns);
      const value: Record<string, string> = { saleDate: '05/03/2024', creditDate: '05/04/2024', saleTime: '10:11:12', gross: '1.000,00', fee: '10,00', net: '990,00', installments: '2' };
      const csv = `${fields.map(([, h]) => h).join(';')}\n${fields.map(([f]) => value[f] ?? 'X1').join(';')}\n`;
      const items = await parse(utf8(csv), preset);
      expect(errors(items), name).toEqual([]);
      expect(records(items)[0], name).toMatchObject({ operator: preset.operator, saleDate: '2024-03-05', gross: 100000 });
    }
  });

  it('reports a missing mapping, a mapping without required fields and headers not found, on line 1', async () => {
    const csv = utf8('Data;Valor\n01/03/2024;1,00\n');
    expect(await parse(csv)).toEqual([{ kind: 'error', line: 1, message: 'Linha 1: mapeamento de colunas não informado: escolha um modelo ou indique a coluna de cada campo' }]);
    expect(messages(await parse(csv, { ...ERP, skipLines: 0, columns: { nsu: 'Doc' } }))).toEqual(['Linha 1: mapeamento sem a coluna obrigatória de data da venda e valor bruto']);
    expect(messages(await parse(csv, { ...ERP, skipLines: 0, columns: { saleDate: 'Data', gross: 'Valor Bruto', nsu: 'NSU' } }))).toEqual([
      'Linha 1: colunas não encontradas no cabeçalho: "Valor Bruto" (valor bruto), "NSU" (NSU)',
    ]);
  });

  it('reports bad rows on their line and reads the others; an empty file', async () => {
    const mapping: ColumnMapping = { operator: 'vr', dateFormat: 'AAAA-MM-DD', decimalMark: '.', columns: { saleDate: 'date', gross: 'amount', fee: 'fee', creditDate: 'paid' } };
    const csv = ['date,amount,fee,paid', '2024-03-01,"1,234.50",0.5,2024-03-31', '2024-02-30,1.00,,', '2024-03-01,abc,,', '2024-03-01,1.00,x,', '2024-03-01', '2024-03-01,(3.00),,2024-13-01'].join('\n');
    const items = await parse(utf8(csv), mapping);
    expect(messages(items)).toEqual([
      'Linha 3: data da venda inválida ("2024-02-30")',
      'Linha 4: valor bruto não é um valor ("abc")',
      'Linha 5: taxa não é um valor ("x")',
      'Linha 6: linha com 1 colunas, esperado ao menos 4 (linha truncada?)',
      'Linha 7: data de crédito inválida ("2024-13-01")',
    ]);
    expect(records(items)).toMatchObject([{ line: 2, gross: 123450, fee: 50, net: 123400, operator: 'vr', creditDate: '2024-03-31' }]);
    expect(await parse(new Uint8Array(0), mapping)).toEqual([{ kind: 'error', line: 0, message: 'Arquivo vazio: nenhum registro' }]);
  });
});

describe('column-mapping importer, XLSX', () => {
  const mapping: ColumnMapping = {
    operator: 'pluxee',
    dateFormat: 'DD/MM/AAAA',
    decimalMark: ',',
    skipLines: 1,
    columns: { saleDate: 'Data da Transação', saleTime: 'Hora', nsu: 'NSU', gross: 'Valor Bruto', net: 'Valor Líquido', creditDate: 'Pagamento', product: 'Produto' },
  };
  const rows: [number, (string | { inline: string } | { n: string } | { str: string } | null)[]][] = [
    [1, [{ inline: 'Extrato de transações' }]],
    [3, ['Data da Transação', 'Hora', 'NSU', 'Valor Bruto', 'Valor Líquido', 'Pagamento', 'Produto']],
    [4, [{ n: '45352' }, { n: '0.34375' }, { n: '123456' }, { n: '59.458275000000001' }, { n: '57.670000000000002' }, { n: '45382' }, 'Refeição']],
    [5, [{ n: '45352.5' }, null, { inline: '000777' }, { n: '1.0049999999999999' }, null, { str: '31/03/2024' }, { inline: 'Alimentação' }]],
    [6, [{ inline: '02/03/2024' }, { inline: '17:45' }, { n: '1.23456789012345E+14' }, { inline: '1.234,56' }]],
    [8, [{ n: '60' }, null, null, { n: '10' }]],
    [9, [{ inline: 'amanhã' }, null, null, { n: '10' }]],
  ];

  it('reads the first sheet of a workbook: shared, inline and formula strings, serial dates and times, numbers as Excel shows them', async () => {
    const items = await parse(buildXlsx(rows), mapping);
    expect(messages(items)).toEqual(['Linha 8: data da venda não é uma data ("60")', 'Linha 9: data da venda não é uma data DD/MM/AAAA ("amanhã")']);
    expectGolden('customer-mapeamento-xlsx', items);
    expect(records(items).map((r) => [r.line, r.recordType, r.saleDate, r.saleTime, r.nsu, r.gross, (r as SaleRecord).net, (r as SaleRecord).creditDate])).toEqual([
      [4, 'XLSX', '2024-03-01', '08:15:00', '123456', 5946, 5767, '2024-03-31'],
      [5, 'XLSX', '2024-03-01', null, '000777', 101, 101, '2024-03-31'],
      [6, 'XLSX', '2024-03-02', '17:45:00', '123456789012345', 123456, 123456, null],
    ]);
    for (const chunk of [1, 100]) expect(await parse(buildXlsx(rows), mapping, chunk)).toEqual(items);
  });

  it('follows the workbook to its first sheet and its 1904 date system', async () => {
    const items = await parse(buildXlsx([[1, ['Data da Transação', 'Valor Bruto']], [2, [{ n: '43890' }, { n: '5' }]]], { date1904: true, sheetPath: 'worksheets/vendas.xml' }), { ...mapping, skipLines: 0, columns: { saleDate: 'data da transacao', gross: 'VALOR BRUTO' } });
    expect(errors(items)).toEqual([]);
    expect(records(items)).toMatchObject([{ line: 2, saleDate: '2024-03-01', gross: 500 }]);
  });

  it('reports a damaged zip without throwing', async () => {
    const bytes = buildXlsx(rows).slice(0, 300);
    expect(messages(await parse(bytes, mapping))[0]).toMatch(/^Arquivo XLSX inválido ou corrompido/);
  });
});
