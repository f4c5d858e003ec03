/**
 * Código de lançamento of the Vero (Banrisul) payment files, docs/layouts/vero.md [3P: two independent public
 * readers of the file agree on the positions; this table is from one of them]. BJRVCMB (adquirência) codes and
 * BJRVCC1 (Banricompras) codes are distinct values, so one table serves both. Unknown codes are kept raw with a
 * warning.
 */
export const VERO_ENTRY_CODES: Readonly<Record<string, string>> = {
  '0201': 'Débito à vista',
  '0202': 'Crédito à vista',
  '0203': 'Crédito parcelado lojista',
  '0205': 'Cancelamento / chargeback',
  '0206': 'Parcela à vista de crédito parcelado',
  '0207': 'Crédito parcelado emissor',
  '0208': 'Crédito à vista internacional',
  '0214': 'Débito internacional',
  '0021': 'Alimentação PAT',
  '0022': 'Refeição PAT',
  '0023': 'Vouchers empresariais',
  '0024': 'Auto',
  '0001': 'Banricompras à vista',
  '0002': 'Banricompras parcelado com entrada',
  '0003': 'Banricompras parcelado sem entrada',
  '0004': 'Banricompras pré-datado',
  '0005': 'Banco SIM parcelado',
  '0006': 'Crédito 1 minuto',
  '0007': 'Parcelado liquidado pelo cliente',
  '0008': 'Pré-datado pelo cliente',
  '0009': 'Giro fácil',
};

/** The entries that take money back from the merchant (written unsigned in the file). */
export const VERO_DEBITS: ReadonlySet<string> = new Set(['0205']);

/** The file identifiers (header positions 43–49) of the payment files read. */
export const VERO_PAYMENT_FILES: Readonly<Record<string, string>> = {
  BJRVCMB: 'Previsão de crédito / pagamentos (adquirência Vero)',
  BJRVCC1: 'Pagamentos (Banricompras)',
};

/** Synthetic sales → código de lançamento (the generator's writer). */
export const VERO_WRITER_CODES = { debito: '0201', credito: '0202', parcelado: '0203' } as const;
