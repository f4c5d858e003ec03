import type { Coded } from '../model';

/**
 * Brand and product as a merchant's system writes them ('VISA', 'Master', 'crédito', 'Débito à vista') →
 * the names of the reference catalogue (packages/db/seed-data/cartoes.json), so the register row is found by
 * name. The code is the text as written; an unknown text keeps its code with a null name, never a guess.
 */

export function normalizeName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const BRANDS: Record<string, string> = {};
for (const name of [
  'Visa', 'Mastercard', 'Elo', 'Diners', 'Cabal', 'Hipercard', 'Amex', 'Sicredi', 'UnionPay', 'Agiplan', 'Banescard', 'Sorocred',
  'Credsystem', 'Esplanada', 'Credz', 'Losango', 'Avista', 'Hiper', 'JCB', 'Aura', 'Alelo', 'Ticket', 'Pluxee (Sodexo)', 'VR',
  'Ben', 'Up Brasil', 'Verdecard', 'Banricompras', 'Discover', 'Nutricash', 'Ourocard', 'Cartão BNDES',
]) {
  BRANDS[normalizeName(name)] = name;
}
Object.assign(BRANDS, {
  master: 'Mastercard', 'master card': 'Mastercard', maestro: 'Mastercard', 'visa electron': 'Visa', electron: 'Visa',
  'american express': 'Amex', diners: 'Diners', 'diners club': 'Diners', pluxee: 'Pluxee (Sodexo)', sodexo: 'Pluxee (Sodexo)',
  'vr beneficios': 'VR', 'ticket edenred': 'Ticket', edenred: 'Ticket', 'elo debito': 'Elo', 'elo credito': 'Elo', 'union pay': 'UnionPay',
});

const PRODUCTS: Record<string, string> = {
  credito: 'Crédito à vista', 'credito a vista': 'Crédito à vista', 'a vista': 'Crédito à vista', rotativo: 'Crédito à vista',
  parcelado: 'Crédito parcelado loja', 'credito parcelado': 'Crédito parcelado loja', 'parcelado loja': 'Crédito parcelado loja',
  'credito parcelado loja': 'Crédito parcelado loja', 'parcelado lojista': 'Crédito parcelado loja', 'parcelado sem juros': 'Crédito parcelado loja',
  'parcelado emissor': 'Crédito parcelado emissor', 'credito parcelado emissor': 'Crédito parcelado emissor', 'parcelado com juros': 'Crédito parcelado emissor',
  debito: 'Débito', 'debito a vista': 'Débito', 'pre pago': 'Pré-pago débito', 'pre pago debito': 'Pré-pago débito',
  'pre pago credito': 'Pré-pago crédito', voucher: 'Voucher refeição', refeicao: 'Voucher refeição', 'voucher refeicao': 'Voucher refeição',
  alimentacao: 'Voucher alimentação', 'voucher alimentacao': 'Voucher alimentação', combustivel: 'Voucher combustível',
  'voucher combustivel': 'Voucher combustível', cultura: 'Voucher cultura', 'voucher cultura': 'Voucher cultura',
  multibeneficios: 'Voucher multibenefícios', 'voucher multibeneficios': 'Voucher multibenefícios', pix: 'Pix', crediario: 'Crediário',
};

/** A file writes the same few brand and product texts on every line: each is normalised once. */
const memo = (table: Record<string, string>) => {
  const seen = new Map<string, string | null>();
  return (raw: string | null): Coded | null => {
    const code = (raw ?? '').trim();
    if (code === '') return null;
    let name = seen.get(code);
    if (name === undefined) {
      name = table[normalizeName(code)] ?? null;
      if (seen.size < 10_000) seen.set(code, name);
    }
    return { code, name };
  };
};

export const customerBrand = memo(BRANDS);
export const customerProduct = memo(PRODUCTS);

