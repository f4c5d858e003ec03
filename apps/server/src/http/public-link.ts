import type { Config } from '../config';

/**
 * An address of the web app as users reach it (PUBLIC_URL, never the request's Host), for links that leave the
 * app — e-mails, sign-in and panel links. `path` is a route of the one route table (ROUTES in @concilia/domain).
 */
export function publicLink(config: Pick<Config, 'publicUrl'>, path: string, query: Record<string, string> = {}): string {
  const q = new URLSearchParams(query).toString();
  return `${config.publicUrl}${path}${q ? `?${q}` : ''}`;
}
