import { describe, expect, it } from 'vitest';
import { bytesText, goldenBytes, textToBytes } from './bank-golden.helper';
import { parseCnab240Extrato } from './cnab240-extrato.parser';
import { detectBankStatement } from './index';

const NAME = 'itau-extrato-cnab240.ret';
const lines = () => bytesText(goldenBytes(NAME)).split('\r\n').filter((l) => l !== '');
/** The golden file with some records edited (0-based index), CRLF endings. */
function edited(edit: (l: string[]) => void, eol = '\r\n'): Uint8Array {
  const l = lines();
  edit(l);
  return textToBytes(l.join(eol) + eol);
}
/** `text` with `value` written from 1-based position `start`. */
const at = (text: string, start: number, value: string) => text.slice(0, start - 1) + value + text.slice(start - 1 + value.length);
const messages = (m: { message: string }[]) => m.map((x) => x.message);

describe('CNAB 240 extrato traps', () => {
  const reference = parseCnab240Extrato(goldenBytes(NAME));

  it('CRLF, LF, a trailing Ctrl-Z and blank lines read the same', () => {
    expect(parseCnab240Extrato(edited(() => {}, '\n'))).toEqual(reference);
    expect(parseCnab240Extrato(textToBytes(`${bytesText(goldenBytes(NAME))}\r\n\r\n\u001a`))).toEqual(reference);
    expect(parseCnab240Extrato(textToBytes(`${bytesText(goldenBytes(NAME)).replace(/\r\n$/, '')}\u001a`))).toEqual(reference);
  });

  it('UTF-8 accents: positions counted in characters, one warning', () => {
    const s = parseCnab240Extrato(new TextEncoder().encode(bytesText(goldenBytes(NAME))));
    expect(s.accounts).toEqual(reference.accounts);
    expect(messages(s.warnings)).toContain('Linha 3: texto em UTF-8 (o CNAB 240 é latin-1): lido como UTF-8, posições contadas em caracteres');
  });

  it('a trailer whose totals disagree is a warning, not an error', () => {
    const s = parseCnab240Extrato(edited((l) => (l[6] = at(l[6]!, 177, '000000000000126251'))));
    expect(s.errors).toEqual([]);
    expect(messages(s.warnings)).toContain('Linha 7: trailer do lote 0001 não confere: somatória dos débitos informado 1.262,51, lido 1.262,50');
    const count = parseCnab240Extrato(edited((l) => (l[10] = at(l[10]!, 24, '000099'))));
    expect(messages(count.warnings)).toContain('Linha 11: trailer de arquivo não confere: quantidade de registros informado 99, lido 11');
    const saldo = parseCnab240Extrato(edited((l) => (l[6] = at(l[6]!, 151, '000000000000135781'))));
    expect(messages(saldo.warnings)).toContain(
      'Linha 7: saldo final 1.357,81 do lote 0001 não confere com saldo inicial 1.000,00 + créditos 1.620,30 − débitos 1.262,50 = 1.357,80',
    );
  });

  it('an unknown categoria is a warning once per code, the code kept raw', () => {
    expect(messages(reference.warnings)).toEqual(['Linha 6: código de categoria do lançamento "217" desconhecido; carregado como "desconhecido (217)"']);
    expect(reference.accounts[0]!.postings[3]!.categoria).toBe('217');
  });

  it('a short record is a located error when it lacks a field, a warning when only blanks were trimmed; a long one a warning', () => {
    const short = parseCnab240Extrato(edited((l) => (l[2] = l[2]!.slice(0, 150))));
    expect(messages(short.errors)).toEqual(['Linha 3: registro segmento E com 150 posições, esperado ao menos 172 (linha truncada?)']);
    expect(short.accounts[0]!.postings).toHaveLength(3);
    // an editor that trims trailing blanks: segment E without a document number, the file trailer
    const trimmed = parseCnab240Extrato(edited((l) => {
      l[3] = l[3]!.trimEnd();
      l[10] = l[10]!.trimEnd();
    }));
    expect(trimmed.errors).toEqual([]);
    expect(trimmed.accounts).toEqual(reference.accounts);
    expect(messages(trimmed.warnings)).toContain('Linha 4: registro com 198 posições, esperado 240 (brancos finais removidos?); 2 registro(s) assim no arquivo, lidos com o final em branco');
    const long = parseCnab240Extrato(edited((l) => (l[4] = `${l[4]!}XX`)));
    expect(long.accounts).toEqual(reference.accounts);
    expect(messages(long.warnings)).toContain('Linha 5: registro com 242 posições, esperado 240; 1 registro(s) assim no arquivo, lidas as 240 primeiras posições');
  });

  it('bad fields are located errors and the reading goes on', () => {
    const s = parseCnab240Extrato(edited((l) => {
      l[2] = at(l[2]!, 169, 'X');
      l[3] = at(l[3]!, 143, '31112026');
      l[4] = at(l[4]!, 151, '00000000000012A000');
    }));
    expect(messages(s.errors)).toEqual([
      'Linha 3: tipo do lançamento não é D nem C ("X")',
      'Linha 4: data do lançamento inválida ("31112026")',
      'Linha 5: valor do lançamento não numérico ("00000000000012A000")',
    ]);
    expect(s.accounts[0]!.postings.map((p) => p.line)).toEqual([6]);
  });

  it('a truncated file (no trailers) is an error; a lote of another service is skipped with a warning', () => {
    const cut = parseCnab240Extrato(edited((l) => l.splice(6)));
    expect(messages(cut.errors)).toEqual([
      'Linha 6: lote 0001 (linha 2) sem o trailer de lote: o arquivo termina',
      'Linha 6: arquivo termina sem o trailer de arquivo (tipo 9) (arquivo truncado?)',
    ]);
    expect(cut.accounts[0]!.postings).toHaveLength(4);
    const cobranca = parseCnab240Extrato(edited((l) => (l[7] = at(l[7]!, 9, 'T01'))));
    expect(cobranca.accounts).toHaveLength(1);
    expect(messages(cobranca.warnings)).toContain('Linha 8: lote 0002 de operação "T" e serviço "01" não é extrato para conciliação (E, 04): seus registros são ignorados');
  });

  it('a file without its header de arquivo says so once, on its first record', () => {
    const s = parseCnab240Extrato(edited((l) => l.shift()));
    expect(messages(s.errors)).toEqual(['Linha 1: esperado o header de arquivo (tipo 0), encontrado registro tipo "1"']);
    expect(s.accounts[0]!.postings).toHaveLength(4);
  });

  it('detection needs the extrato header de lote, not just a CNAB 240 header', () => {
    expect(detectBankStatement(goldenBytes(NAME))).toBe('CNAB240_EXTRATO');
    expect(detectBankStatement(edited((l) => (l[1] = at(l[1]!, 9, 'T01'))))).toBeNull();
  });
});
