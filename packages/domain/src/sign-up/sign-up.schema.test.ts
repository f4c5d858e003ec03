import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import {
  formatIdentificationCode, normalizeIdentificationCode, SIGN_UP_FIELDS, SIGN_UP_STEPS, signUpSchema, signUpStepOf,
} from './sign-up.schema';

const typed = {
  cpfCnpj: '27.386.541/0001-56', apelidoLoja: ' Empório da Ana ', telefone: '(31) 98765-4321', email: 'ana@emporio.com.br',
  aceiteTermos: true, login: 'emporio-api', senha: 'segredo', codExterno: '2345678901',
  debito: 1.49, credito: 2.99, parceladoA: 3.49, parceladoB: 3.99, ticket: '', formaPagamento: 'PIX',
};

describe('the sign-up declaration', () => {
  it('every field is typed in exactly one step, in declaration order', () => {
    expect(SIGN_UP_STEPS.flatMap((s) => s.fields)).toEqual(Object.keys(SIGN_UP_FIELDS));
    expect(SIGN_UP_STEPS.map((s) => s.label)).toEqual(['Dados Iniciais', 'Termo de Responsabilidade', 'API Cielo', 'EC', 'Taxas', 'Pagamento']);
    expect(signUpStepOf('codExterno')).toBe(3);
    expect(signUpStepOf('cpfCnpj')).toBe(0);
  });

  it('answers the submission normalised: documents without punctuation, an empty optional rate as null', () => {
    expect(signUpSchema.parse(typed)).toEqual({
      ...typed, cpfCnpj: '27386541000156', apelidoLoja: 'Empório da Ana', telefone: '31987654321', ticket: null,
    });
  });

  it('refuses what a merchant gets wrong with the messages of the catalogue', () => {
    const r = signUpSchema.safeParse({ ...typed, cpfCnpj: '27386541000157', aceiteTermos: false, codExterno: '23456789', credito: null, formaPagamento: 'CHEQUE' });
    const issues = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(issues).toMatchObject({
      cpfCnpj: MSG.cnpjInvalido, aceiteTermos: MSG.cadastroAceiteObrigatorio, codExterno: MSG.cadastroEcInvalido, credito: 'Crédito à vista é obrigatório.',
      formaPagamento: 'Forma de pagamento da mensalidade é obrigatório.',
    });
  });

  it('identification codes read back however they are typed', () => {
    expect(formatIdentificationCode('KNN0YXVVHZYX')).toBe('KNN0-YXVV-HZYX');
    expect(normalizeIdentificationCode(' knno-yxvv-hzyx ')).toBe('KNN0YXVVHZYX');
    expect(normalizeIdentificationCode('abcd efgh ilkm')).toBe('ABCDEFGH11KM');
  });
});
