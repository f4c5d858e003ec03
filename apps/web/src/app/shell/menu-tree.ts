import { FORCED_MENU_PAGES, pathForMenuPage, type MenuItem } from '@concilia/domain';

/** One node of the side menu: a section (children) or an entry (path), or both for forced pages. */
export type MenuNode = { id: string; label: string; icon: string | null; path: string | null; children: MenuNode[] };

/** A path the way the route table compares them: lower-case, without a trailing slash. */
export const normalizePath = (p: string) => p.replace(/\/+$/, '').toLowerCase() || '/';

export function samePath(a: string, b: string): boolean {
  return normalizePath(a) === normalizePath(b);
}

/**
 * Where a menu item links to: /app/{page}; top-level Relatórios and Integração always go to their own
 * pages, whatever the server sent (spec part 1, Application shell).
 */
export function menuItemPath(item: MenuItem): string | null {
  const forced = item.pai === null ? FORCED_MENU_PAGES[item.label] : undefined;
  if (forced) return pathForMenuPage(forced);
  return item.page ? pathForMenuPage(item.page) : null;
}

/**
 * The item an entry hangs from. The server names parents by label, so when an entry and a section share a
 * label the section wins.
 */
export function parentOf(items: readonly MenuItem[], item: MenuItem): MenuItem | undefined {
  if (item.pai === null) return undefined;
  const candidates = items.filter((i) => i !== item && i.label === item.pai);
  return candidates.find((i) => i.page === null) ?? candidates[0];
}

/** The ancestors of an item, nearest first; a cycle in bad data ends the walk instead of looping. */
export function ancestorsOf(items: readonly MenuItem[], item: MenuItem): MenuItem[] {
  const chain: MenuItem[] = [];
  const seen = new Set<MenuItem>([item]);
  for (let p = parentOf(items, item); p && !seen.has(p); p = parentOf(items, p)) {
    seen.add(p);
    chain.push(p);
  }
  return chain;
}

function isInCycle(items: readonly MenuItem[], item: MenuItem): boolean {
  const seen = new Set<MenuItem>();
  for (let p = parentOf(items, item); p; p = parentOf(items, p)) {
    if (p === item) return true;
    if (seen.has(p)) return false;
    seen.add(p);
  }
  return false;
}

/** A section with nothing under it and no page of its own would be a dead click. */
function prune(nodes: MenuNode[]): MenuNode[] {
  return nodes
    .map((n) => ({ ...n, children: prune(n.children) }))
    .filter((n) => n.path !== null || n.children.length > 0);
}

/**
 * Turns the server's flat list (sections have no page; entries name their section in `pai`) into a tree,
 * keeping the server's order. Items whose parent is missing, or that sit in a parent cycle, go to the top.
 */
export function buildMenuTree(items: readonly MenuItem[]): MenuNode[] {
  const nodes = new Map<MenuItem, MenuNode>(
    items.map((i) => [i, { id: i.id, label: i.label, icon: i.icon, path: menuItemPath(i), children: [] }]),
  );
  const roots: MenuNode[] = [];
  for (const item of items) {
    const parent = isInCycle(items, item) ? undefined : parentOf(items, item);
    (parent ? nodes.get(parent)!.children : roots).push(nodes.get(item)!);
  }
  return prune(roots);
}

/** Every node that links somewhere, depth first, with the label of the section it sits in. */
export function menuEntries(tree: readonly MenuNode[], section: string | null = null): (MenuNode & { path: string; section: string | null })[] {
  return tree.flatMap((n) => [
    ...(n.path !== null ? [{ ...n, path: n.path, section }] : []),
    ...menuEntries(n.children, n.label),
  ]);
}

/** Whether the node or anything under it is the current page: its section opens and highlights. */
export function containsPath(node: MenuNode, pathname: string): boolean {
  return (node.path !== null && samePath(node.path, pathname)) || node.children.some((c) => containsPath(c, pathname));
}
