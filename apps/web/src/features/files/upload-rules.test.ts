import { describe, expect, it } from 'vitest';
import { checkUploads, isFinalStatus, megabytes } from './upload-rules';

const file = (name: string, size: number) => ({ name, size });

describe('upload widget rules (spec part 1 §5)', () => {
  it('refuses a batch of more files than allowed', () => {
    const r = checkUploads([file('a', 1), file('b', 1), file('c', 1), file('d', 1)]);
    expect(r).toEqual({ accepted: [], errors: ['Não é possível enviar mais de 3 arquivos.'] });
  });

  it('refuses a file over 3,000,000 bytes, saying only that it is too large, and keeps the others whatever their extension', () => {
    const r = checkUploads([file('R97470EEVC01.cmp', 3_000_000), file('foto.jpeg', 10), file('grande.txt', 3_000_001)]);
    expect(r.accepted.map((f) => f.name)).toEqual(['R97470EEVC01.cmp', 'foto.jpeg']);
    expect(r.errors).toEqual(['grande.txt: Arquivo muito grande: o limite é 3 MB.']);
    expect(r.errors.join()).not.toMatch(/extensão/);
  });

  it('knows when to stop asking for the status, and says the limit in MB', () => {
    expect(['AGUARDANDO', 'PROCESSANDO'].map(isFinalStatus)).toEqual([false, false]);
    expect(['PROCESSADO', 'PROCESSADO_AVISOS', 'ERRO'].map(isFinalStatus)).toEqual([true, true, true]);
    expect(megabytes(3_000_000)).toBe('3 MB');
  });
});
