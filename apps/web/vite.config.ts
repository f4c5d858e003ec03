/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { appPreload } from './build/app-preload.plugin.ts';
import { prerenderPages } from './build/prerender-pages.plugin.ts';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The JavaScript each measured route loads, besides the entry's: the lazy routes matched on the way there
 * (the router fetches a match's lazy modules together; each brings its static imports with it).
 */
const ROUTE_CHUNKS: Record<string, string[]> = {
  login: ['src/app/boot.tsx'],
  dashboard: ['src/app/boot.tsx', 'src/app/theme/localized-theme.tsx', 'src/app/shell/app-shell.tsx', 'src/features/dashboard/dashboard-page.tsx'],
};
/** Where the copies go: size-limit (.size-limit.json) measures each route's folder; outside dist, so never deployed. */
const ROUTE_JS_DIR = path.join(repoRoot, 'node_modules/.cache/route-js');

/**
 * Copies, per route, the built chunks it loads into ROUTE_JS_DIR/<route>/: the hashed names change with
 * every build, the folders do not, so the size budget can name them.
 */
function routeJs(): Plugin {
  return {
    name: 'concilia:route-js',
    apply: 'build',
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
      const byModule = (id: string) => chunks.find((c) => c.facadeModuleId?.endsWith(`/apps/web/${id}`));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) this.error('no entry chunk');
      fs.rmSync(ROUTE_JS_DIR, { recursive: true, force: true });
      for (const [route, modules] of Object.entries(ROUTE_CHUNKS)) {
        const roots = [entry, ...modules.map((m) => byModule(m) ?? this.error(`${route}: no chunk for ${m}`))];
        const files = new Set<string>();
        const visit = (file: string) => {
          if (files.has(file)) return;
          files.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) visit(dep);
        };
        for (const chunk of roots) visit(chunk.fileName);
        const dir = path.join(ROUTE_JS_DIR, route);
        fs.mkdirSync(dir, { recursive: true });
        for (const file of files) fs.copyFileSync(path.join(options.dir!, file), path.join(dir, path.basename(file)));
      }
    },
  };
}

/**
 * MUI's runtime and the components the shell and most pages draw (buttons, typography, lists, menus, drawer, tooltip,
 * dialogs, alerts, progress, cards), for one chunk shared by the MUI pages. The sign-in page has no MUI, so these
 * arrive with the first MUI page's lazy chunks: in one file instead of some forty fragments, which on a throttled
 * phone were forty more requests between the entry and the page's first words (Lighthouse's dashboard LCP 4.7–5.0 s →
 * 6.9–7.0 s with the fragments; 5.3–5.9 s with this chunk). Components only a few screens use stay with them.
 */
const MUI_CORE = new RegExp(
  String.raw`node_modules[\/](@emotion|stylis|react-transition-group|@popperjs|clsx|prop-types|react-is|@babel|` +
    String.raw`@mui[\/](system|utils|styled-engine|private-theming)|` +
    String.raw`@mui[\/]material[\/](styles|utils|internal|locale|colors|transitions|className|DefaultPropsProvider|zero-styled|` +
    'ButtonBase|Button|IconButton|SvgIcon|Typography|Paper|Box|Stack|Divider|Link|Chip|Badge|Avatar|Card|CardContent|' +
    'CssBaseline|GlobalStyles|useMediaQuery|Portal|Modal|Backdrop|Unstable_TrapFocus|Fade|Grow|Slide|Collapse|Popper|' +
    'Popover|Tooltip|Menu|MenuList|MenuItem|List|ListItem|ListItemButton|ListItemIcon|ListItemText|Drawer|Toolbar|' +
    String.raw`AppBar|CircularProgress|LinearProgress|Alert|Snackbar|SnackbarContent)[\/])`,
);

/** What the page's entry itself runs before React: kept in the entry's chunk, out of the app's (main.tsx). */
const STARTER = /(vite[\\/]modulepreload-polyfill.*|[\\/]index\.html(\?.*)?|[\\/]src[\\/](main\.tsx|app[\\/]stored-state\.ts|app[\\/]prerender[\\/](hydrate-on-interaction|prerendered-page)\.ts))$/;

/** A chunk of the modules the entry imports statically (every page needs them first), by kind. */
const initial = (name: string, test: RegExp | ((id: string) => boolean) | undefined, priority: number) => ({ name, test, priority, tags: ['$initial' as const] });

export default defineConfig({
  plugins: [
    react(),
    // .br and .gz beside each text asset: the server sends the one the browser accepts, no compression per request
    compression({ algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
    routeJs(),
    appPreload('/src/app/boot.tsx'),
    prerenderPages(fileURLToPath(import.meta.url)),
  ],
  // The API accepts only PUBLIC_URL (default http://localhost:3000) as a browser's Origin: the dev proxy
  // forwards this page's calls as that origin.
  server: {
    proxy: Object.fromEntries(['/graphql', '/altcha', '/download', '/relatorios/arquivo', '/api'].map((p) => [p, {
      target: 'http://localhost:3000', changeOrigin: true, headers: { origin: 'http://localhost:3000' },
    }])),
  },
  build: {
    chunkSizeWarningLimit: 1500,
    // The stylesheets as written for browsers that know light-dark() (ALTCHA's colours, and the sign-in page's copy
    // of its box): for older targets the CSS minifier rewrites light-dark() into variables that only a color-scheme
    // declaration sets, which ALTCHA's stylesheet has none of — its box lost its colours and border.
    cssTarget: ['chrome123', 'edge123', 'firefox120', 'safari17.5'],
    // No data: URLs, so the Content-Security-Policy can stay at font-src 'self'.
    assetsInlineLimit: 0,
    rolldownOptions: {
      // The app (React, the router, the sign-in page) is an entry of its own that the page's entry imports when
      // the page starts (main.tsx), so that the groups below ($initial: what an entry imports statically) still
      // gather the sign-in page's code into two files.
      input: { index: fileURLToPath(new URL('index.html', import.meta.url)), boot: fileURLToPath(new URL('src/app/boot.tsx', import.meta.url)) },
      output: {
        // The sign-in page's code in two files instead of many shared fragments (fewer requests, better
        // compression), split by how often each changes: React and the router, then ours and the rest (the page
        // has no MUI: features/auth/auth.css). Lazy routes keep Rolldown's own splitting.
        codeSplitting: {
          groups: [
            initial('react', /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, 3),
            initial('app', (id) => !STARTER.test(id), 1),
            // what both the entry and the app use (the stored state, the prerendered page's mark, Vite's preload helper), in a file of its own:
            // in the app's, the entry would import the app's file, and so evaluate React, at once
            { name: 'starter', test: /([\\/]app[\\/](stored-state|prerender[\\/]prerendered-page)\.ts|vite[\\/]preload-helper\.js)$/, priority: 4 },
            { name: 'mui', test: MUI_CORE, priority: 2 },
          ],
        },
      },
    },
  },
  // root pinned to this folder so `vitest --config apps/web/vite.config.ts` from the repo root finds the tests
  // jsdom renders of whole screens take seconds when the machine also runs the API and browser projects
  test: { root: fileURLToPath(new URL('.', import.meta.url)), name: 'web', environment: 'jsdom', include: ['src/**/*.test.{ts,tsx}'], testTimeout: 20_000 },
});
