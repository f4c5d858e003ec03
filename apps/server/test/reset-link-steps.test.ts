import { LOGIN_RESULT, MSG, TROCA_SENHA_RESULT } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dataOf, DEMO_PASSWORD, engines, errorOf, type TestApp } from './harness';
import { ESQUECI_SENHA, INFO_TROCAR_SENHA, LOGIN, TROCAR_SENHA } from './ops';

// A reset link is one token state machine: responsável (only for a user with no password yet) → senha →
// spent. Each step is accepted once and in order; a used, expired or out-of-order step gets the same message.
describe.each(engines())('the steps of a reset link (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(engine); });
  afterAll(() => t?.close());

  /** Asks for a reset link and reads its token from the outbox, as the user would click it. */
  async function resetLink(login: string): Promise<string> {
    dataOf(await t.call(ESQUECI_SENHA, { usuario: login, email: `${login.toLowerCase()}@demo.concilia.local` }));
    const [mail] = await t.exec('SELECT texto FROM caixa_saida ORDER BY codemail DESC LIMIT 1');
    const m = /resetar-senha\?idTrocaSenha=([^\s&]+)/.exec(String(mail?.texto));
    if (!m) throw new Error('no reset link in the outbox');
    return decodeURIComponent(m[1]!);
  }
  const info = async (param: string) => dataOf(await t.call(INFO_TROCAR_SENHA, { param })).getInfoUsuarrioTrocarSenha;
  const gravar = (idTrocaSenha: string, responsavel: string) => t.call(TROCAR_SENHA, { idTrocaSenha, gravarResponsavel: true, responsavel });
  const trocar = (idTrocaSenha: string, senha: string) => t.call(TROCAR_SENHA, { idTrocaSenha, senha, confirmaSenha: senha });
  const responsavelOf = async (login: string) => (await t.exec(`SELECT responsavel FROM usuarios WHERE login = '${login}'`))[0]!.responsavel;
  const refused = { message: MSG.linkTrocaSenhaExpirado, code: 'BAD_USER_INPUT' };
  const withoutPassword = (login: string) => t.exec(`UPDATE usuarios SET senhahash = NULL, responsavel = NULL WHERE login = '${login}'`);

  it('the responsável step is accepted once: replaying it, before or after the password, is refused', async () => {
    await withoutPassword('CLIENTE2');
    const token = await resetLink('CLIENTE2');
    expect(await info(token)).toMatchObject({ senhaDefinida: false, expirado: false, mensagemSolicitaSenha: MSG.solicitaResponsavel });
    // Out of order: the password cannot come before the responsável — and trying does not spend the link.
    expect(errorOf(await trocar(token, 'Primeira_1'))).toEqual(refused);

    expect(dataOf(await gravar(token, 'Marina de Lima')).usuarioTrocarSenha).toBe(TROCA_SENHA_RESULT.CRIAR_SENHA);
    expect(errorOf(await gravar(token, 'Outra Pessoa'))).toEqual(refused);
    expect(await responsavelOf('CLIENTE2')).toBe('MARINA DE LIMA');
    // Opened again (a reload), the link goes straight to the password.
    expect(await info(token)).toMatchObject({ senhaDefinida: true, expirado: false, mensagemSolicitaSenha: MSG.solicitaSenha });

    expect(dataOf(await trocar(token, 'Primeira_1')).usuarioTrocarSenha).toBe(TROCA_SENHA_RESULT.LOGGEDOUT);
    expect(errorOf(await gravar(token, 'Outra Pessoa'))).toEqual(refused);
    expect(errorOf(await trocar(token, 'Segunda_2'))).toEqual(refused);
    expect(await responsavelOf('CLIENTE2')).toBe('MARINA DE LIMA');
    expect(await info(token)).toMatchObject({ expirado: true, mensagemSolicitaSenha: MSG.linkTrocaSenhaExpirado });
    expect(dataOf(await t.call(LOGIN, { username: 'CLIENTE2', password: 'Primeira_1' })).login).not.toBe(LOGIN_RESULT.LOGGEDOUT);
  });

  it('two sends of the responsável step at once: exactly one is accepted', async () => {
    await withoutPassword('PENDENTE');
    const token = await resetLink('PENDENTE');
    const answers = await Promise.all([gravar(token, 'Primeiro'), gravar(token, 'Segundo'), gravar(token, 'Terceiro')]);
    const accepted = answers.filter((r) => r.body?.data?.usuarioTrocarSenha === TROCA_SENHA_RESULT.CRIAR_SENHA);
    expect(accepted).toHaveLength(1);
    expect(answers.filter((r) => r.body?.errors?.[0]?.message === MSG.linkTrocaSenhaExpirado)).toHaveLength(2);
    const [kept] = await t.exec("SELECT count(*)::int AS n FROM auditoria WHERE acao = 'RESPONSAVEL_DEFINIDO' AND codusuario = (SELECT codusuario FROM usuarios WHERE login = 'PENDENTE')");
    expect(kept!.n).toBe(1);
  });

  it('a link for a user who has a password has no responsável step: sending one is refused and changes nothing', async () => {
    await t.exec("UPDATE usuarios SET responsavel = 'RESPONSAVEL ORIGINAL' WHERE login = 'REVENDA'");
    const token = await resetLink('REVENDA');
    expect(await info(token)).toMatchObject({ senhaDefinida: true, mensagemSolicitaSenha: MSG.solicitaSenha });
    expect(errorOf(await gravar(token, 'Intruso'))).toEqual(refused);
    expect(await responsavelOf('REVENDA')).toBe('RESPONSAVEL ORIGINAL');
    // The link still does what it is for.
    expect(dataOf(await trocar(token, 'Nova_Senha_1')).usuarioTrocarSenha).toBe(TROCA_SENHA_RESULT.LOGGEDOUT);
    expect(dataOf(await t.call(LOGIN, { username: 'REVENDA', password: DEMO_PASSWORD })).login).toBe(LOGIN_RESULT.LOGGEDOUT);
  });

  it('wrong e-mails never stop a login from getting its reset link; mails to one login are capped per window, same answer', async () => {
    const outbox = async () => (await t.exec("SELECT count(*)::int AS n FROM caixa_saida WHERE para = 'admin@demo.concilia.local'"))[0]!.n;
    const ask = (email: string) => t.call(ESQUECI_SENHA, { usuario: 'ADMIN', email });
    for (let i = 0; i < 8; i++) expect(dataOf(await ask(`outro${i}@example.com`)).alterarSenha).toBe(MSG.esqueciSenhaEnviado);
    for (let i = 0; i < 5; i++) expect(dataOf(await ask('admin@demo.concilia.local')).alterarSenha).toBe(MSG.esqueciSenhaEnviado);
    expect(await outbox()).toBe(5);
    // Past the cap the answer does not change (nothing to learn from it), and nothing more is sent.
    expect(dataOf(await ask('admin@demo.concilia.local')).alterarSenha).toBe(MSG.esqueciSenhaEnviado);
    expect(await outbox()).toBe(5);
  });

  it('an expired link refuses the responsável step too', async () => {
    await withoutPassword('MESTREREVENDA');
    const token = await resetLink('MESTREREVENDA');
    await t.exec("UPDATE tokens_acesso SET expiraem = now() - interval '1 minute' WHERE tipo = 'TROCA_SENHA' AND usadoem IS NULL");
    expect(errorOf(await gravar(token, 'Rita Mestre'))).toEqual(refused);
    expect(await responsavelOf('MESTREREVENDA')).toBeNull();
  });
});
