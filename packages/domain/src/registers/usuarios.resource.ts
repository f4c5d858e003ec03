import { z } from 'zod';
import { MSG } from '../messages';
import { novaSenhaField } from '../password';
import { defineRegister } from '../register-kit/register';
import { maximo, obrigatorio, zDate, zEmail, zInt, zText } from '../register-kit/zod-fields';

/** An empty password field means "keep the current one" (or, on insert, "defined later by a reset link"). */
const senhaOpcional = z.preprocess((v) => (v === '' || v === undefined ? null : v), novaSenhaField.nullable());

/** Usuário (spec part 2 §2.1, §3 User): who signs in, under which person, with which profile. */
export const usuariosSchema = z.object({
  codusuario: zInt('Código'),
  codpessoa: zInt('Empresa'),
  // Sign-in upper-cases what is typed, so logins are stored upper-case and compared that way.
  login: z
    .string({ error: obrigatorio('Login') })
    .trim()
    .min(1, obrigatorio('Login'))
    .max(50, maximo('Login', 50))
    .regex(/^\S+$/, MSG.usuarioLoginEspacos)
    .transform((s) => s.toUpperCase()),
  nome: zText('Nome', { required: true, max: 100 }),
  email: zEmail('Email'),
  validade: zDate('Validade'),
  codperfil: zInt('Perfil', { required: true }),
  responsavel: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.string().trim().max(100, maximo('Responsável', 100)).transform((s) => s.toUpperCase()).nullable(),
  ),
  piloto: z.boolean().default(false),
  permitido: z.boolean().default(true),
  senha: senhaOpcional,
});

export const usuariosRegister = defineRegister({
  key: 'usuarios',
  typeName: 'Usuario',
  title: 'Usuário',
  page: 'usuario',
  menuSection: 'Cadastros',
  menuIcon: 'People',
  id: 'codusuario',
  keyFields: ['codusuario'],
  schema: usuariosSchema,
  ops: { list: 'listarUsuario', get: 'getUsuario', save: 'saveUsuario', delete: 'deletarUsuario' },
  messages: { inserted: 'Registro inserido com sucesso!', saved: 'Registro salvo com sucesso!' },
  fields: {
    codusuario: { kind: 'number', label: 'Código', form: 'readonly' },
    login: { kind: 'text', label: 'Login', column: true, filter: true, maxLength: 50 },
    nome: { kind: 'text', label: 'Nome', column: true, filter: true, maxLength: 100 },
    email: { kind: 'email', label: 'Email' },
    validade: { kind: 'date', label: 'Validade', column: true },
    // Empty on insert: the user belongs to the caller's own person.
    codpessoa: { kind: 'reference', label: 'Empresa', optionList: 'listarItensPessoas' },
    codperfil: { kind: 'reference', label: 'Perfil', optionList: 'listarItensPerfis' },
    responsavel: { kind: 'text', label: 'Responsável', maxLength: 100 },
    piloto: { kind: 'boolean', label: 'Piloto' },
    permitido: { kind: 'boolean', label: 'Permitido' },
    // Typed, never shown: the server stores only its argon2id hash and no call answers either.
    senha: { kind: 'password', label: 'Senha', writeOnly: true, virtual: true, maxLength: 100 },
  },
});
