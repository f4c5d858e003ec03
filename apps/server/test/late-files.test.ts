import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIngestion } from '../src/ingest/ingestion';
import { checkLateFiles, LATE_FILES_QUEUE, scheduleLateFiles, sendLateFileDigests } from '../src/jobs/late-files';
import { createMailer } from '../src/mail/mailer';
import { createTestApp, dataOf, engines, type TestApp } from './harness';
import { startSmtp } from './smtp';

/**
 * Late-file alarms (issue 19): a day whose operator file has not arrived by the limit hour is alarmed — business
 * days only by default (not a national holiday, not a weekend), every day for an operator whose cadence says so, not
 * before the hour —, the file clears it, a second run changes nothing; one check is scheduled however many processes
 * ask; the digest goes once a day to each user who sees an alarm and to nobody else; the home page's query answers
 * only the caller's. "Now" is a parameter of each run: nothing here depends on the clock.
 *
 * The week used: Wed 18/11/2026 the last Cielo file of 'Pão Quente - Centro'; Fri 20/11 is a national holiday
 * (Consciência Negra); 21–22/11 a weekend; Mon 23/11 the day the checks run. São Paulo is UTC−3.
 */
const quiet = pino({ level: 'silent' });
const SETTINGS = { lateFileHour: '10:00', lateFileLookbackDays: 7, lateFileCheckMinutes: 15, lateFileDigestHour: '11:00', publicUrl: 'http://concilia.test' };
const sp = (local: string) => new Date(`${local}-03:00`);

