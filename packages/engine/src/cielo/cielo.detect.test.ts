import { describe, expect, it } from 'vitest';
import { fixtureBytes, textBytes } from '../test-support.helper';
import { decodeLatin1 } from '../read/lines';
import { cieloFileTypes, cieloLayouts } from './index';

const detect = (bytes: Uint8Array) => cieloLayouts.map((l) => l.detect(decodeLatin1(bytes.subarray(0, 4096)))).find((d) => d) ?? null;

describe('Cielo detection', () => {
  it('tells v15 from v14 and names the file type from the header', () => {
    expect(detect(fixtureBytes('cielo/CIELO03_v15.txt'))).toEqual({ layout: 'CIELO_V15', operator: 'cielo', fileType: 'CIELO03', version: '015' });
    expect(detect(fixtureBytes('cielo/CIELO16_v15.txt'))).toMatchObject({ layout: 'CIELO_V15', fileType: 'CIELO16' });
    expect(detect(fixtureBytes('cielo/CIELO03_v14.txt'))).toEqual({ layout: 'CIELO_V14', operator: 'cielo', fileType: 'CIELO03', version: '013' });
    expect(detect(fixtureBytes('cielo/CIELO10_v14.txt'))).toMatchObject({ layout: 'CIELO_V14', fileType: 'CIELO10', version: '014' });
  });

  it('recognises no other file', () => {
    expect(detect(new Uint8Array(0))).toBeNull();
    expect(detect(textBytes('hello\nworld'))).toBeNull();
    expect(detect(Uint8Array.from({ length: 4096 }, (_, i) => (i * 131 + 7) % 256))).toBeNull();
    const header = decodeLatin1(fixtureBytes('cielo/CIELO03_v15.txt')).split('\n')[0]!;
    expect(detect(textBytes(header.slice(0, 70) + '001'))).toBeNull(); // the older VAN layout
    expect(detect(textBytes(header.slice(0, 47) + '99' + header.slice(49)))).toBeNull();
    expect(detect(textBytes(header.replace('CIELO', 'REDEX')))).toBeNull();
  });

  it('labels every file type it can detect', () => {
    for (const t of cieloFileTypes) expect(t.label).toMatch(/^Cielo \d\d - /);
  });
});
