import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesText, goldenBytes, textToBytes } from './bank-golden.helper';
import { parseCnab240Extrato } from './cnab240-extrato.parser';
import { writeCnab240Extrato } from './cnab240-extrato.writer';
import { parseBankStatement } from './index';
import type { BankAccountRef, BankPostingInput } from './model';
import { parseOfx } from './ofx.parser';
import { writeOfx } from './ofx.writer';

/** Writers → parsers: random postings written as OFX (SGML and XML) and CNAB 240 read back equal. */

const ACCOUNT: BankAccountRef = { banco: '341', agencia: '1234', conta: '56789', digito: '0' };

const day = fc.integer({ min: 0, max: 3650 }).map((n) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString().slice(0, 10));
/** Printable latin-1 text with accents, trimmed and never blank (the parsers trim and read blank as null). */
const words = (max: number) =>
  fc.string({ unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcxyz0123456789 .-/&<>ÇÃÉÍÓÚçãéíóúâêô'), minLength: 1, maxLength: max })
    .map((s) => s.trim().replace(/\s+/g, ' '))
    .filter((s) => s !== '');
const orNull = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: null });

const cnabPosting: fc.Arbitrary<BankPostingInput> = fc.record({
  data: day,
  natureza: fc.constantFrom<'C' | 'D'>('C', 'D'),
  valor: fc.integer({ min: 0, max: 999_999_999_99 }),
  documento: orNull(words(39)),
  historico: orNull(words(25)),
  codigohistorico: orNull(words(4)),
  categoria: orNull(fc.integer({ min: 0, max: 3 })),
  tipo: fc.constantFrom('DPV', 'SCR', 'SSR', 'CDS'),
  complemento: orNull(words(20)),
}).map((p) => ({ ...p, categoria: p.categoria === null ? null : (p.natureza === 'D' ? ['101', '105', '117', '120'] : ['201', '202', '206', '209'])[p.categoria]! }));

const ofxPosting: fc.Arbitrary<BankPostingInput> = fc.record({
  data: day,
  natureza: fc.constantFrom<'C' | 'D'>('C', 'D'),
  valor: fc.integer({ min: 1, max: 999_999_999_99 }),
  documento: orNull(words(20)),
  historico: words(60),
  codigohistorico: fc.constant(null),
  categoria: fc.constant(null),
  tipo: fc.constantFrom('CREDIT', 'DEBIT', 'XFER', 'FEE', 'PAYMENT', 'OTHER'),
  fitid: words(30).map((s) => s.replace(/ /g, '')).filter((s) => s !== ''),
  complemento: orNull(words(40)),
}).map((p) => ({
  ...p,
  // the writer's type must agree with the sign, or the parser rightly warns
  tipo: p.tipo === 'CREDIT' || p.tipo === 'DEBIT' ? (p.natureza === 'D' ? 'DEBIT' : 'CREDIT') : p.tipo,
  complemento: p.complemento === p.historico ? null : p.complemento,
}));

const withoutLine = <T extends { line: number }>(xs: readonly T[]) => xs.map(({ line: _line, ...rest }) => rest);

