export const SESSION_COOKIE = 'concilia_sid';
export const LEGACY_COOKIE = 'concilia_legado';

export function parseCookies(header: string | null): Map<string, string> {
  const out = new Map<string, string>();
  if (!header) return out;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    const v = part.slice(i + 1).trim();
    if (k) {
      try { out.set(k, decodeURIComponent(v)); } catch { /* a malformed cookie is ignored, not fatal */ }
    }
  }
  return out;
}

/** HttpOnly and SameSite=Lax always; Secure when the request came over https. */
export function cookieHeader(name: string, value: string, opts: { secure: boolean; maxAgeSeconds?: number }): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (opts.secure) parts.push('Secure');
  if (opts.maxAgeSeconds !== undefined) parts.push(`Max-Age=${opts.maxAgeSeconds}`);
  return parts.join('; ');
}

export function clearCookieHeader(name: string, secure: boolean): string {
  return cookieHeader(name, '', { secure, maxAgeSeconds: 0 });
}
