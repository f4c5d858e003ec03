import crypto from 'node:crypto';

/** Random secrets for cookies and links; only their SHA-256 is stored, so a database leak opens nothing. */
export function newSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function sha256(text: string): string {
  return crypto.hash('sha256', text);
}
