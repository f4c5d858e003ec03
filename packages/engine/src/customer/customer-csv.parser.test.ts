import { describe, expect, it } from 'vitest';
import type { CustomerSaleRecord, ParsedItem } from '../model';
import {  digest, errors, expectGolden, fixtureBytes, messages, parseWith, textBytes } from '../test-support.helper';
import { detectFile } from '../layouts';
import { customerLayouts } from './index';

const layout = customerLayouts.find((l) => l.id === 'CLIENTE_CSV')!;
const NAME = 'customer/vendas-cliente.csv';
const parse = (bytes: Uint8Array, chunk?: number) => parseWith(layout, bytes, undefined, chunk);
const utf8 = (s: string) => new TextEncoder().encode(s);
const fixtureText = () => new TextDecoder().decode(fixtureBytes(NAME));
const sales = (items: ParsedItem[]) => items.filter((i): i is CustomerSaleRecord => i.kind === 'customerSale');
const HEADER = 'DATA_VENDA;HORA_VENDA;NSU_DOC;TID;AUTORIZACAO;TERMINAL;PARCELAS;VALOR_BRUTO;BANDEIRA;PRODUTO;CODIGO_CLIENTE;NOSSO_NUMERO';
const withLines = (...lines: string[]) => utf8([HEADER, ...lines].join('\n'));
const edited = (edit: (lines: string[]) => void) => {
  const lines = fixtureText().split('\n');
  edit(lines);
  return utf8(lines.join('\n'));
};

