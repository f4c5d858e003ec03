import { describe, expect, it } from 'vitest';
import { getnetLayouts } from '../getnet/index';
import type { LayoutDef } from '../layout';
import { decodeLatin1 } from '../read/lines';
import { fixtureBytes, sampleBytes } from '../test-support.helper';
import { redeFileTypes, redeLayouts } from './index';

const LAYOUTS: LayoutDef[] = [...redeLayouts, ...getnetLayouts];
const detect = (bytes: Uint8Array) => {
  const head = decodeLatin1(bytes.subarray(0, 4096));
  return LAYOUTS.map((l) => l.detect(head)).filter((d) => d !== null);
};

describe('detection: EEFI vs EEVC vs EEVD vs Getnet vs other', () => {
  it('recognises each file by exactly one layout', () => {
    expect(detect(fixtureBytes('rede/R97470EEFI01.cmp'))).toEqual([{ layout: 'REDE_EEFI', operator: 'rede', fileType: 'EEFI', version: 'V3.01 - 09/06 - EEFI' }]);
    expect(detect(sampleBytes('rede/R97470EEVC01.cmp')).map((d) => d.layout)).toEqual(['REDE_EEVC']);
    expect(detect(sampleBytes('rede/R97470EEVD17.cmp')).map((d) => d.layout)).toEqual(['REDE_EEVD']);
    expect(detect(fixtureBytes('getnet/GETNET_V10_20200702.txt'))).toEqual([
      { layout: 'GETNET_V10', operator: 'getnet', fileType: 'GETNET', version: 'Sant. v.10 400 bytes' },
    ]);
  });

  it('refuses other versions, other files and garbage', () => {
    const eefi = decodeLatin1(fixtureBytes('rede/R97470EEFI01.cmp'));
    const getnet = decodeLatin1(fixtureBytes('getnet/GETNET_V10_20200702.txt'));
    const none = (text: string) => expect(detect(Uint8Array.from(text, (c) => c.charCodeAt(0)))).toEqual([]);
    none(eefi.replace('V3.01 - 09/06 - EEFI', 'V4.00 - 05/2023 EEFI'));
    none(eefi.replace('V3.01 - 09/06 - EEFI', 'V3.01 - 09/06 - EEVC'));
    none(getnet.replace('Sant. v.10 400 bytes', 'Sant. v.8.0 400 bytes'));
    none(getnet.replace('CEADM100', 'CEADM200'));
    none('');
    none('hello\nworld');
    none(String.fromCharCode(...Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256)));
  });

  it('lists the EEFI file type', () => {
    expect(redeFileTypes.find((t) => t.value === 'EEFI')).toEqual({ value: 'EEFI', label: 'Rede EEFI - Pagamentos', operator: 'rede' });
  });
});
