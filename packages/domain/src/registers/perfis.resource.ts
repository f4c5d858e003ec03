import { defineRegister } from '../register-kit/register';
import { pageOf } from './register-pages';

/** Perfil (spec part 2 §2.1, §3 Profile, §6): a named set of screens (resources) a user may open. */
export const perfisRegister = defineRegister({
  ...pageOf('perfis'),
  typeName: 'Perfil',
  menuSection: 'Cadastros',
  menuIcon: 'AdminPanelSettings',
  id: 'codperfil',
  keyFields: ['codperfil'],
  ops: { list: 'listarPerfil', get: 'getPerfil', save: 'savePerfil', delete: 'deletarPerfil' },
  messages: { inserted: 'Registro inserido com sucesso!', saved: 'Registro salvo com sucesso!' },
  fields: {
    codperfil: { kind: 'number', label: 'Código', form: 'readonly' },
    nome: { kind: 'text', label: 'Nome', column: true, filter: true, maxLength: 100, required: true },
    // Kept in perfil_recursos, not in perfis: the server entry loads and stores it.
    recursos: { kind: 'references', label: 'Telas', optionList: 'listarRecursos', virtual: true, required: true },
  },
});