describe('customer sales file (CLIENTE_CSV)', () => {
  it('matches the golden file: 8 sales, TOTAL line checked, brands and products decoded', async () => {
    const items = await parse(fixtureBytes(NAME));
    expect(errors(items)).toEqual([]);
    expectGolden('customer-vendas-cliente', digest(items));
    const s = sales(items);
    expect(s).toHaveLength(8);
    expect(s[0]).toEqual({
      kind: 'customerSale', line: 2, operator: 'cliente', recordType: 'VENDA', merchantId: '1234567', saleDate: '2024-03-01', saleTime: '08:15:02',
      nsu: '000123', tid: null, authorization: 'A1B2C3', terminal: 'PDV01', installments: 1, gross: 6015,
      brand: { code: 'Visa', name: 'Visa' }, product: { code: 'Débito', name: 'Débito' }, customerCode: 'CLI-0001', nossoNumero: '0000000001', operatorHint: 'Stone',
    });
    expect(s.map((x) => x.gross)).toEqual([6015, 100001, 38000, 100, 1250, 1234567, 9990, 1]);
    expect(s[3]).toMatchObject({ customerCode: 'CLI;0004', brand: { code: 'Master', name: 'Mastercard' } });
    expect(s[4]).toMatchObject({ customerCode: 'CLI "VIP" 5', saleTime: null, installments: 1, merchantId: '', product: { name: 'Voucher refeição' } });
    expect(s[6]).toMatchObject({ customerCode: 'Cliente São João', installments: 2, operatorHint: null });
    expect(s[7]).toMatchObject({ line: 10, brand: { code: 'Bandeira Nova', name: null } });
    expect(items.at(-1)).toEqual({ kind: 'trailer', line: 11, recordCount: 10, gross: 1389924, fee: 0, net: 1389924, saleCount: 8 });
  });

  it('is detected by its exact header line only', () => {
    const found = { layout: 'CLIENTE_CSV', operator: 'cliente', fileType: 'CLIENTE_CSV', version: '' };
    expect(layout.detect(`${HEADER}\r\n01/03/2024;...`)).toEqual(found);
    expect(layout.detect(`\xef\xbb\xbf${HEADER};ESTABELECIMENTO\n`)).toEqual(found);
    expect(layout.detect(`${HEADER};OPERADORA`)).toEqual(found);
    expect(layout.detect(`${HEADER};OPERADORA;ESTABELECIMENTO`)).toBeNull();
    expect(layout.detect(HEADER.toLowerCase())).toBeNull();
    expect(layout.detect(`${HEADER};EXTRA`)).toBeNull();
    expect(layout.detect(`x\n${HEADER}`)).toBeNull();
    expect(detectFile(fixtureBytes(NAME))).toEqual(found);
    // the column-mapping layout is named by the caller, never detected
    expect(customerLayouts.find((l) => l.id === 'MAPEAMENTO')?.detect(HEADER)).toBeNull();
  });

  it('gives identical items for LF, CRLF, no final newline, a BOM and any chunking', async () => {
    const reference = await parse(fixtureBytes(NAME));
    const text = fixtureText();
    expect(await parse(utf8(text.replace(/\n/g, '\r\n')))).toEqual(reference);
    expect(await parse(utf8(text.replace(/\n$/, '')))).toEqual(reference);
    expect(await parse(utf8(`\ufeff${text}`))).toEqual(reference);
    for (const chunk of [1, 3, 64]) expect(await parse(fixtureBytes(NAME), chunk)).toEqual(reference);
  });

  it('reads latin-1 (Windows-1252) files like UTF-8 ones, line by line', async () => {
    const reference = await parse(fixtureBytes(NAME));
    const latin1 = Uint8Array.from(fixtureText(), (c) => c.charCodeAt(0));
    expect(await parse(latin1)).toEqual(reference);
  });

  it('reports latin-1 lines in a file that declares UTF-8 with a BOM', async () => {
    const bytes = textBytes(`\xef\xbb\xbf${HEADER}\n01/03/2024;;1;;;;1;10,00;Visa;Crédito;São;\n`);
    const items = await parse(bytes);
    expect(messages(items)).toEqual(['Linha 2: caracteres inválidos em UTF-8 (o arquivo começa com a marca UTF-8 mas esta linha parece latin-1)']);
    expect(sales(items)).toHaveLength(1);
  });

  it('reports truncated rows, bad amounts, dates, times and installments, and goes on', async () => {
    const items = await parse(withLines(
      '01/03/2024;08:15:02;1;;;;1',
      '01/03/2024;08:15:02;1;;;;1;12A4;Visa;Débito;;',
      '31/02/2024;;1;;;;1;1,00;;;;',
      '2024-03-01;;1;;;;1;1,00;;;;',
      '01/03/2024;25:00:00;1;;;;1;1,00;;;;',
      '01/03/2024;;1;;;;três;1,00;;;;',
      '01/03/2024;;1;;;;1;-5,00;;;;',
      '01/03/2024;;1;;;;1;1,001;;;;',
      '01/03/2024;;1;;;;1;1,00;;;;;',
      '01/03/2024;;1;;;;1;1,00;;;;;extra',
      ';;1;;;;1;1,00;;;;',
      '01/03/2024;;1;;;;1;;;;;',
    ));
    expect(messages(items)).toEqual([
      'Linha 2: linha com 7 colunas, esperado ao menos 12 (linha truncada?)',
      'Linha 3: valor bruto não é um valor ("12A4")',
      'Linha 4: data da venda inválida ("31/02/2024")',
      'Linha 5: data da venda não é uma data DD/MM/AAAA ("2024-03-01")',
      'Linha 6: hora da venda não é uma hora HH:MM:SS ("25:00:00")',
      'Linha 7: parcelas não é um número de parcelas ("três")',
      'Linha 8: valor bruto negativo ("-5,00"): o arquivo de vendas só traz vendas',
      'Linha 9: valor bruto com fração de centavo ("1,001")',
      'Linha 11: linha com 13 colunas, esperado 12',
      'Linha 12: data da venda ausente',
      'Linha 13: valor bruto ausente',
    ]);
    expect(sales(items).map((s) => s.line)).toEqual([10]);
  });

  it('reports a TOTAL that does not add up and lines after it', async () => {
    const items = await parse(edited((l) => {
      l[10] = 'TOTAL;9;13.899,23';
      l.splice(11, 0, '03/03/2024;;1;;;;1;1,00;;;;;;');
    }));
    expect(messages(items)).toEqual([
      'Linha 11: linha TOTAL não confere: quantidade de vendas informado 9, lido 8; valor bruto informado 13.899,23, lido 13.899,24',
      'Linha 12: linha após a linha TOTAL (linha 11)',
    ]);
  });

  it('reads a file without TOTAL line (optional) and a header-only file', async () => {
    const items = await parse(edited((l) => l.splice(10)));
    expect(errors(items)).toEqual([]);
    expect(items.some((i) => i.kind === 'trailer')).toBe(false);
    expect(sales(items)).toHaveLength(8);
    expect(await parse(utf8(`${HEADER}\n`))).toEqual([]);
  });

  it('reports an empty file, a wrong header and binary garbage without throwing', async () => {
    expect(await parse(new Uint8Array(0))).toEqual([{ kind: 'error', line: 0, message: 'Arquivo vazio: nenhum registro' }]);
    expect(await parse(utf8('\n\n'))).toEqual([{ kind: 'error', line: 0, message: 'Arquivo vazio: nenhum registro' }]);
    expect(messages(await parse(utf8('DATA;VALOR\n01/03/2024;1,00')))).toEqual([
      'Linha 1: cabeçalho não reconhecido; esperado "DATA_VENDA;HORA_VENDA;NSU_DOC;TID;AUTORIZACAO;TERMINAL;PARCELAS;VALOR_BRUTO;BANDEIRA;PRODUTO;CODIGO_CLIENTE;NOSSO_NUMERO;ESTABELECIMENTO;OPERADORA" (ESTABELECIMENTO e OPERADORA opcionais)',
    ]);
    const garbage = await parse(Uint8Array.from({ length: 5000 }, (_, i) => (i * 131 + 7) % 256));
    expect(errors(garbage)).toHaveLength(1);
  });

  it('reports a quote left open and reads the lines after it', async () => {
    const items = await parse(withLines('01/03/2024;;1;;;;1;1,00;;;"aberto;', '01/03/2024;;2;;;;1;2,00;;;;'));
    expect(messages(items)).toEqual(['Linha 2: aspas abertas e não fechadas até o fim do arquivo; linha lida sem considerar as aspas']);
    expect(sales(items).map((s) => [s.line, s.gross, s.customerCode])).toEqual([[2, 100, 'aberto'], [3, 200, null]]);
  });
});

describe('docs/customer-file-layout.md', () => {
  it('its example is read without errors, TOTAL line included', async () => {
    const { readFileSync } = await import('node:fs');
    const doc = readFileSync(new URL('../../../../docs/customer-file-layout.md', import.meta.url), 'utf8');
    const example = /## Exemplo\s+```\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';
    const items = await parse(utf8(example));
    expect(errors(items)).toEqual([]);
    expect(sales(items)).toHaveLength(4);
    expect(items.at(-1)).toMatchObject({ kind: 'trailer', saleCount: 4, gross: 1340683 });
  });
});
