import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { forcaSenha, novaSenhaSchema, redefinirSenhaSchema, responsavelSchema } from './password';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('new password rules (spec part 2 §5)', () => {
  it('requires at least 6 characters', () => {
    expect(firstMessage(novaSenhaSchema.safeParse({ senha: 'abc12', confirmaSenha: 'abc12' }))).toBe(MSG.novaSenhaMinimo);
  });

  it('allows only letters, digits and underscore', () => {
    expect(firstMessage(novaSenhaSchema.safeParse({ senha: 'abc#123', confirmaSenha: 'abc#123' }))).toBe(MSG.senhaCaracteres);
    expect(novaSenhaSchema.safeParse({ senha: 'abc_123', confirmaSenha: 'abc_123' }).success).toBe(true);
  });

  it('requires a matching confirmation', () => {
    const r = novaSenhaSchema.safeParse({ senha: 'abc123', confirmaSenha: 'abc124' });
    expect(r.error?.issues[0]).toMatchObject({ message: MSG.senhasNaoConferem, path: ['confirmaSenha'] });
    expect(firstMessage(novaSenhaSchema.safeParse({ senha: 'abc123', confirmaSenha: '' }))).toBe(MSG.confirmaSenhaObrigatoria);
  });

  it('requires the current password on a signed-in change', () => {
    expect(firstMessage(redefinirSenhaSchema.safeParse({ senhaAtual: '', senha: 'abc123', confirmaSenha: 'abc123' }))).toBe(MSG.senhaAtualObrigatoria);
  });

  it('stores the responsible person uppercased', () => {
    expect(responsavelSchema.parse({ responsavel: ' maria silva ' }).responsavel).toBe('MARIA SILVA');
    expect(firstMessage(responsavelSchema.safeParse({ responsavel: '  ' }))).toBe(MSG.responsavelObrigatorio);
  });

  it('names the strength with the six words of the meter', () => {
    expect(forcaSenha('abc').palavra).toBe('Curta');
    expect(forcaSenha('abcdef').palavra).toBe('Muito Fraca');
    expect(forcaSenha('abc123').palavra).toBe('Fraca');
    expect(forcaSenha('Abc123').palavra).toBe('Boa');
    expect(forcaSenha('Abc_123').palavra).toBe('Forte');
    expect(forcaSenha('Abc_123_xyz_9').palavra).toBe('Muito Forte');
  });
});
