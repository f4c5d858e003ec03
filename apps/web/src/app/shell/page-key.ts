/**
 * The key a page's visits are counted under (LOAD_PAGE): the path below /app, lower-cased, so it matches
 * the menu's `page` values. Pages outside /app are not counted.
 */
export function pageKeyFor(pathname: string): string | null {
  const m = /^\/app\/(.+?)\/*$/i.exec(pathname);
  return m ? m[1]!.toLowerCase() : null;
}
