import type { Plugin } from 'vite';

/** Marks the app's links, for the sign-in page's HTML to ask them differently (prerender-pages.plugin.ts). */
export const APP_FILE_MARK = 'data-app-file';

/**
 * The page's entry (src/main.tsx) imports the app (src/app/boot.tsx) dynamically, so that the sign-in page can
 * evaluate React only when the person starts using it; Vite would then fetch the app's files only at that moment.
 * This puts them in the HTML instead, as Vite does for an entry's static imports: the app's stylesheet (the sign-in
 * page's looks and the fonts: needed for the first paint) and a modulepreload of each of its files (fetched and
 * compiled with the page, not evaluated; the sign-in page's HTML makes them a prefetch, prerender-pages.plugin.ts).
 */
export function appPreload(appModule: string): Plugin {
  let base = '/';
  return {
    name: 'concilia:app-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((o) => o.type === 'chunk');
        const app = chunks.find((c) => c.facadeModuleId?.endsWith(appModule));
        if (!app) throw new Error(`app-preload: no chunk for ${appModule}`);
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        // the entry's own imports are already in the HTML (Vite's)
        const inHtml = new Set(ctx.chunk?.imports ?? []);
        const files: string[] = [];
        const css = new Set<string>();
        const visit = (file: string) => {
          if (files.includes(file) || inHtml.has(file)) return;
          const chunk = byFile.get(file);
          for (const dep of chunk?.imports ?? []) visit(dep);
          files.push(file);
          for (const sheet of chunk?.viteMetadata?.importedCss ?? []) css.add(sheet);
        };
        visit(app.fileName);
        return [
          ...[...css].map((href) => ({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${href}` }, injectTo: 'head' as const })),
          ...files.map((href) => ({
            tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${href}`, [APP_FILE_MARK]: true }, injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}
