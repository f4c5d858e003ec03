import { pageKeyFor } from '../../app/shell/page-key';
import { normalizePath, samePath } from '../../app/shell/menu-tree';

export type ShortcutCandidate = { path: string; label: string };

/**
 * The home page's shortcuts: the menu entries the user opened most (visits counted by LOAD_PAGE), in
 * descending order of visits and menu order on ties, topped up with the first menu entries so a new
 * user still gets a useful set. Only menu entries qualify: the menu is what the profile may open.
 */
export function pickShortcuts<T extends ShortcutCandidate>(
  entries: readonly T[],
  visits: Readonly<Record<string, number>>,
  opts: { exclude?: readonly string[]; limit?: number } = {},
): (T & { visits: number })[] {
  const { exclude = [], limit = 6 } = opts;
  const seen = new Set<string>();
  const candidates = entries
    .filter((e) => !exclude.some((x) => samePath(x, e.path)))
    .filter((e) => {
      const key = normalizePath(e.path);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((entry, order) => ({ entry, order, visits: visits[pageKeyFor(entry.path) ?? ''] ?? 0 }));
  const used = candidates.filter((c) => c.visits > 0).sort((a, b) => b.visits - a.visits || a.order - b.order);
  const rest = candidates.filter((c) => c.visits === 0);
  return [...used, ...rest].slice(0, limit).map((c) => ({ ...c.entry, visits: c.visits }));
}
