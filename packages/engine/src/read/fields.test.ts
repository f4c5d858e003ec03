import { describe, expect, it } from 'vitest';
import { LineError, amount, card, date, dateOrNull, num, numericKey, requireLength, slice, timeOrNull } from './fields';

const thrown = (f: () => unknown): LineError => {
  try {
    f();
  } catch (e) {
    if (e instanceof LineError) return e;
    throw e;
  }
  throw new Error('did not throw');
};

describe('field decoders', () => {
  it('slices 1-based inclusive positions, short lines giving short fields', () => {
    expect(slice('0123456789', 4, 6)).toBe('345');
    expect(slice('0123', 3, 10)).toBe('23');
    expect(slice('0123', 8, 10)).toBe('');
  });

  it('reads V(n,d) amounts as integer centavos from the digits', () => {
    expect(amount('0000000013211', 1, 'v')).toBe(13211);
    expect(amount('000000000000000', 1, 'v')).toBe(0);
    expect(amount('999999999999999', 1, 'v')).toBe(999999999999999);
    expect(amount('0000000013211', 1, 'v', { sign: '-' })).toBe(-13211);
    expect(amount('0000000013211', 1, 'v', { sign: '+' })).toBe(13211);
    expect(Object.is(amount('000', 1, 'v', { sign: '-' }), 0)).toBe(true);
  });

  it('refuses bad amounts with a pt-BR, line-numbered reason', () => {
    const e = thrown(() => amount('12A4', 12, 'valor bruto'));
    expect(e.message).toBe('Linha 12: valor bruto não numérico ("12A4")');
    expect([e.line, e.field]).toEqual([12, 'valor bruto']);
    expect(thrown(() => amount('   ', 3, 'valor')).message).toBe('Linha 3: valor ausente');
    expect(thrown(() => amount('1,50', 3, 'valor')).message).toBe('Linha 3: valor não numérico ("1,50")');
    expect(thrown(() => amount('-150', 3, 'valor')).message).toBe('Linha 3: valor não numérico ("-150")');
    expect(thrown(() => amount('150', 3, 'valor', { sign: '*' })).message).toBe('Linha 3: valor com sinal inválido ("*")');
    expect(thrown(() => amount('99999999999999999', 3, 'valor')).message).toBe('Linha 3: valor fora do intervalo ("99999999999999999")');
  });

  it('converts amounts with other implied decimals exactly', () => {
    expect(amount('1234', 1, 'v', { decimals: 0 })).toBe(123400);
    expect(amount('1234', 1, 'v', { decimals: 1 })).toBe(12340);
    expect(amount('123400', 1, 'v', { decimals: 4 })).toBe(1234);
    expect(thrown(() => amount('123456', 1, 'taxa', { decimals: 4 })).message).toBe('Linha 1: taxa com fração de centavo ("123456")');
  });

  it('reads numbers and numeric keys', () => {
    expect(num('000058', 1, 'n')).toBe(58);
    expect(numericKey(' 014797470 ', 1, 'PV')).toBe('014797470');
    expect(thrown(() => num('', 7, 'quantidade')).message).toBe('Linha 7: quantidade ausente');
    expect(thrown(() => numericKey('01A', 7, 'PV')).message).toBe('Linha 7: PV não numérico ("01A")');
  });

  it('reads the three date layouts into business dates, with validation', () => {
    expect(date('30062020', 1, 'd', 'DDMMAAAA')).toBe('2020-06-30');
    expect(date('20200630', 1, 'd', 'AAAAMMDD')).toBe('2020-06-30');
    expect(date('200630', 1, 'd', 'AAMMDD')).toBe('2020-06-30');
    expect(date('29022020', 1, 'd', 'DDMMAAAA')).toBe('2020-02-29');
    expect(dateOrNull('00000000', 1, 'd', 'DDMMAAAA')).toBeNull();
    expect(dateOrNull('        ', 1, 'd', 'DDMMAAAA')).toBeNull();
    expect(thrown(() => date('29022019', 5, 'data da venda', 'DDMMAAAA')).message).toBe('Linha 5: data da venda inválida ("29022019")');
    expect(thrown(() => date('20201301', 5, 'data', 'AAAAMMDD')).message).toBe('Linha 5: data inválida ("20201301")');
    expect(thrown(() => date('3006202', 5, 'data', 'DDMMAAAA')).message).toBe('Linha 5: data não é uma data DDMMAAAA ("3006202")');
    expect(thrown(() => date('00000000', 5, 'data', 'DDMMAAAA')).message).toBe('Linha 5: data ausente ("00000000")');
  });

  it('reads times and masked cards', () => {
    expect(timeOrNull('103548', 1, 'h')).toBe('10:35:48');
    expect(timeOrNull('      ', 1, 'h')).toBeNull();
    expect(thrown(() => timeOrNull('256000', 2, 'hora')).message).toBe('Linha 2: hora não é uma hora HHMMSS ("256000")');
    expect(card('409600XXXXXX8666')).toEqual({ masked: '409600XXXXXX8666', bin: '409600', last4: '8666' });
    expect(card('603689*********2099')).toEqual({ masked: '603689*********2099', bin: '603689', last4: '2099' });
    expect(card('   ')).toBeNull();
  });

  // bare digits are read on a short path, a repeated date from a cache: the same values and messages as the full path
  it('reads bare digits and repeated dates as the full decoders do', () => {
    expect(amount('0000000013211', 1, 'v', { sign: ' ' })).toBe(13211);
    expect(amount(' 13211', 1, 'v')).toBe(13211);
    expect(amount('1234567890123456', 1, 'v')).toBe(1234567890123456);
    expect(thrown(() => amount('150', 3, 'valor', { sign: '  x' })).message).toBe('Linha 3: valor com sinal inválido ("  x")');
    expect(num('9007199254740991', 1, 'n')).toBe(9007199254740991);
    expect(thrown(() => num('9007199254740993', 4, 'n')).message).toBe('Linha 4: n fora do intervalo ("9007199254740993")');
    expect(numericKey('014797470', 1, 'PV')).toBe('014797470');
    expect(thrown(() => numericKey('', 7, 'PV')).message).toBe('Linha 7: PV ausente');
    for (const line of [5, 6]) {
      expect(date('30062020', line, 'd', 'DDMMAAAA')).toBe('2020-06-30');
      expect(dateOrNull('00000000', line, 'd', 'DDMMAAAA')).toBeNull();
      expect(thrown(() => date('00000000', line, 'data', 'DDMMAAAA')).message).toBe(`Linha ${line}: data ausente ("00000000")`);
      expect(thrown(() => date('31022020', line, 'data da venda', 'DDMMAAAA')).message).toBe(`Linha ${line}: data da venda inválida ("31022020")`);
    }
    expect(timeOrNull('235959', 1, 'h')).toBe('23:59:59');
    expect(thrown(() => timeOrNull(' 10354', 1, 'h')).message).toBe('Linha 1: h não é uma hora HHMMSS (" 10354")');
    expect(thrown(() => timeOrNull('240000', 2, 'hora')).message).toBe('Linha 2: hora não é uma hora HHMMSS ("240000")');
    expect(thrown(() => timeOrNull('1035a8', 2, 'hora')).message).toBe('Linha 2: hora não é uma hora HHMMSS ("1035a8")');
    expect(card(' 409600XXXXXX8666 ')).toEqual({ masked: '409600XXXXXX8666', bin: '409600', last4: '8666' });
    expect(card('XXXXXX123')).toEqual({ masked: 'XXXXXX123', bin: null, last4: null });
    expect(card('4096')).toEqual({ masked: '4096', bin: null, last4: '4096' });
    expect(card('40960')).toEqual({ masked: '40960', bin: null, last4: '0960' });
    expect(card('000000')).toBeNull();
    // the same text in another layout is another date (or none)
    expect(thrown(() => date('30062020', 1, 'd', 'AAAAMMDD')).message).toBe('Linha 1: d inválida ("30062020")');
  });

  it('names a truncated record', () => {
    expect(thrown(() => requireLength('008123', 230, 9, '008')).message).toBe(
      'Linha 9: registro 008 com 6 posições, esperado ao menos 230 (linha truncada?)',
    );
  });
});