describe('bank statement writers → parsers', () => {
  it('CNAB 240: postings, account and balances come back equal, with no message', () => {
    fc.assert(
      fc.property(fc.array(cnabPosting, { maxLength: 30 }), fc.integer({ min: -1_000_000_00, max: 1_000_000_00 }), fc.constantFrom<'\r\n' | '\n'>('\r\n', '\n'), (postings, saldo, lineEnding) => {
        const bytes = writeCnab240Extrato(ACCOUNT, postings, { dataGeracao: '2026-11-21', saldoInicial: { data: '2023-12-31', valor: saldo }, lineEnding });
        const s = parseBankStatement(bytes);
        expect(s.layout).toBe('CNAB240_EXTRATO');
        expect(s.errors).toEqual([]);
        expect(s.warnings).toEqual([]);
        expect(s.accounts).toHaveLength(1);
        const a = s.accounts[0]!;
        expect({ banco: a.banco, agencia: a.agencia, conta: a.conta, digito: a.digito }).toEqual(ACCOUNT);
        expect(withoutLine(a.postings)).toEqual(postings.map((p) => ({ ...p, fitid: null, complemento: p.complemento ?? null })));
        const net = postings.reduce((t, p) => t + (p.natureza === 'C' ? p.valor : -p.valor), 0);
        expect(a.saldoFinal?.valor).toBe(saldo + net);
      }),
      { numRuns: 60 },
    );
  });

  it('OFX SGML (Windows-1252) and XML (UTF-8): postings and account come back equal, with no message', () => {
    fc.assert(
      fc.property(fc.array(ofxPosting, { maxLength: 30 }), fc.constantFrom<'sgml' | 'xml'>('sgml', 'xml'), fc.constantFrom<'\r\n' | '\n'>('\r\n', '\n'), (postings, format, lineEnding) => {
        const unique = postings.map((p, i) => ({ ...p, fitid: `${p.fitid}${i}` }));
        const s = parseBankStatement(writeOfx(ACCOUNT, unique, { format, dataGeracao: '2026-11-21', lineEnding }));
        expect(s.layout).toBe('OFX');
        expect(s.errors).toEqual([]);
        expect(s.warnings).toEqual([]);
        const a = s.accounts[0]!;
        expect({ banco: a.banco, agencia: a.agencia, conta: a.conta, digito: a.digito }).toEqual(ACCOUNT);
        expect(withoutLine(a.postings)).toEqual(unique.map((p) => ({ ...p, complemento: p.complemento ?? null })));
      }),
      { numRuns: 60 },
    );
  });
});

describe('bank statement parsers under mutation', () => {
  const files = ['itau-bb-sgml-latin1.ofx', 'bradesco-xml-2x.ofx', 'itau-extrato-cnab240.ret'];

  it('any byte changed, cut or duplicated: a statement or a LineError, never another exception', () => {
    fc.assert(
      fc.property(fc.constantFrom(...files), fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom('set', 'cut', 'dup'), (name, where, byte, how) => {
        const text = bytesText(goldenBytes(name));
        const i = where % text.length;
        const c = String.fromCharCode(byte);
        const mutated = how === 'set' ? text.slice(0, i) + c + text.slice(i + 1) : how === 'cut' ? text.slice(0, i) : text.slice(0, i) + text.slice(i - 40 < 0 ? 0 : i - 40);
        try {
          const s = parseBankStatement(textToBytes(mutated));
          for (const m of [...s.warnings, ...s.errors]) expect(m.message).toMatch(/^Linha \d+: /);
          for (const a of s.accounts) for (const p of a.postings) {
            expect(Number.isSafeInteger(p.valor) && p.valor >= 0).toBe(true);
            expect(p.data).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          }
        } catch (e) {
          expect((e as Error).name).toBe('LineError');
        }
      }),
      { numRuns: 400 },
    );
  });

  it('CNAB: any amount changed in a segment E moves the trailer check to a warning, never an error', () => {
    const lines = bytesText(goldenBytes('itau-extrato-cnab240.ret')).split('\r\n');
    fc.assert(
      fc.property(fc.constantFrom(2, 3, 4, 5), fc.integer({ min: 0, max: 999_999_99 }), (index, valor) => {
        const copy = [...lines];
        copy[index] = copy[index]!.slice(0, 150) + String(valor).padStart(18, '0') + copy[index]!.slice(168);
        const s = parseCnab240Extrato(textToBytes(copy.join('\r\n')));
        expect(s.errors).toEqual([]);
        expect(s.accounts[0]!.postings[index - 2]!.valor).toBe(valor);
      }),
      { numRuns: 40 },
    );
  });

  it('OFX: the amount written with a comma or a dot reads the same', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999, max: 99_999_999 }), (c) => {
        const abs = Math.abs(c);
        const text = `${c < 0 ? '-' : ''}${Math.floor(abs / 100)}%${String(abs % 100).padStart(2, '0')}`;
        const read = (mark: string) => parseOfx(textToBytes(`<OFX><STMTRS><BANKACCTFROM><BANKID>1<BRANCHID>1<ACCTID>1-1</BANKACCTFROM><STMTTRN><DTPOSTED>20261120<TRNAMT>${text.replace('%', mark)}<FITID>1</STMTTRN></STMTRS></OFX>`));
        const dot = read('.');
        expect(read(',')).toEqual(dot);
        expect(dot.accounts[0]!.postings[0]).toMatchObject({ valor: abs, natureza: c < 0 ? 'D' : 'C' });
      }),
      { numRuns: 100 },
    );
  });
});
