import { GraphQLError } from 'graphql';
import { builder } from '../graphql/builder';

/**
 * Money on the wire: integer centavos as a JSON number. GraphQL's Int is 32-bit (R$ 21 million at most);
 * this scalar takes any safe integer and refuses fractions, so no float ever carries an amount.
 */
const asCentavos = (v: unknown): number => {
  const n = typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isSafeInteger(n)) throw new GraphQLError('Valor em centavos inválido.');
  return n;
};

export const CentavosScalar = builder.scalarType('Centavos', {
  description: 'Amount in integer centavos (R$ 1,00 = 100)',
  serialize: asCentavos,
  parseValue: asCentavos,
});
