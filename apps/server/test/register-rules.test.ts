import { addDays, MSG, perfisRegister, terminaisRegister, todayBusiness, usuariosRegister } from '@concilia/domain';
import type { GraphQLInputObjectType, GraphQLObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDocument, saveDocument } from '../../web/src/registers/register-operations';
import { schema } from '../src/schema/index';
import { createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';

type Row = Record<string, unknown>;

const EXPIRADOS = `query { getListarUsuariosExpirados { ${Object.keys(usuariosRegister.fields).filter((k) => k !== 'senha').join(' ')} } }`;
const option = (name: string, args = '') => `query${args ? `($codpessoa: Int)` : ''} { ${name}${args} { valor label } }`;

/** The rules users, profiles and terminals have beyond the generic register suite. */
describe.each(engines())('register rules (%s)', (engine) => {
  let t: TestApp;
  let revenda: string;
  const one = async (sql: string) => (await t.exec(sql))[0]!;
  const idOf = async (table: string, key: string, where: string) => Number((await one(`SELECT ${key} FROM ${table} WHERE ${where}`))[key]);
  const save = (def: typeof usuariosRegister | typeof perfisRegister | typeof terminaisRegister, editValues: Row, insert = true, cookie = revenda) =>
    t.call(saveDocument(def as never), { values: { editValues, insert } }, { cookie });

  beforeAll(async () => {
    t = await createTestApp(engine);
    revenda = await t.login('REVENDA');
    // A second reseller, a tenant of its own, with a profile its maintainer created.
    await t.exec(`INSERT INTO pessoas (tipo, nome, codpessoapai) SELECT 'REVENDA', 'Revenda Norte', codpessoa FROM pessoas WHERE tipo = 'PLATAFORMA'`);
    await t.exec(`INSERT INTO perfis (nome, codpessoacriador) SELECT 'Perfil do Norte', codpessoa FROM pessoas WHERE nome = 'Revenda Norte'`);
    await t.exec(`INSERT INTO usuarios (login, nome, codperfil, codpessoa, senhahash)
      SELECT 'NORTE', 'Nina Norte', u.codperfil, (SELECT codpessoa FROM pessoas WHERE nome = 'Revenda Norte'), u.senhahash
      FROM usuarios u WHERE u.login = 'REVENDA'`);
  });
  afterAll(() => t?.close());

  describe('Usuário', () => {
    const clientePerfil = () => idOf('perfis', 'codperfil', "nome = 'Cliente'");

    it('has no password field in its GraphQL object; the input takes it', () => {
      const object = schema.getType('Usuario') as GraphQLObjectType;
      expect(Object.keys(object.getFields())).not.toContain('senha');
      expect(Object.keys(object.getFields())).not.toContain('senhahash');
      const input = schema.getType('UsuarioInput') as GraphQLInputObjectType;
      expect(Object.keys(input.getFields())).toContain('senha');
      expect(Object.keys(input.getFields())).not.toContain('senhahash');
    });

    it('stores a typed password as argon2id, signs in with it, and no call answers the hash', async () => {
      const r = await save(usuariosRegister, { login: 'caixa.um', nome: 'Caixa Um', codperfil: await clientePerfil(), senha: 'Segredo_123' });
      const saved = dataOf(r).saveUsuario;
      expect(saved.login).toBe('CAIXA.UM');
      const { senhahash } = await one(`SELECT senhahash FROM usuarios WHERE login = 'CAIXA.UM'`);
      expect(String(senhahash)).toMatch(/^\$argon2id\$/);
      await t.login('CAIXA.UM', 'Segredo_123');

      const bodies = [
        r.body,
        (await t.call(listDocument(usuariosRegister as never), { values: {} }, { cookie: revenda })).body,
        (await t.call(`query($v: UsuarioKeyValues!) { getUsuario(values: $v) { codusuario login } }`, { v: { editValues: { codusuario: saved.codusuario } } }, { cookie: revenda })).body,
        (await save(usuariosRegister, { ...saved, nome: 'Caixa Um B' }, false)).body,
        (await t.call(EXPIRADOS, {}, { cookie: revenda })).body,
      ];
      for (const body of bodies) {
        expect(body.errors).toBeUndefined();
        const json = JSON.stringify(body);
        expect(json).not.toContain(String(senhahash));
        expect(json).not.toContain('$argon2');
        expect(json).not.toMatch(/senha/i);
      }
      // An update without a password keeps the stored one.
      expect((await one(`SELECT senhahash FROM usuarios WHERE login = 'CAIXA.UM'`)).senhahash).toBe(senhahash);
    });

    it("a new password set by a maintainer replaces the hash and ends the user's sessions", async () => {
      const cookie = await t.login('CAIXA.UM', 'Segredo_123');
      const row = dataOf(await t.call(listDocument(usuariosRegister as never), { values: { login: 'CAIXA.UM' } }, { cookie: revenda })).listarUsuario[0];
      dataOf(await save(usuariosRegister, { ...row, senha: 'Outra_456' }, false));
      expect(errorOf(await t.call(option('listarItensPerfis'), {}, { cookie })).code).toBe('UNAUTHENTICATED');
      await t.login('CAIXA.UM', 'Outra_456');
      // The maintainer's own session goes on.
      dataOf(await t.call(option('listarItensPerfis'), {}, { cookie: revenda }));
    });

    it("refuses a password outside the rules with the domain's message", async () => {
      const r = await save(usuariosRegister, { login: 'CAIXA.DOIS', nome: 'Caixa Dois', codperfil: await clientePerfil(), senha: 'abc' });
      expect(errorOf(r)).toEqual({ message: MSG.novaSenhaMinimo, code: 'BAD_USER_INPUT' });
      const r2 = await save(usuariosRegister, { login: 'CAIXA.DOIS', nome: 'Caixa Dois', codperfil: await clientePerfil(), senha: 'abc#1234' });
      expect(errorOf(r2).message).toBe(MSG.senhaCaracteres);
    });

    it('answers a duplicate login, whatever its case, with a message beside the field', async () => {
      const r = await save(usuariosRegister, { login: 'revenda', nome: 'Outra Renata', codperfil: await clientePerfil() });
      expect(errorOf(r)).toEqual({ message: MSG.usuarioLoginDuplicado, code: 'BAD_USER_INPUT' });
      expect(r.body.errors[0].extensions.issues).toEqual([{ path: 'login', message: MSG.usuarioLoginDuplicado }]);
      // Even when the login belongs to another tenant: logins are unique across the product.
      expect(errorOf(await save(usuariosRegister, { login: 'NORTE', nome: 'X', codperfil: await clientePerfil() })).message).toBe(MSG.usuarioLoginDuplicado);
    });

    it('gives only profiles made of screens the caller has, from its own branch or above', async () => {
      // A platform profile with a screen the reseller's profile lacks.
      await t.exec(`INSERT INTO recursos (recurso, nometela) VALUES ('secreta', 'Tela Secreta')`);
      await t.exec(`INSERT INTO perfis (nome, codpessoacriador) SELECT 'Perfil Secreto', codpessoa FROM pessoas WHERE tipo = 'PLATAFORMA'`);
      await t.exec(`INSERT INTO perfil_recursos (codperfil, codrecurso)
        SELECT (SELECT codperfil FROM perfis WHERE nome = 'Perfil Secreto'), codrecurso FROM recursos WHERE recurso = 'secreta'`);
      const labels = dataOf(await t.call(option('listarItensPerfis'), {}, { cookie: revenda })).listarItensPerfis.map((o: Row) => o.label);
      expect(labels).toEqual(expect.arrayContaining(['Cliente', 'Revenda']));
      expect(labels).not.toContain('Perfil Secreto');
      // A master profile holds a master-user screen (sign-in as users below) a reseller's profile lacks.
      expect(labels).not.toContain('Mestre Revenda');
      expect(labels).not.toContain('Perfil do Norte');
      for (const nome of ['Perfil Secreto', 'Perfil do Norte']) {
        const r = await save(usuariosRegister, { login: 'CAIXA.TRES', nome: 'Caixa Três', codperfil: await idOf('perfis', 'codperfil', `nome = '${nome}'`) });
        expect(errorOf(r)).toEqual({ message: MSG.usuarioPerfilNaoPermitido, code: 'BAD_USER_INPUT' });
      }
    });

    it('puts a new user under a person of the branch, never outside it', async () => {
      const padaria = await idOf('pessoas', 'codpessoa', "nome = 'Padaria Pão Quente Ltda'");
      const saved = dataOf(await save(usuariosRegister, { login: 'PADEIRO', nome: 'Padeiro', codperfil: await clientePerfil(), codpessoa: padaria })).saveUsuario;
      expect(saved.codpessoa).toBe(padaria);
      const people = dataOf(await t.call(option('listarItensPessoas'), {}, { cookie: revenda })).listarItensPessoas.map((o: Row) => o.label);
      expect(people).toContain('Padaria Pão Quente Ltda');
      expect(people).not.toContain('Revenda Norte');
      const norte = await idOf('pessoas', 'codpessoa', "nome = 'Revenda Norte'");
      const r = await save(usuariosRegister, { login: 'INTRUSO', nome: 'Intruso', codperfil: await clientePerfil(), codpessoa: norte });
      expect(errorOf(r)).toEqual({ message: MSG.semPermissao, code: 'FORBIDDEN' });
    });

    it('lists the expired users of the branch: validade before today in São Paulo', async () => {
      const today = todayBusiness();
      await t.exec(`UPDATE usuarios SET validade = '${addDays(today, -1)}' WHERE login IN ('CLIENTE2', 'NORTE')`);
      await t.exec(`UPDATE usuarios SET validade = '${today}' WHERE login = 'CLIENTE'`);
      await t.exec(`UPDATE usuarios SET validade = '${addDays(today, 30)}' WHERE login = 'PENDENTE'`);
      const logins = dataOf(await t.call(EXPIRADOS, {}, { cookie: revenda })).getListarUsuariosExpirados.map((u: Row) => u.login);
      expect(logins).toEqual(['CLIENTE2']);
      expect(errorOf(await t.call(EXPIRADOS, {}, { cookie: await t.login('CLIENTE') }))).toEqual({ message: MSG.semPermissao, code: 'FORBIDDEN' });
      await t.exec("UPDATE usuarios SET validade = NULL WHERE login = 'NORTE'");
    });
  });

  describe('Perfil', () => {
    it("offers the screens of the caller's own profile", async () => {
      const mine = dataOf(await t.call(option('listarRecursos'), {}, { cookie: revenda })).listarRecursos.map((o: Row) => o.label);
      expect(mine).toEqual(expect.arrayContaining(['Home', 'Usuário', 'Perfil', 'Terminal']));
      expect(mine).not.toContain('Tela Secreta');
      const cliente = dataOf(await t.call(option('listarRecursos'), {}, { cookie: await t.login('CLIENTE') })).listarRecursos.map((o: Row) => o.label);
      expect(cliente).toContain('Home');
      expect(cliente).not.toContain('Usuário');
    });

    it('refuses to grant a screen the caller does not have, and saves nothing', async () => {
      const secreta = await idOf('recursos', 'codrecurso', "recurso = 'secreta'");
      const r = await save(perfisRegister, { nome: 'Tentativa', recursos: [1, secreta] });
      expect(errorOf(r)).toEqual({ message: MSG.perfilTelaNaoPermitida, code: 'BAD_USER_INPUT' });
      expect(await t.exec("SELECT 1 FROM perfis WHERE nome = 'Tentativa'")).toEqual([]);
    });

    it('keeps the picked screens in perfil_recursos, rewritten on each save', async () => {
      const saved = dataOf(await save(perfisRegister, { nome: 'Conferência', recursos: [5, 1, 1] })).savePerfil;
      expect(saved.recursos).toEqual([1, 5]);
      const updated = dataOf(await save(perfisRegister, { ...saved, recursos: [2] }, false)).savePerfil;
      expect(updated.recursos).toEqual([2]);
      expect(await t.exec(`SELECT codrecurso FROM perfil_recursos WHERE codperfil = ${saved.codperfil}`)).toEqual([{ codrecurso: 2 }]);
    });
  });

  describe('Terminal', () => {
    it('serves only a client the caller can see', async () => {
      for (const where of ["tipo = 'REVENDA' AND nome = 'Revenda Sul Conciliações Ltda'", "nome = 'Pão Quente - Centro'", "nome = 'Revenda Norte'"]) {
        const r = await save(terminaisRegister, {
          codexterno: '555', nome: 'Terminal X', vinculo: 'POS', status: 'A', codpessoacliente: await idOf('pessoas', 'codpessoa', where),
        });
        expect(errorOf(r)).toEqual({ message: MSG.terminalClienteInvalido, code: 'BAD_USER_INPUT' });
      }
    });

    it('listarItensTerminal answers the terminals of the branch, as owner or as client', async () => {
      const labels = async (cookie: string, codpessoa?: number) =>
        dataOf(await t.call(option('listarItensTerminal', '(codpessoa: $codpessoa)'), { codpessoa }, { cookie })).listarItensTerminal.map((o: Row) => o.label);
      expect(await labels(revenda)).toEqual(['Bom Preço Loja', 'Pão Quente Caixa 1', 'Pão Quente Caixa 2']);
      expect(await labels(await t.login('CLIENTE'))).toEqual(['Pão Quente Caixa 1', 'Pão Quente Caixa 2']);
      expect(await labels(await t.login('NORTE'))).toEqual([]);
      const centro = await idOf('pessoas', 'codpessoa', "nome = 'Pão Quente - Centro'");
      expect(await labels(revenda, centro)).toEqual(['Pão Quente Caixa 1', 'Pão Quente Caixa 2']);
      expect(await labels(revenda, await idOf('pessoas', 'codpessoa', "nome = 'Mercado Bom Preço Ltda'"))).toEqual(['Bom Preço Loja']);
    });
  });
});
