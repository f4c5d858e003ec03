import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  formatCep, formatCnpj, formatCpf, formatCpfCnpj, formatPhone, isValidCep, isValidCnpj, isValidCpf, isValidCpfCnpj,
  isValidPhone, normalizeCpfCnpj, onlyDigits, zCep, zCnpj, zCpf, zCpfCnpj, zPhone,
} from './documents';
import { MSG } from './messages';

describe('CPF check digits', () => {
  it.each([
    ['529.982.247-25'],
    ['52998224725'],
    ['111.444.777-35'],
    ['123.456.789-09'],
    [' 123.456.789-09 '],
  ])('%s is a CPF', (cpf) => expect(isValidCpf(cpf)).toBe(true));

  it.each([
    ['529.982.247-26', 'second check digit wrong'],
    ['529.982.247-15', 'first check digit wrong'],
    ['111.111.111-11', 'all digits the same (passes the arithmetic)'],
    ['000.000.000-00', 'all zeros'],
    ['999.999.999-99', 'all nines'],
    ['5299822472', 'ten digits'],
    ['529982247250', 'twelve digits'],
    ['529.982.247-2A', 'a letter'],
    ['', 'empty'],
  ])('%s is not a CPF (%s)', (cpf) => expect(isValidCpf(cpf)).toBe(false));

  it('null and undefined are not a CPF', () => {
    expect(isValidCpf(null)).toBe(false);
    expect(isValidCpf(undefined)).toBe(false);
  });
});

describe('CNPJ check digits', () => {
  it.each([
    ['11.222.333/0001-81'],
    ['33.000.167/0001-01'],
    ['00.000.000/0001-91'],
    ['45723174000110'],
    ['19.131.243/0001-97'],
    // Alphanumeric CNPJ (Receita Federal, from July 2026): letters count as ASCII − 48.
    ['12.ABC.345/01DE-35'],
    ['12.abc.345/01de-35'],
  ])('%s is a CNPJ', (cnpj) => expect(isValidCnpj(cnpj)).toBe(true));

  it.each([
    ['11.222.333/0001-82', 'second check digit wrong'],
    ['11.222.333/0001-71', 'first check digit wrong'],
    ['11.111.111/1111-11', 'all digits the same'],
    ['00.000.000/0000-00', 'all zeros'],
    ['1122233300018', 'thirteen digits'],
    ['112223330001811', 'fifteen digits'],
    ['12.ABC.345/01DE-36', 'alphanumeric, check digit wrong'],
    ['12.ABC.345/01DE-3A', 'a letter where a check digit goes'],
    ['11.222.333/0001-8#', 'a symbol'],
  ])('%s is not a CNPJ (%s)', (cnpj) => expect(isValidCnpj(cnpj)).toBe(false));

  it('CPF/CNPJ chooses by length', () => {
    expect(isValidCpfCnpj('529.982.247-25')).toBe(true);
    expect(isValidCpfCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCpfCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCpfCnpj('52998224')).toBe(false);
    expect(isValidCpfCnpj('111.111.111-11')).toBe(false);
    expect(isValidCpfCnpj('5299822472A')).toBe(false);
    expect(isValidCpfCnpj('')).toBe(false);
  });
});

