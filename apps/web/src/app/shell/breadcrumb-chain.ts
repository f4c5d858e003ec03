import type { MenuItem } from '@concilia/domain';
import { ancestorsOf, menuItemPath, samePath } from './menu-tree';

export type Crumb = { label: string; path: string | null };

/**
 * What follows 'Você está aqui:': the menu's parent chain of the current page (outermost first), then the
 * page's title. A page outside the menu shows only its title; the entry's own label stands in when the
 * route table has no title for it.
 */
export function breadcrumbChain(pathname: string, items: readonly MenuItem[], title: string): Crumb[] {
  const entry = items.find((i) => {
    const path = menuItemPath(i);
    return path !== null && samePath(path, pathname);
  });
  if (!entry) return title ? [{ label: title, path: null }] : [];
  const parents = ancestorsOf(items, entry)
    .reverse()
    .map((p) => ({ label: p.label, path: menuItemPath(p) }));
  return [...parents, { label: title || entry.label, path: null }];
}
