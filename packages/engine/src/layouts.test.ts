import { describe, expect, it } from 'vitest';
import { detectFile, FILE_TYPES, LAYOUTS } from './layouts';
import { sampleBytes, textBytes } from './test-support.helper';

describe('detectFile', () => {
  it('recognises the genuine Rede samples from their first bytes', () => {
    expect(detectFile(sampleBytes('rede/R97470EEVC01.cmp'))).toEqual({ layout: 'REDE_EEVC', operator: 'rede', fileType: 'EEVC', version: 'V2.01 - 09/06 - EEVC' });
    expect(detectFile(sampleBytes('rede/R97470EEVD17.cmp'))).toEqual({ layout: 'REDE_EEVD', operator: 'rede', fileType: 'EEVD', version: 'V1.04 - 07/10 - EEVD' });
  });

  it('returns null for empty files, text, binary garbage and the undocumented 2023 Rede versions', () => {
    expect(detectFile(new Uint8Array(0))).toBeNull();
    expect(detectFile(textBytes('hello\nworld'))).toBeNull();
    expect(detectFile(Uint8Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256))).toBeNull();
    expect(detectFile(textBytes(`002${' '.repeat(98)}V3.00 - 05/2023 EEVC`))).toBeNull();
    expect(detectFile(textBytes('00,014797470,17072019,16072019,x,Redecard,y,000124,DIARIO,V2.00 - 05/2023 EEVD'))).toBeNull();
  });

  it('gives every layout a distinct id and every file type a label', () => {
    expect(new Set(LAYOUTS.map((l) => l.id)).size).toBe(LAYOUTS.length);
    expect(new Set(FILE_TYPES.map((t) => t.value)).size).toBe(FILE_TYPES.length);
    for (const t of FILE_TYPES) expect(t.label).not.toBe('');
  });
});
