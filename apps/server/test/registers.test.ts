import { filterOp, MSG, REGISTERS, OPTION_ALL, SUBLISTS } from '@concilia/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputFieldNames } from '../../web/src/registers/register-fields';
import { deleteDocument, getDocument, listDocument, saveDocument } from '../../web/src/registers/register-operations';
import { createTestApp, dataOf, engines, errorOf, type TestApp } from './harness';
import { SAMPLES } from './register-samples';

type Row = Record<string, unknown>;

/**
 * One suite for every declared register, through the very documents the web screen sends: insert →
 * list with each filter → get → update → delete; bad input; another tenant; a blocked delete.
 */
describe.each(engines())('registers (%s)', (engine) => {
  let t: TestApp;
  let owner: string;
  let stranger: string;
  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await t.login('REVENDA');
    // A second reseller with its own maintainer: a tenant that must see nothing of the first.
    await t.exec(`INSERT INTO pessoas (tipo, nome, codpessoapai) SELECT 'REVENDA', 'Revenda Norte', codpessoa FROM pessoas WHERE tipo = 'PLATAFORMA'`);
    await t.exec(`INSERT INTO usuarios (login, nome, codperfil, codpessoa, senhahash)
      SELECT 'NORTE', 'Nina Norte', u.codperfil, (SELECT codpessoa FROM pessoas WHERE nome = 'Revenda Norte'), u.senhahash
      FROM usuarios u WHERE u.login = 'REVENDA'`);
    stranger = await t.login('NORTE');
  });
  afterAll(() => t?.close());

  it('every register has a sample for this suite', () => {
    expect([...REGISTERS, ...SUBLISTS].map((r) => r.key).filter((k) => !SAMPLES[k])).toEqual([]);
  });

  describe.each([...REGISTERS, ...SUBLISTS].map((def) => [def.key, def] as const))('%s', (_key, def) => {
    const sample = SAMPLES[def.key]!;
    const call = (doc: string, values: unknown, cookie = owner) => t.call(doc, { values }, { cookie });
    const list = async (filter: Row = {}, cookie = owner): Promise<Row[]> => dataOf(await call(listDocument(def), filter, cookie))[def.ops.list];
    const keyOf = (row: Row) => Object.fromEntries(def.keyFields.map((k) => [k, row[k]]));
    // what the form sends back: the row's editable fields (not what only the list shows, such as a rate's 'Taxas')
    const editable = (row: Row) => Object.fromEntries(inputFieldNames(def).filter((k) => k in row).map((k) => [k, row[k]]));
    let saved: Row;
    const change = () => (typeof sample.update === 'function' ? sample.update(saved) : sample.update);

    it('inserts a row and answers it back', async () => {
      const r = await call(saveDocument(def), { editValues: sample.insert, insert: true });
      saved = dataOf(r)[def.ops.save];
      expect(saved[def.id]).toEqual(expect.any(Number));
      for (const [k, v] of Object.entries(sample.insert)) expect(saved[k], k).toEqual(sample.answered?.[k] ?? v);
    });

    it('lists it, and each filter keeps it when it matches and drops it when it does not', async () => {
      expect((await list()).map((r) => r[def.id])).toContain(saved[def.id]);
      for (const [name, field] of Object.entries(def.fields)) {
        const op = filterOp(field);
        if (!op) continue;
        const value = saved[name];
        const hit = op === 'contains' ? String(value).slice(2, 8) : value;
        expect((await list({ [name]: hit })).map((r) => r[def.id]), `${name} matches`).toContain(saved[def.id]);
        const miss =
          op === 'contains' ? 'zzz-nada-zzz' : op === 'gte' ? '2099-01-01' : op === 'lte' ? '2000-01-01'
          : field.kind === 'percent' ? 99.9999 : field.kind === 'enum' ? (value === 'A' ? 'I' : 'A') : 987654;
        expect((await list({ [name]: miss })).map((r) => r[def.id]), `${name} misses`).not.toContain(saved[def.id]);
        // 'Todos' travels in the filter's own type, as the screen sends it (filterVariables)
        const todos = field.kind === 'reference' || field.kind === 'number' ? OPTION_ALL : String(OPTION_ALL);
        if (field.todos) expect((await list({ [name]: todos })).map((r) => r[def.id]), `${name} Todos`).toContain(saved[def.id]);
      }
    });

    it('gets it by its key', async () => {
      const got = dataOf(await call(getDocument(def), { editValues: keyOf(saved) }))[def.ops.get];
      expect(got).toEqual(saved);
    });

    it('updates it', async () => {
      const r = await call(saveDocument(def), { editValues: { ...editable(saved), ...change() }, insert: false });
      const updated = dataOf(r)[def.ops.save];
      expect(updated[def.id]).toBe(saved[def.id]);
      for (const [k, v] of Object.entries(change())) expect(updated[k], k).toEqual(v);
      saved = updated;
    });

    it("refuses invalid input with the schema's pt-BR message and loses nothing", async () => {
      const before = await list();
      const r = await call(saveDocument(def), { editValues: sample.invalid.values, insert: true });
      expect(errorOf(r)).toEqual({ message: sample.invalid.message, code: 'BAD_USER_INPUT' });
      expect(await list()).toEqual(before);
    });

    it('another tenant can neither see nor change nor delete the row', async () => {
      expect((await list({}, stranger)).map((r) => r[def.id])).not.toContain(saved[def.id]);
      expect(dataOf(await call(getDocument(def), { editValues: keyOf(saved) }, stranger))[def.ops.get]).toBeNull();
      const changed = await call(saveDocument(def), { editValues: { ...editable(saved), ...change() }, insert: false }, stranger);
      expect(errorOf(changed).code).toBe('FORBIDDEN');
      if (def.ops.delete) expect(errorOf(await call(deleteDocument(def), { editValues: keyOf(saved) }, stranger)).code).toBe('FORBIDDEN');
      expect(dataOf(await call(getDocument(def), { editValues: keyOf(saved) }))[def.ops.get]).toEqual(saved);
    });

    it('is closed to a profile without the screen', async () => {
      // the client's profile, without this screen if it holds it (a merchant sees its own establishments)
      const held = await t.exec(`DELETE FROM perfil_recursos pr USING recursos r, perfis p
        WHERE pr.codrecurso = r.codrecurso AND pr.codperfil = p.codperfil AND r.recurso = '${def.page}' AND p.nome = 'Cliente'
        RETURNING pr.codperfil, pr.codrecurso`);
      try {
        const r = await call(listDocument(def), {}, await t.login('CLIENTE'));
        expect(errorOf(r)).toEqual({ message: MSG.semPermissao, code: 'FORBIDDEN' });
      } finally {
        for (const h of held) await t.exec(`INSERT INTO perfil_recursos (codperfil, codrecurso) VALUES (${h.codperfil}, ${h.codrecurso})`);
      }
    });

    // Capabilities a register lacks are not tested rather than skipped: the suite has no skipped tests.
    if (def.ops.delete) it('deletes it, one call per row', async () => {
      expect(dataOf(await call(deleteDocument(def), { editValues: keyOf(saved) }))[def.ops.delete!]).toBe(true);
      expect(dataOf(await call(getDocument(def), { editValues: keyOf(saved) }))[def.ops.get]).toBeNull();
    });

    if (sample.blockedId) it('a delete blocked by dependent rows answers the database conflict', async () => {
      const id = await sample.blockedId!(t);
      const row = dataOf(await call(getDocument(def), { editValues: { [def.id]: id } }))[def.ops.get];
      const r = await call(deleteDocument(def), { editValues: keyOf(row) });
      expect(errorOf(r).code).toBe('FK_CONFLICT');
      expect(errorOf(r).message).toMatch(/foreign key/);
      expect(dataOf(await call(getDocument(def), { editValues: { [def.id]: id } }))[def.ops.get]).not.toBeNull();
    });
  });
});
