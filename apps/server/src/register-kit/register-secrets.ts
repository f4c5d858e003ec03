import type { AnyRegisterDef } from '@concilia/domain';
import type { Config } from '../config';
import { credentialsKey, openText, sealText } from '../features/credentials/credential-vault';

/**
 * The register kit's 'secret' fields at rest: sealed by the credential vault (AES-256-GCM, the key of
 * CREDENTIALS_KEY) with the register, the field and the row's owner as associated data — a sealed value
 * copied onto another company's row, or into another field, does not open. The owner (the entry's
 * ownerColumn) is known before an insert, unlike a serial id, so a value is sealed once, inside the save.
 */
type VaultConfig = Pick<Config, 'credentialsKey' | 'filesDir'>;

const context = (register: string, field: string, owner: unknown) => `register:${register}:${field}:${String(owner)}`;

export function sealSecret(config: VaultConfig, def: Pick<AnyRegisterDef, 'key'>, field: string, owner: unknown, plain: string): string {
  return sealText(credentialsKey(config), context(def.key, field, owner), plain);
}

/**
 * The secret in clear, for the server's own use (a hook checking a certificate's password, the invoice
 * issuer signing with it): never a resolver's answer. Null when none is stored.
 */
export function openSecret(config: VaultConfig, def: Pick<AnyRegisterDef, 'key'>, field: string, owner: unknown, sealed: unknown): string | null {
  if (typeof sealed !== 'string' || !sealed) return null;
  return openText(credentialsKey(config), context(def.key, field, owner), sealed);
}
