import { describe, expect, it } from 'vitest';
import { loginSchema } from './login.schema';
import { MSG } from './messages';

const validate = (v: unknown) => loginSchema['~standard'].validate(v);

describe('loginSchema', () => {
  it('trims the login and answers it in capitals', () => {
    expect(validate({ username: '  cliente ', password: ' x ' })).toEqual({ value: { username: 'CLIENTE', password: ' x ' } });
  });
  it('requires both, with the catalogue texts', () => {
    expect(validate({ username: '   ', password: '' })).toEqual({
      issues: [{ message: MSG.usuarioObrigatorio, path: ['username'] }, { message: MSG.senhaObrigatoria, path: ['password'] }],
    });
  });
});
