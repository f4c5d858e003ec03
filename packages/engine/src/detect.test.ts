import { describe, expect, it } from 'vitest';
import { detectLayout } from './detect';
import { sampleLines } from './test-support.helper';

describe('detectLayout', () => {
  it('recognises the genuine Rede samples from their first line', () => {
    expect(detectLayout(sampleLines('R97470EEVC01.cmp')[0]!)).toEqual({ operator: 'rede', layout: 'EEVC', version: 'V2.01 - 09/06 - EEVC' });
    expect(detectLayout(sampleLines('R97470EEVD17.cmp')[0]!)).toEqual({ operator: 'rede', layout: 'EEVD', version: 'V1.04 - 07/10 - EEVD' });
  });

  it('returns null for other files, EEFI and the undocumented 2023 versions', () => {
    expect(detectLayout('')).toBeNull();
    expect(detectLayout('hello')).toBeNull();
    expect(detectLayout(`030${' '.repeat(102)}V3.01 - 09/06 - EEFI`)).toBeNull();
    expect(detectLayout(`002${' '.repeat(98)}V3.00 - 05/2023 EEVC`)).toBeNull();
    expect(detectLayout('00,014797470,17072019,16072019,x,Redecard,y,000124,DIARIO,V2.00 - 05/2023 EEVD')).toBeNull();
  });
});
