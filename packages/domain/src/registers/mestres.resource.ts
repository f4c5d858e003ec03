import { MSG } from '../messages';
import { actionForm, defineRegister, type RegisterDef } from '../register-kit/register';
import { pageOf } from './register-pages';

/**
 * The master-user lists (spec part 2 §2.1, §6, §7 "Master users and impersonation"): the users a master user
 * may sign in as — every user of a person below the master's, never a colleague of its own company. Logar asks
 * 'Deseja realmente logar com este usuário?' and opens the session as that user (logarUsuarioMestre /
 * logarUsuarioMestreRevenda); the session remembers the master, who returns with 'Voltar ao meu usuário'.
 */
const MASTER_FIELDS = {
  codusuario: { kind: 'number', label: 'Código', form: false },
  login: { kind: 'text', label: 'Login', column: true, filter: true, form: false, width: 160 },
  nome: { kind: 'text', label: 'Nome', column: true, filter: true, form: false },
  nomepessoa: { kind: 'text', label: 'Empresa', column: true, filter: true, form: false },
  perfil: { kind: 'text', label: 'Perfil', column: true, form: false, width: 170 },
  email: { kind: 'email', label: 'Email', column: true, form: false },
  responsavel: { kind: 'text', label: 'Responsável', column: true, form: false },
  validade: { kind: 'date', label: 'Validade', column: true, form: false, width: 120 },
  // what logarUsuarioMestre's searchValues carry (spec part 2 §7): kept on the row, not shown
  codperfil: { kind: 'number', label: 'Perfil (código)', form: false },
  codpessoa: { kind: 'number', label: 'Empresa (código)', form: false },
  codpessoapai: { kind: 'number', label: 'Empresa acima (código)', form: false },
} as const;

type Action = NonNullable<RegisterDef['actions']>[number];

/** Plano R$ (plain master list only): what the user's company pays in reais for its POS (getPlanoReais), in a side drawer. */
const PLANO_REAIS: Action = { key: 'planoReais', label: 'Plano R$', icon: 'RequestQuote', scope: 'single', kind: 'open', operation: 'getPlanoReais', success: '' };

/** Tefs (plain master list only): the TEF solutions the user's company runs, in a side drawer (getTefs, salvarTefs). */
const TEFS: Action = { key: 'tefs', label: 'Tefs', icon: 'PointOfSale', scope: 'single', kind: 'open', operation: 'salvarTefs', success: '' };

/**
 * Editar (reseller master list; salvarMestreRevenda, spec part 2 §5): the listed user's responsável and e-mail,
 * both required, the e-mail valid ('Email inválido'). The responsável is kept in capitals, as the reset page
 * records it.
 */
const EDITAR: Action = {
  key: 'editar', label: 'Editar', icon: 'Edit', scope: 'single', kind: 'form', operation: 'salvarMestreRevenda', success: MSG.mestreDadosSalvos,
  form: actionForm('MestreRevendaEdicao', {
    codusuario: { kind: 'number', label: 'Código', form: false },
    responsavel: { kind: 'text', label: 'Responsável', required: true, maxLength: 100 },
    email: { kind: 'email', label: 'Email', required: true, maxLength: 120 },
  }, [], ['codusuario']),
};

/** Trocar senha (plain master list only): a new password for the user, shown once to the master (trocarSenha). */
const TROCAR_SENHA: Action = { key: 'trocarSenha', label: 'Trocar senha', icon: 'Key', scope: 'single', kind: 'open', operation: 'trocarSenha', success: '' };

type MasterScreenKey = 'listarUsuariosMestres' | 'buscaMestresOperadora' | 'buscaMestresRevenda';

const masterList = (key: MasterScreenKey, list: string, logar: string, more: Action[] = []): RegisterDef<typeof MASTER_FIELDS> => ({
  readOnly: true,
  ...pageOf(key),
  typeName: `UsuarioMestre${key.charAt(0).toUpperCase()}${key.slice(1)}`,
  menuSection: 'Usuários Mestres',
  menuIcon: 'SupervisorAccount',
  id: 'codusuario',
  keyFields: ['codusuario'],
  ops: { list },
  fields: MASTER_FIELDS,
  drawerWidth: 260,
  actions: [{ key: 'logar', label: 'Logar', icon: 'Login', scope: 'single', kind: 'open', operation: logar, success: '' }, ...more],
});

/** Listar Usuários Mestres (/app/buscamestres; variant listarUsuariosMestres). */
export const usuariosMestresScreen = defineRegister(
  masterList('listarUsuariosMestres', 'getUsuariosMestres', 'logarUsuarioMestre', [PLANO_REAIS, TEFS, TROCAR_SENHA]),
);
/** Listar Usuários Mestres of an operator master (/app/buscamestresoperadora; variant buscaMestresOperadora). */
export const usuariosMestresOperadoraScreen = defineRegister(masterList('buscaMestresOperadora', 'getUsuariosMestresOperadora', 'logarUsuarioMestre'));
/** Listar Usuários Mestres Revenda (/app/buscamestresrevenda; variant buscaMestresRevenda). */
export const usuariosMestresRevendaScreen = defineRegister(
  masterList('buscaMestresRevenda', 'getUsuariosMestresRevenda', 'logarUsuarioMestreRevenda', [EDITAR]),
);

/** The master-user screens: granted only to the master profiles (the seed), each a list with Logar. */
export const MASTER_SCREENS = [usuariosMestresScreen, usuariosMestresOperadoraScreen, usuariosMestresRevendaScreen] as const;

/**
 * The master-user screens (spec part 2 §1 and §6). A profile holding one of them is a master user, who
 * may sign in as the users below it (Logar, gerarLinkAcesso); every other profile may not.
 */
export const MASTER_USER_SCREENS = MASTER_SCREENS.map((d) => ({ page: d.page as 'buscamestres' | 'buscamestresoperadora' | 'buscamestresrevenda', title: d.title }));
export type MasterUserScreen = (typeof MASTER_USER_SCREENS)[number]['page'];
