import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeRecord, isUtf8Latin1 } from './text-encoding';

const strict = new TextDecoder('utf-8', { fatal: true });
const latin1Of = (bytes: Uint8Array) => String.fromCharCode(...bytes);

describe('customer file text decoding', () => {
  it('tells valid UTF-8 exactly as a strict decoder does, for any bytes', () => {
    // bytes biased to the multi-byte ranges, where overlongs, surrogates and truncations hide
    const byte = fc.oneof(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0x80, max: 0xf5 }));
    fc.assert(
      fc.property(fc.array(byte, { maxLength: 12 }), (arr) => {
        const bytes = Uint8Array.from(arr);
        let valid = true;
        try {
          strict.decode(bytes);
        } catch {
          valid = false;
        }
        expect(isUtf8Latin1(latin1Of(bytes))).toBe(valid);
      }),
      { numRuns: 20_000 },
    );
  });

  it('reads UTF-8, latin-1 and Windows-1252 lines of one file each as written', () => {
    const utf8 = latin1Of(new TextEncoder().encode('Crédito à vista'));
    expect(decodeRecord(utf8, false)).toEqual({ text: 'Crédito à vista', invalidUtf8: false });
    expect(decodeRecord('D\xe9bito', false)).toEqual({ text: 'Débito', invalidUtf8: false });
    // 0x80 is € in Windows-1252, a control character in latin-1
    expect(decodeRecord('\x80 10,00 Cr\xe9dito', false)).toEqual({ text: '€ 10,00 Crédito', invalidUtf8: false });
    // with a BOM the file is UTF-8: a latin-1 line is an error, not a guess
    expect(decodeRecord('D\xe9bito', true).invalidUtf8).toBe(true);
  });
});
