import { defineRegister } from '../register-kit/register';
import { dateRangeRule } from '../register-kit/zod-fields';
import { pageOf } from './register-pages';

/** Taxas de Antecipação (spec part 2 §2.1, §3): a named advance-payment rate with its vigência. */
export const taxasAntecipacaoRegister = defineRegister({
  ...pageOf('taxasAntecipacao'),
  typeName: 'TaxaAntecipacao',
  menuSection: 'Cadastros',
  menuIcon: 'Percent',
  id: 'codtaxaantecipacao',
  keyFields: ['codtaxaantecipacao'],
  rules: [dateRangeRule('vigenciade', 'vigenciaate')],
  ops: { list: 'listarTaxasAntecipacao', get: 'getTaxasAntecipacao', save: 'saveTaxasAntecipacao', delete: 'deleteTaxasAntecipacao' },
  messages: { inserted: 'Registro inserido com sucesso!', saved: 'Registro salvo com sucesso!' },
  fields: {
    codtaxaantecipacao: { kind: 'number', label: 'Código', form: 'readonly' },
    nome: { kind: 'text', label: 'Nome', column: true, filter: true, maxLength: 50, required: true },
    vigenciade: { kind: 'date', label: 'De', column: true, filter: 'gte', required: true },
    vigenciaate: { kind: 'date', label: 'Até', column: true, filter: 'lte', required: true },
    taxa: { kind: 'percent', label: 'Taxa', column: true, filter: true, required: true },
  },
});
