import { bytesSource, layoutById, type ParsedItem } from '@concilia/engine';
import { describe, expect, it } from 'vitest';
import { ticketsCsv } from '../src/features/tickets/ticket-csv';

async function parse(text: string): Promise<ParsedItem[]> {
  const items: ParsedItem[] = [];
  for await (const item of layoutById('CLIENTE_CSV')!.parse(bytesSource(new TextEncoder().encode(text)))) items.push(item);
  return items;
}

describe('tickets written as the customer sales file', () => {
  it('writes a negative amount with one sign: -150 centavos is -1,50, not -1,-50', () => {
    const text = ticketsCsv([{ datavenda: '2026-03-05', parcelas: 1, valor: -150, nsu: '1' }]);
    expect(text.split('\r\n')[1]).toBe('05/03/2026;;1;;;;1;-1,50;;;;;;');
    expect(text.endsWith('\r\nTOTAL;1;-1,50\r\n')).toBe(true);
  });

  it('is a machine layout: the parser reads back the same centavos and texts, formula-looking ones not neutralised', async () => {
    const text = ticketsCsv([
      { datavenda: '2026-03-05', parcelas: 1, valor: 150, nsu: '1', codigoCliente: '-CLI;"7"', nossoNumero: '=1+1' },
      { datavenda: '2026-03-06', parcelas: 2, valor: 123456, nsu: '2' },
    ]);
    expect(text).toContain('\r\nTOTAL;2;1236,06\r\n');
    const items = await parse(text);
    expect(items.filter((i) => i.kind === 'error')).toEqual([]);
    const sales = items.flatMap((i) => (i.kind === 'customerSale' ? [i] : []));
    expect(sales.map((s) => [s.gross, s.nsu, s.customerCode, s.nossoNumero])).toEqual([[150, '1', '-CLI;"7"', '=1+1'], [123456, '2', null, null]]);
  });
});