describe('normalising', () => {
  it.each([
    ['(11) 98765-4321', '11987654321'],
    ['529.982.247-25', '52998224725'],
    ['', ''],
    [null, ''],
  ])('onlyDigits(%s) = %s', (input, out) => expect(onlyDigits(input)).toBe(out));

  it('CPF/CNPJ keep the letters of an alphanumeric CNPJ, upper-cased', () => {
    expect(normalizeCpfCnpj('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(normalizeCpfCnpj('11.222.333/0001-81')).toBe('11222333000181');
  });
});

describe('masks', () => {
  it.each([
    [formatCpf, '52998224725', '529.982.247-25'],
    [formatCpf, '529.982.247-25', '529.982.247-25'],
    [formatCpf, '5299', '529.9'],
    [formatCpf, '529982247', '529.982.247'],
    [formatCpf, '5299822472599', '529.982.247-25'],
    [formatCnpj, '11222333000181', '11.222.333/0001-81'],
    [formatCnpj, '112223330', '11.222.333/0'],
    [formatCnpj, '12abc34501de35', '12.ABC.345/01DE-35'],
    [formatCpfCnpj, '52998224725', '529.982.247-25'],
    [formatCpfCnpj, '529982247251', '52.998.224/7251'],
    [formatCpfCnpj, '11222333000181', '11.222.333/0001-81'],
    [formatCpfCnpj, '12ABC', '12.ABC'],
    [formatPhone, '11987654321', '(11) 98765-4321'],
    [formatPhone, '1123456789', '(11) 2345-6789'],
    [formatPhone, '(11) 2345-6789', '(11) 2345-6789'],
    [formatPhone, '1', '(1'],
    [formatPhone, '119', '(11) 9'],
    [formatPhone, '1198765', '(11) 9876-5'],
    [formatPhone, '', ''],
    [formatCep, '01310100', '01310-100'],
    [formatCep, '01310-100', '01310-100'],
    [formatCep, '013', '013'],
    [formatCep, '013101', '01310-1'],
  ] as const)('%o(%s) = %s', (fn, input, out) => expect(fn(input)).toBe(out));

  it('null formats to nothing', () => {
    for (const fn of [formatCpf, formatCnpj, formatCpfCnpj, formatPhone, formatCep]) expect(fn(null)).toBe('');
  });
});

describe('phones and CEPs', () => {
  it.each([
    ['(11) 98765-4321', true, 'São Paulo mobile'],
    ['(21) 2345-6789', true, 'Rio de Janeiro landline'],
    ['61 3456 7890', true, 'Brasília landline'],
    ['(99) 98123-4567', true, 'highest area code'],
    ['(10) 98765-4321', false, 'area code 10 does not exist'],
    ['(20) 98765-4321', false, 'area code 20 does not exist'],
    ['(01) 2345-6789', false, 'area code below 11'],
    ['(11) 88765-4321', false, 'eleven digits but not a mobile'],
    ['(11) 9876-5432', false, 'ten digits starting with 9 (a mobile missing a digit)'],
    ['(11) 1234-5678', false, 'landline cannot start with 1'],
    ['98765-4321', false, 'no area code'],
    ['(11) 98765-43210', false, 'twelve digits'],
    ['', false, 'empty'],
  ])('%s → %s (%s)', (phone, ok) => expect(isValidPhone(phone)).toBe(ok));

  it.each([
    ['01310-100', true],
    ['70040010', true],
    ['00000-000', false],
    ['0131010', false],
    ['013101000', false],
    ['', false],
  ])('CEP %s → %s', (cep, ok) => expect(isValidCep(cep)).toBe(ok));
});

/** The first message of a failed parse, as the API answers it and the form shows it. */
function messageOf(schema: z.ZodType, value: unknown): string | undefined {
  const r = schema.safeParse(value);
  return r.success ? undefined : r.error.issues[0]?.message;
}

describe('zod fields', () => {
  it('required CPF/CNPJ: stored without punctuation; empty is required, wrong is invalid', () => {
    const s = zCpfCnpj('CPF/CNPJ', { required: true });
    expect(s.parse('529.982.247-25')).toBe('52998224725');
    expect(s.parse('11.222.333/0001-81')).toBe('11222333000181');
    expect(s.parse('12.abc.345/01de-35')).toBe('12ABC34501DE35');
    expect(messageOf(s, '')).toBe('CPF/CNPJ é obrigatório.');
    expect(messageOf(s, '   ')).toBe('CPF/CNPJ é obrigatório.');
    expect(messageOf(s, undefined)).toBe('CPF/CNPJ é obrigatório.');
    expect(messageOf(s, null)).toBe('CPF/CNPJ é obrigatório.');
    expect(messageOf(s, '111.111.111-11')).toBe(MSG.cpfCnpjInvalido);
    expect(messageOf(s, '11.222.333/0001-82')).toBe(MSG.cpfCnpjInvalido);
    expect(messageOf(s, 'abc')).toBe(MSG.cpfCnpjInvalido);
    expect(MSG.cpfCnpjInvalido).toBe('CPF/CNPJ inválido.');
  });

  it('optional fields: nothing typed (or an empty mask) is null; something wrong is still refused', () => {
    const s = zCpfCnpj('CPF/CNPJ');
    for (const empty of ['', '  ', null, undefined, '___.___.___-__']) expect(s.parse(empty)).toBeNull();
    expect(messageOf(s, '123')).toBe(MSG.cpfCnpjInvalido);
    const phone = zPhone('Telefone');
    expect(phone.parse('(__) _____-____')).toBeNull();
    expect(phone.parse('(31) 99876-5432')).toBe('31998765432');
    expect(messageOf(phone, '(31) 9876')).toBe('Telefone inválido.');
  });

  it('separate CPF and CNPJ fields say which document is wrong', () => {
    expect(zCpf('CPF').parse('111.444.777-35')).toBe('11144477735');
    expect(messageOf(zCpf('CPF'), '11.222.333/0001-81')).toBe('CPF inválido.');
    expect(zCnpj('CNPJ', { required: true }).parse('33.000.167/0001-01')).toBe('33000167000101');
    expect(messageOf(zCnpj('CNPJ'), '529.982.247-25')).toBe('CNPJ inválido.');
    expect(messageOf(zCnpj('CNPJ', { required: true }), '')).toBe('CNPJ é obrigatório.');
  });

  it('phone and CEP: required and invalid messages', () => {
    expect(messageOf(zPhone('Telefone', { required: true }), '')).toBe('Telefone é obrigatório.');
    expect(zCep('CEP').parse('01310-100')).toBe('01310100');
    expect(zCep('CEP').parse('')).toBeNull();
    expect(messageOf(zCep('CEP'), '0131-010')).toBe('CEP inválido.');
    expect(messageOf(zCep('CEP', { required: true }), undefined)).toBe('CEP é obrigatório.');
  });

  it('inside an object the message lands on the field', () => {
    const form = z.object({ cnpj: zCpfCnpj('CNPJ', { required: true }), telefone: zPhone('Telefone'), cep: zCep('CEP') });
    expect(form.parse({ cnpj: '45.723.174/0001-10', telefone: '', cep: '30130-010' })).toEqual({
      cnpj: '45723174000110', telefone: null, cep: '30130010',
    });
    const r = form.safeParse({ cnpj: '45.723.174/0001-11', telefone: '(00) 1234-5678' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['cnpj', 'CPF/CNPJ inválido.'],
      ['telefone', 'Telefone inválido.'],
    ]);
  });
});
