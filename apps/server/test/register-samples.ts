import { MSG } from '@concilia/domain';
import { expect } from 'vitest';
import type { TestApp } from './harness';

type Row = Record<string, unknown>;

/**
 * What the generic register suite needs to know of each register: a valid row, a change to it, an
 * invalid row with the message the user must get, and (when something can depend on a row) how to
 * make a row that cannot be deleted. A register without a sample fails the suite — on purpose.
 */
export type RegisterSample = {
  insert: Row;
  /** the change, or how to make it from the row as saved (a rate's ranges name their stored codes) */
  update: Row | ((saved: Row) => Row);
  /** where the answer differs from what was sent (codes the database gives), as matchers */
  answered?: Row;
  invalid: { values: Row; message: string };
  /** a visible row of the demo that other rows depend on, by id */
  blockedId?: (t: TestApp) => Promise<number>;
};

export const SAMPLES: Record<string, RegisterSample> = {
  clientes: {
    insert: {
      nome: 'Lanchonete Boa Vista Ltda', nomeabreviado: 'Boa Vista', cnpj: '11444777000161', email: 'contato@boavista.com.br',
      telefone: '31988887777', status: 'A', cep: '30130010', estado: 'MG', endereco: 'Av. Afonso Pena', numero: '1000',
      bairro: 'Centro', agencia: '1234', conta: '56789-0', diascliente: 30, exibirusuario: true,
    },
    update: { nome: 'Lanchonete Boa Vista Eireli', status: 'I' },
    invalid: { values: { nome: '', status: 'A' }, message: 'Nome é obrigatório.' },
    blockedId: async (t) => Number((await t.exec("SELECT codpessoa FROM pessoas WHERE nome = 'Padaria Pão Quente Ltda'"))[0]!.codpessoa),
  },
  // Ids below come from the demo seed, which always inserts in the same order: person 3 is Padaria Pão
  // Quente (a client of Revenda Sul), profile 3 is 'Cliente', screens 1, 2 and 5 are screens the reseller holds.
  usuarios: {
    // No password here: it is write-only, so it could not come back (users.test.ts covers it).
    insert: {
      login: 'OLGA.OPERADORA', nome: 'Olga Operadora', email: 'olga@boavista.com.br', validade: '2027-12-31', codperfil: 3,
      responsavel: 'OLGA OPERADORA', piloto: false, permitido: true,
    },
    update: { nome: 'Olga Operadora Souza', validade: '2026-06-30', piloto: true },
    invalid: { values: { login: 'olga operadora', nome: 'Olga', codperfil: 3 }, message: MSG.usuarioLoginEspacos },
    // A user who issued an access link for someone else stays in that link's record.
    blockedId: async (t) => {
      await t.exec(`INSERT INTO usuarios (login, nome, codperfil, codpessoa)
        SELECT 'EMISSOR', 'Emissor de Links', codperfil, codpessoa FROM usuarios WHERE login = 'REVENDA'`);
      await t.exec(`INSERT INTO tokens_acesso (tokenhash, tipo, codusuario, emitidopor, expiraem)
        SELECT 'hash-de-teste', 'IDSESSION', (SELECT codusuario FROM usuarios WHERE login = 'CLIENTE'), codusuario, now()
        FROM usuarios WHERE login = 'EMISSOR'`);
      return Number((await t.exec("SELECT codusuario FROM usuarios WHERE login = 'EMISSOR'"))[0]!.codusuario);
    },
  },
  perfis: {
    insert: { nome: 'Perfil Operacional', recursos: [1, 5] },
    update: { nome: 'Perfil Operacional Plus', recursos: [1, 2, 5] },
    invalid: { values: { nome: 'Sem telas', recursos: [] }, message: 'Telas é obrigatório.' },
    // A profile of Revenda Sul's own, given to one of its users.
    blockedId: async (t) => {
      await t.exec(`INSERT INTO perfis (nome, codpessoacriador) SELECT 'Perfil em uso', codpessoa FROM usuarios WHERE login = 'REVENDA'`);
      await t.exec(`INSERT INTO usuarios (login, nome, codperfil, codpessoa)
        SELECT 'EMUSO', 'Perfil em Uso', codperfil, codpessoacriador FROM perfis WHERE nome = 'Perfil em uso'`);
      return Number((await t.exec("SELECT codperfil FROM perfis WHERE nome = 'Perfil em uso'"))[0]!.codperfil);
    },
  },
  terminais: {
    insert: {
      codexterno: '9988776655', nome: 'Boa Vista Caixa 1', vinculo: 'POS', status: 'A', codpessoacliente: 3, codoperadora: null,
      codexternoconciliador: 'BV-01', ativo: true, datainiciocobranca: '2026-02-01',
    },
    update: { nome: 'Boa Vista Caixa Central', vinculo: 'TEF', status: 'I', ativo: false },
    invalid: { values: { codexterno: '1', nome: '', vinculo: 'POS', status: 'A', codpessoacliente: 3 }, message: 'Nome é obrigatório.' },
  },
  // unit 5 is the demo's 'Pão Quente - Centro'; its Cielo EC is 1023456789, so this one is a second Cielo code
  estabelecimentos: {
    insert: { codexterno: '7766554433', nome: 'Pão Quente Centro - Cielo 2', codoperadora: 1, codpessoa: 5 },
    update: { nome: 'Pão Quente Centro - Cielo delivery' },
    invalid: { values: { codexterno: '', nome: 'Sem código', codoperadora: 1, codpessoa: 5 }, message: 'Código do Estabelecimento é obrigatório.' },
  },
  planosConciliadores: {
    insert: { nome: 'Plano Cielo Varejo', tarifacao: 'P' },
    update: { nome: 'Plano Cielo Varejo 2027', tarifacao: 'V' },
    invalid: { values: { nome: 'X'.repeat(51), tarifacao: 'P' }, message: 'Nome não pode exceder 50 caracteres' },
  },
  // Sublists hang from plan 1, the demo's 'Plano Revenda Sul 2026-2027' (Revenda Sul's). A BIN rate does not
  // meet the demo's generic ones (the audit prefers it), so it is not an overlap.
  // Units 5 and 6 are the demo's 'Pão Quente - Centro' and 'Pão Quente - Savassi' (clients of Revenda Sul).
  planosConciliadoresContrato: {
    insert: {
      codplanosconciliadores: 1, vigenciade: '2028-01-01', vigenciaate: '2028-12-31',
      listConciOperadora: [{ codoperadora: 1, codpessoa: 5, codexterno: '1023456789' }, { codoperadora: 2, codpessoa: 6, codexterno: null }],
    },
    update: { vigenciaate: '2029-06-30', listConciOperadora: [{ codoperadora: 3, codpessoa: 6, codexterno: null }] },
    invalid: {
      values: { codplanosconciliadores: 1, vigenciade: '2028-01-01', vigenciaate: '2028-12-31', listConciOperadora: [] },
      message: MSG.contratoUnidadeObrigatoria,
    },
  },
  planosConciliadoresTaxas: {
    insert: {
      codplanosconciliadores: 1, codoperadora: 1, codprodutos: 1, bincartao: '412345', tarifacao: 'P', taxabndes: false,
      listDeTaxas: [{ codtaxa: null, de: 1, ate: 1, valorde: null, valorate: 100_000, tipotaxa: 'P', taxa: 1.8765, valortaxa: null }],
    },
    answered: { listDeTaxas: [{ codtaxa: expect.any(Number), de: 1, ate: 1, valorde: null, valorate: 100_000, tipotaxa: 'P', taxa: 1.8765, valortaxa: null }] },
    update: (saved) => ({
      listDeTaxas: [{ codtaxa: saved.codplanosconciliadorestaxas, de: 1, ate: 3, valorde: null, valorate: 100_000, tipotaxa: 'P', taxa: 1.99, valortaxa: null }],
    }),
    invalid: {
      values: {
        codplanosconciliadores: 1, codoperadora: 1, codprodutos: 1, tarifacao: 'P',
        listDeTaxas: [{ de: 6, ate: 2, tipotaxa: 'P', taxa: 2 }],
      },
      message: MSG.faixaParcelasInvertida,
    },
  },
  planosPos: {
    insert: { nome: 'POS Básico', cobramensalidade: 'S', valormensalidade: 4990, diacorte: 5 },
    update: { nome: 'POS Básico 2027', diacorte: 15 },
    invalid: { values: { nome: 'POS', cobramensalidade: 'S', valormensalidade: null, diacorte: 5 }, message: MSG.mensalidadeObrigatoria },
  },
  // POS sublists hang from plan 1, the demo's 'POS Revenda Sul'; terminals 1 and 3 are the demo's POS (the first
  // in that plan's contract for 2026-2027, so the sample's contract is for 2028 on).
  planosPosTaxas: {
    insert: { codplano: 1, codprodutos: 9, faixas: [{ codtaxa: 1, de: 1, ate: 1, taxa: 4.5 }] },
    update: { faixas: [{ codtaxa: 1, de: 1, ate: 1, taxa: 4.75 }, { codtaxa: 2, de: 2, ate: 3, taxa: 5.1234 }] },
    invalid: { values: { codplano: 1, codprodutos: 10, faixas: [] }, message: MSG.taxasAoMenosUma },
  },
  planosTerminal: {
    insert: { codplanos: 1, vigenciade: '2028-01-01', vigenciaate: '2028-12-31', listTerminal: [1] },
    update: { vigenciaate: '2029-06-30', listTerminal: [1, 3] },
    invalid: { values: { codplanos: 1, vigenciade: '2028-01-01', vigenciaate: '2028-12-31', listTerminal: [] }, message: 'Terminais é obrigatório.' },
  },
  // Revenda Sul (person 2) bills its clients and issues its own invoices, from Belo Horizonte. The e-mail password is
  // a secret: answered null, never back (dados-nfe.test.ts covers the secrets, the certificate and the logo).
  dadosNfe: {
    insert: {
      codpessoa: 2, codpessoaemissao: 2, uf: 'MG', codcidade: 3106200, cnae: '6311900', desccnae: 'Tratamento de dados', subitem: '01.03',
      descsubitem: 'Processamento de dados', codigotributacaomunicipio: '010301', descservico: 'Conciliação de cartões', naturezaoperacao: '1',
      regimeespecialtributacao: '0', opatantesimplesnacional: 'N', incentivadorcultural: 'N', email: 'nfe@revendasul.com.br',
      smtp: 'smtp.revendasul.com.br', porta: 587, senhaemail: 'S3nha-do-Email', pis: 0.65, cofins: 3, ir: 1.5, csll: 1, iss: 2.5,
      valorminimocalculoir: 66667, valorminimocalculopiscofinscsll: 500000,
    },
    // never answered (a secret): null — written as a matcher, since a null here would mean "as sent"
    answered: { senhaemail: expect.not.stringContaining('S3nha-do-Email') },
    update: { descservico: 'Conciliação e gestão de recebíveis', iss: 5, porta: 465 },
    invalid: { values: { codpessoa: 2, codpessoaemissao: 2, codcidade: 3106200, codigotributacaomunicipio: '010301', incentivadorcultural: 'N', email: 'nfe@revendasul.com.br', smtp: 'smtp', porta: 587 }, message: 'CNAE Item é obrigatório.' },
  },
  taxasAntecipacao: {
    insert: { nome: 'Antecipação teste', vigenciade: '2026-02-01', vigenciaate: '2026-03-31', taxa: 1.2345 },
    update: { taxa: 2.5, vigenciaate: '2026-04-30' },
    invalid: { values: { nome: 'X', vigenciade: '2026-05-01', vigenciaate: '2026-04-01', taxa: 1 }, message: 'A data final não pode ser anterior à inicial.' },
  },
  // issue 21: an account of Padaria Pão Quente (person 3), stored as the statements name it
  contasBancarias: {
    insert: { codpessoa: 3, banco: '341', agencia: '1234', conta: '56789', digito: '0', descricao: 'Conta movimento', ativo: true },
    update: { descricao: 'Conta de recebimentos', ativo: false },
    invalid: { values: { codpessoa: 3, banco: '341', agencia: '12a4', conta: '1' }, message: MSG.contaBancariaAgenciaInvalida },
  },
};

export { MSG };