describe.each(engines())('late-file alarms on %s', (engine) => {
  let t: TestApp;
  let centro: number;
  let padaria: number;
  let matriz: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    const id = async (nome: string) => Number((await t.exec(`SELECT codpessoa FROM pessoas WHERE nome = '${nome}'`))[0]!.codpessoa);
    [centro, padaria, matriz] = [await id('Pão Quente - Centro'), await id('Padaria Pão Quente Ltda'), await id('Bom Preço - Matriz')];
  });
  afterAll(() => t?.close());

  /** an operator file of `owner` received at `local` (São Paulo time) */
  const file = async (owner: number, codoperadora: number, local: string, status = 'PROCESSADO') => Number((await t.exec(`
    INSERT INTO arquivos (codpessoa, codoperadora, status, origem, nomearquivo, dataenvio, sha256, tamanho, datarecebimento)
    VALUES (${owner}, ${codoperadora}, '${status}', 'UPLOAD', 'extrato.txt', '${local.slice(0, 10)}', md5(random()::text), 1, '${local}-03:00')
    RETURNING codarquivo`))[0]!.codarquivo);
  const alarms = async () => (await t.exec(`SELECT e.codexterno || ' ' || to_char(al.data, 'YYYY-MM-DD') || CASE WHEN al.resolvidoem IS NULL THEN '' ELSE ' resolvido' END AS a
    FROM alarmes_arquivo al JOIN estabelecimentos e USING (codestabelecimento) ORDER BY e.codexterno, al.data`)).map((r) => String(r.a));
  const check = (local: string) => checkLateFiles(t.db, SETTINGS, sp(local));

  it('the check is scheduled once however many processes ask, and each run schedules the next', async () => {
    const asked = await Promise.all(Array.from({ length: 5 }, () => scheduleLateFiles(t.db, 0, { includeRunning: true })));
    expect(asked.filter(Boolean)).toHaveLength(1);
    expect(await scheduleLateFiles(t.db, 0)).toBe(false);
    const mailer = createMailer(t.db, { smtpUrl: null, from: 'x@y.z' }, quiet);
    const ing = createIngestion({ open: t.opened, log: quiet, filesDir: t.config.filesDir, workers: 1, pollMs: 20, lateFiles: { mailer, settings: SETTINGS } });
    const states = async () => (await t.exec(`SELECT state FROM jobs WHERE queue = '${LATE_FILES_QUEUE}' ORDER BY id`)).map((r) => String(r.state));
    try {
      await expect.poll(states, { timeout: 10_000 }).toEqual(['done', 'pending']);
      const [next] = await t.exec(`SELECT extract(epoch FROM run_at - now())::int AS s FROM jobs WHERE queue = '${LATE_FILES_QUEUE}' AND state = 'pending'`);
      expect(Number(next!.s)).toBeGreaterThan(14 * 60);
      expect(Number(next!.s)).toBeLessThanOrEqual(15 * 60);
      await ing.drain(); // an always-scheduled queue does not hold a drain
    } finally {
      await ing.stop();
      await t.exec(`DELETE FROM jobs`);
    }
    // no establishment had ever received a file: nothing was alarmed
    expect(await alarms()).toEqual([]);
  });

  it('the reference operators carry a cadence: card statements on business days, Pix every day, at LATE_FILE_HOUR', async () => {
    const rows = await t.exec(`SELECT o.nome, c.diasuteis, c.horalimite, c.monitorar FROM cadencia_arquivos c JOIN operadoras o USING (codoperadora) WHERE o.nome IN ('Cielo', 'Pix') ORDER BY o.nome`);
    expect(rows).toEqual([{ nome: 'Cielo', diasuteis: true, horalimite: null, monitorar: true }, { nome: 'Pix', diasuteis: false, horalimite: null, monitorar: true }]);
  });

  it('raises an alarm for a missing business day once its hour has passed — not on a holiday nor a weekend — and clears it when the file arrives', async () => {
    await file(centro, 1, '2026-11-18T15:00:00'); // Centro's last Cielo file: Wednesday
    // Getnet expected every day by 11:00 (an operator's own cadence); the Matriz's last file came on the holiday
    await t.exec(`UPDATE cadencia_arquivos SET diasuteis = false, horalimite = '11:00' WHERE codoperadora = 3`);
    await file(matriz, 3, '2026-11-20T09:00:00');

    // Monday 09:59: the day's limit has not passed; Thursday 19 is missing, Friday 20 (holiday) and the weekend are not expected
    expect(await check('2026-11-23T09:59:00')).toEqual({ abertos: 3, resolvidos: 0 });
    expect(await alarms()).toEqual(['000000987654321 2026-11-21', '000000987654321 2026-11-22', '1023456789 2026-11-19']);
    // 10:30: Monday's Cielo file is late too; Getnet's limit (11:00) is still ahead
    expect(await check('2026-11-23T10:30:00')).toEqual({ abertos: 1, resolvidos: 0 });
    expect(await check('2026-11-23T10:30:00')).toEqual({ abertos: 0, resolvidos: 0 }); // the same run again changes nothing
    expect(await alarms()).toEqual(['000000987654321 2026-11-21', '000000987654321 2026-11-22', '1023456789 2026-11-19', '1023456789 2026-11-23']);
    // Savassi (Rede) never received a file: still in registration, not late
    expect((await alarms()).some((a) => a.startsWith('045678901'))).toBe(false);

    // a file that could not be read, another operator's file and another client's file clear nothing
    await file(centro, 1, '2026-11-23T10:40:00', 'ERRO');
    await file(centro, 2, '2026-11-23T10:41:00');
    await file(matriz, 1, '2026-11-23T10:42:00');
    expect(await check('2026-11-23T10:45:00')).toEqual({ abertos: 0, resolvidos: 0 });

    // the client's Cielo file (a file a client sends covers its units) arrives at 10:50: both of Centro's days clear
    const arrived = await file(padaria, 1, '2026-11-23T10:50:00');
    // a run "before" it arrived does not see it
    expect(await check('2026-11-23T10:49:00')).toEqual({ abertos: 0, resolvidos: 0 });
    expect(await check('2026-11-23T11:05:00')).toEqual({ abertos: 1, resolvidos: 2 }); // and Getnet's Monday is now late
    expect(await check('2026-11-23T11:05:00')).toEqual({ abertos: 0, resolvidos: 0 });
    expect(await alarms()).toEqual([
      '000000987654321 2026-11-21', '000000987654321 2026-11-22', '000000987654321 2026-11-23', '1023456789 2026-11-19 resolvido', '1023456789 2026-11-23 resolvido',
    ]);
    const cleared = await t.exec(`SELECT DISTINCT codarquivo, resolvidoem = '2026-11-23T11:05:00-03:00'::timestamptz AS quando FROM alarmes_arquivo WHERE resolvidoem IS NOT NULL`);
    expect(cleared).toEqual([{ codarquivo: arrived, quando: true }]);
    // Tuesday by 10:00 no new Cielo file: only Tuesday is alarmed (Monday's file arrived, late, on Monday)
    expect(await check('2026-11-24T10:01:00')).toEqual({ abertos: 1, resolvidos: 0 });
    expect((await alarms()).filter((a) => a.startsWith('1023456789') && !a.endsWith('resolvido'))).toEqual(['1023456789 2026-11-24']);
  });

  it("a file counts for the units its lines went to, whoever owns it: the platform's inbox file clears the Matriz's days", async () => {
    const open = async () => (await alarms()).filter((a) => a.startsWith('000000987654321') && !a.endsWith('resolvido'));
    expect(await open()).toEqual(['000000987654321 2026-11-21', '000000987654321 2026-11-22', '000000987654321 2026-11-23']);
    // a Getnet file owned by the Padaria (its header's establishment) that also brings the Matriz's movement
    const van = await file(padaria, 3, '2026-11-24T08:00:00');
    expect(await check('2026-11-24T08:05:00')).toEqual({ abertos: 0, resolvidos: 0 });
    // its load recorded the units of its lines (arquivos.unidades): now it covers the Matriz too
    await t.exec(`UPDATE arquivos SET origem = 'PASTA', unidades = ARRAY[${centro}, ${matriz}] WHERE codarquivo = ${van}`);
    expect(await check('2026-11-24T08:06:00')).toEqual({ abertos: 0, resolvidos: 3 });
    expect(await open()).toEqual([]);
    // as they were, for the tests after this one
    await t.exec(`UPDATE alarmes_arquivo SET resolvidoem = NULL, codarquivo = NULL WHERE codarquivo = ${van}`);
    await t.exec(`DELETE FROM arquivos WHERE codarquivo = ${van}`);
  });

  it('getArquivosAtrasados answers only the alarms of the establishments the caller sees', async () => {
    const query = `query { getArquivosAtrasados { total itens { codexterno estabelecimento unidade operadora data } } }`;
    const of = async (login: string) => dataOf(await t.call(query, {}, { cookie: await t.login(login) })).getArquivosAtrasados;
    expect(await of('CLIENTE')).toEqual({
      total: 1,
      itens: [{ codexterno: '1023456789', estabelecimento: 'Pão Quente Centro - Cielo', unidade: 'Pão Quente - Centro', operadora: 'Cielo', data: '2026-11-24' }],
    });
    const mercado = await of('CLIENTE2');
    expect(mercado.total).toBe(3);
    expect(mercado.itens.map((i: { data: string; operadora: string }) => `${i.operadora} ${i.data}`)).toEqual(['Getnet 2026-11-23', 'Getnet 2026-11-22', 'Getnet 2026-11-21']);
    expect((await of('ADMIN')).total).toBe(4);
    expect(await t.call(query)).toMatchObject({ body: { errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] } });
  });

  it('the digest goes once a day to each user who sees an open alarm, and to no user of another client', async () => {
    // only Centro's Tuesday is open now
    await t.exec(`UPDATE alarmes_arquivo SET resolvidoem = now() WHERE codestabelecimento = (SELECT codestabelecimento FROM estabelecimentos WHERE codexterno = '000000987654321')`);
    const smtp = await startSmtp();
    try {
      const mailer = createMailer(t.db, { smtpUrl: smtp.url, from: 'Concilia <nao-responda@concilia.test>' }, quiet);
      // before the digest hour: nothing
      expect(await sendLateFileDigests(t.db, mailer, SETTINGS, sp('2026-11-24T10:59:00'))).toBe(0);
      expect(await sendLateFileDigests(t.db, mailer, SETTINGS, sp('2026-11-24T11:00:00'))).toBe(5);
      await mailer.idle();
      const to = smtp.mails.map((m) => m.to[0]).sort();
      // the bakery's user, its reseller's and the platform's; not the market's (CLIENTE2), nor the pending user
      expect(to).toEqual(['admin@demo.concilia.local', 'cliente@demo.concilia.local', 'mestre@demo.concilia.local', 'mestrerevenda@demo.concilia.local', 'revenda@demo.concilia.local']);
      const cliente = smtp.mails.find((m) => m.to[0] === 'cliente@demo.concilia.local')!;
      expect(cliente.text).toContain('24/11/2026 · Cielo · 1023456789 (Pão Quente Centro - Cielo) · Pão Quente - Centro');
      expect(cliente.text).not.toContain('Getnet');
      expect(cliente.text).toContain('Z — extrato VAN atrasado');
      // later runs the same day send nothing; the next day it goes again
      expect(await sendLateFileDigests(t.db, mailer, SETTINGS, sp('2026-11-24T18:00:00'))).toBe(0);
      expect(await sendLateFileDigests(t.db, mailer, SETTINGS, sp('2026-11-25T11:30:00'))).toBe(5);
      await mailer.idle();
      expect(smtp.mails).toHaveLength(10);
      expect(await t.exec(`SELECT count(*)::int AS n FROM resumos_alarmes`)).toEqual([{ n: 10 }]);
      // nothing open: nobody is written to
      await t.exec(`UPDATE alarmes_arquivo SET resolvidoem = now() WHERE resolvidoem IS NULL`);
      expect(await sendLateFileDigests(t.db, mailer, SETTINGS, sp('2026-11-26T11:30:00'))).toBe(0);
    } finally {
      await smtp.close();
    }
  });
});
