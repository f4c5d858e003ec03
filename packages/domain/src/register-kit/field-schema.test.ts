import { describe, expect, it } from 'vitest';
import { REGISTERS, SUBLISTS } from '../registers';
import { objectSchema } from './field-schema';
import { missingOnInsert } from './register';
import { maximo, obrigatorio } from './zod-fields';

const messagesOf = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }, field: string) =>
  r.success ? [] : r.error!.issues.filter((i) => i.path[0] === field).map((i) => i.message);

/**
 * One source per fact: a label, a limit or a required flag is written on the field, and the schema the form and
 * the API share says the same — checked over every register, so a field cannot drift from its rule.
 */
describe.each([...REGISTERS, ...SUBLISTS].map((d) => [d.key, d] as const))('%s: the schema follows the field declarations', (_k, def) => {
  const schema = def.schema!;
  const fields = Object.entries(def.fields).filter(([, f]) => f.form !== false && !f.filterOnly && !f.zod);

  // a secret or a file left empty on edit keeps what is stored: the shared schema lets it through, and insert asks it
  const keptOnEdit = (f: { kind: string }) => f.kind === 'secret' || f.kind === 'file';
  it.each(fields.filter(([, f]) => f.required).map(([n, f]) => [n, f] as const))('%s: required, in its own words', (name, f) => {
    if (keptOnEdit(f)) {
      expect(messagesOf(schema.safeParse({ [name]: null }), name)).toEqual([]);
      expect(missingOnInsert(def, { [name]: null })).toContainEqual({ field: name, message: obrigatorio(f.label) });
      return;
    }
    const missing = schema.safeParse({ [name]: f.kind === 'items' || f.kind === 'references' ? [] : null });
    expect(messagesOf(missing, name)).toContain(f.requiredMessage ?? obrigatorio(f.label));
  });

  it.each(fields.filter(([, f]) => f.maxLength && ['text', 'textarea', 'password'].includes(f.kind)).map(([n, f]) => [n, f] as const))(
    '%s: its maximum length',
    (name, f) => {
      expect(messagesOf(schema.safeParse({ [name]: 'x'.repeat(f.maxLength! + 1) }), name)).toContain(maximo(f.label, f.maxLength!));
      expect(messagesOf(schema.safeParse({ [name]: 'x'.repeat(f.maxLength!) }), name)).toEqual([]);
    },
  );

  it('edits exactly the form fields and the key', () => {
    const shape = Object.keys((schema as unknown as { shape: Record<string, unknown> }).shape).sort();
    const expected = Object.entries(def.fields)
      .filter(([n, f]) => (def.keyFields as readonly string[]).includes(n) || (f.form !== false && !f.filterOnly && f.kind !== 'datetime'))
      .map(([n]) => n)
      .sort();
    expect(shape).toEqual(expected);
  });
});

describe('objectSchema', () => {
  it('a number with bounds, an enum with a default, a flag, lines with their own rules', () => {
    const s = objectSchema({
      n: { kind: 'number', label: 'Parcela', required: true, min: 1, max: 99 },
      e: { kind: 'enum', label: 'Tipo', options: [{ valor: 'P', label: 'P' }, { valor: 'V', label: 'V' }], default: 'P' },
      b: { kind: 'boolean', label: 'Ativo', default: true },
      l: {
        kind: 'items', label: 'Linhas', required: true, requiredMessage: 'Ao menos uma linha.',
        items: { de: { kind: 'number', label: 'De' }, ate: { kind: 'number', label: 'Até' } },
        rules: [[(v) => Number(v.de) <= Number(v.ate), { message: 'invertida', path: ['ate'] }]],
      },
    });
    expect(s.safeParse({ n: 0, l: [{ de: 1, ate: 2 }] }).error?.issues[0]?.message).toBe('Parcela deve ser ao menos 1.');
    expect(s.safeParse({ n: 100, l: [{ de: 1, ate: 2 }] }).error?.issues[0]?.message).toBe('Parcela deve ser no máximo 99.');
    expect(s.parse({ n: 5, l: [{ de: 1, ate: 2 }] })).toEqual({ n: 5, e: 'P', b: true, l: [{ de: 1, ate: 2 }] });
    expect(s.safeParse({ n: 5, l: [] }).error?.issues[0]?.message).toBe('Ao menos uma linha.');
    expect(s.safeParse({ n: 5, l: [{ de: 3, ate: 2 }] }).error?.issues[0]).toMatchObject({ message: 'invertida', path: ['l', 0, 'ate'] });
  });
});
