import { z } from 'zod';
import { defineRegister } from '../register-kit/register';
import { dateRangeRule, zDate, zInt, zPercent, zText } from '../register-kit/zod-fields';

/** Taxas de Antecipação (spec part 2 §2.1, §3): a named advance-payment rate with its vigência. */
export const taxasAntecipacaoSchema = z
  .object({
    codtaxaantecipacao: zInt('Código'),
    nome: zText('Nome', { required: true, max: 50 }),
    vigenciade: zDate('De', { required: true }),
    vigenciaate: zDate('Até', { required: true }),
    taxa: zPercent('Taxa', { required: true }),
  })
  .refine(...dateRangeRule('vigenciade', 'vigenciaate'));

export const taxasAntecipacaoRegister = defineRegister({
  key: 'taxasAntecipacao',
  typeName: 'TaxaAntecipacao',
  title: 'Taxas de Antecipação',
  page: 'taxasantecipacao',
  menuSection: 'Cadastros',
  menuIcon: 'Percent',
  id: 'codtaxaantecipacao',
  keyFields: ['codtaxaantecipacao'],
  schema: taxasAntecipacaoSchema,
  ops: { list: 'listarTaxasAntecipacao', get: 'getTaxasAntecipacao', save: 'saveTaxasAntecipacao', delete: 'deleteTaxasAntecipacao' },
  messages: { inserted: 'Registro inserido com sucesso!', saved: 'Registro salvo com sucesso!' },
  fields: {
    codtaxaantecipacao: { kind: 'number', label: 'Código', form: 'readonly' },
    nome: { kind: 'text', label: 'Nome', column: true, filter: true, maxLength: 50 },
    vigenciade: { kind: 'date', label: 'De', column: true, filter: 'gte' },
    vigenciaate: { kind: 'date', label: 'Até', column: true, filter: 'lte' },
    taxa: { kind: 'percent', label: 'Taxa', column: true, filter: true },
  },
});
