import type { SyntheticBrand } from '../generate/synthetic';

/** §2.7.1 bandeira codes of the synthetic brands (EEVD's 1 and 3 read as Maestro / Visa Electron, same brands). */
export const REDE_BRANDS: Record<SyntheticBrand, string> = { visa: '3', mastercard: '1', elo: 'E', amex: 'X', hipercard: '5' };

/** Synthetic sales carry no bank account: every RV is credited to this one. */
export const REDE_ACCOUNT = { bank: '341', branch: '1234', account: '12345678' } as const;
