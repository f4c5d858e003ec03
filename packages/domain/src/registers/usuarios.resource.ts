import { z } from 'zod';
import { MSG } from '../messages';
import { novaSenhaField } from '../password';
import { defineRegister } from '../register-kit/register';
import { maximo, obrigatorio } from '../register-kit/zod-fields';
import { pageOf } from './register-pages';

/** Usuário (spec part 2 §2.1, §3 User): who signs in, under which person, with which profile. */
export const usuariosRegister = defineRegister({
  ...pageOf('usuarios'),
  typeName: 'Usuario',
  menuSection: 'Cadastros',
  menuIcon: 'People',
  id: 'codusuario',
  keyFields: ['codusuario'],
  ops: { list: 'listarUsuario', get: 'getUsuario', save: 'saveUsuario', delete: 'deletarUsuario' },
  messages: { inserted: 'Registro inserido com sucesso!', saved: 'Registro salvo com sucesso!' },
  fields: {
    codusuario: { kind: 'number', label: 'Código', form: 'readonly' },
    // a login is one word, kept in upper case
    login: {
      kind: 'text', label: 'Login', column: true, filter: true, maxLength: 50,
      zod: z
        .string({ error: obrigatorio('Login') })
        .trim()
        .min(1, obrigatorio('Login'))
        .max(50, maximo('Login', 50))
        .regex(/^\S+$/, MSG.usuarioLoginEspacos)
        .transform((s) => s.toUpperCase()),
    },
    nome: { kind: 'text', label: 'Nome', column: true, filter: true, maxLength: 100, required: true },
    email: { kind: 'email', label: 'Email' },
    validade: { kind: 'date', label: 'Validade', column: true },
    // Empty on insert: the user belongs to the caller's own person.
    codpessoa: { kind: 'reference', label: 'Empresa', optionList: 'listarItensPessoas' },
    codperfil: { kind: 'reference', label: 'Perfil', optionList: 'listarItensPerfis', required: true },
    responsavel: {
      kind: 'text', label: 'Responsável', maxLength: 100,
      zod: z.preprocess(
        (v) => (v === '' || v === undefined ? null : v),
        z.string().trim().max(100, maximo('Responsável', 100)).transform((s) => s.toUpperCase()).nullable(),
      ),
    },
    piloto: { kind: 'boolean', label: 'Piloto' },
    permitido: { kind: 'boolean', label: 'Permitido', default: true },
    // Typed, never shown: the server stores only its argon2id hash and no call answers either. Empty means
    // "keep the current one" (or, on insert, "defined later by a reset link").
    senha: {
      kind: 'password', label: 'Senha', writeOnly: true, virtual: true, maxLength: 100,
      zod: z.preprocess((v) => (v === '' || v === undefined ? null : v), novaSenhaField.nullable()),
    },
  },
});
