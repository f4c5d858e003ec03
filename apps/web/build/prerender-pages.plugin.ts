import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createServer, type Plugin } from 'vite';
import { APP_FILE_MARK } from './app-preload.plugin.ts';
import type * as PrerenderedPage from '../src/app/prerender/prerendered-page';
import type * as ShellFramePrerender from '../src/app/prerender/shell-frame.prerender';
import type * as SignInPrerender from '../src/app/prerender/sign-in.prerender';
import { unstyledClasses } from '../src/app/prerender/unstyled-classes';

/** #root's content in the built index.html: the logo placeholder, up to the body's end. */
const ROOT = /<div id="root">[\s\S]*<\/div>(\s*<\/body>)/;

/**
 * The faces the prerendered pages paint (latin covers pt-BR): the sign-in page's body text and heading (400, 700),
 * the frame's page title (600). Asked for with the HTML, they
 * are usually there for the first paint: text first painted in the fallback face measures smaller, and the
 * browser then takes the check's label, drawn a moment later in Open Sans, as the page's largest paint.
 */
const PAINTED_FONTS = /^open-sans-latin-(400|600|700)-normal-[\w-]+\.woff2$/;

function fontPreloads(assetsDir: string, weights: ('400' | '600' | '700')[]): string {
  const fonts = fs.readdirSync(assetsDir).filter((f) => PAINTED_FONTS.test(f)).sort();
  if (fonts.length !== 3) throw new Error(`prerendered pages: expected the 400, 600 and 700 latin faces of Open Sans in ${assetsDir}, found ${fonts.join(', ')}`);
  return fonts.filter((f) => weights.some((w) => f.startsWith(`open-sans-latin-${w}-`)))
    .map((f) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/${f}">`).join('');
}

/** The siblings the static handler sends to browsers that accept them (the compression plugin's, remade). */
function writeCompressed(file: string, body: string): void {
  fs.writeFileSync(file, body);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
}

/**
 * app.html with the app's own file (src/app/boot.tsx, which starts itself there) as its script instead of the
 * sign-in page's entry: on these pages React starts at once, so there is nothing for main.tsx to decide, and no
 * import to wait for between the two.
 */
function appEntryShell(shell: string): string {
  const preload = /\s*<link rel="modulepreload" crossorigin href="(\/assets\/boot-[\w-]+\.js)">/.exec(unmarked(shell));
  const entry = /<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/.exec(shell);
  if (!preload || !entry) throw new Error('app.html: the app\'s modulepreload or the entry\'s script is not where the build writes them');
  return unmarked(shell).replace(preload[0], '').replace(entry[0], `<script type="module" crossorigin src="${preload[1]}"></script>`);
}

const APP_FILE_LINK = new RegExp(`<link rel="modulepreload" crossorigin href="([^"]+)" ${APP_FILE_MARK}>`, 'g');
const unmarked = (html: string) => html.replaceAll(` ${APP_FILE_MARK}>`, '>');

/**
 * The sign-in page's HTML asks the app's files as a prefetch: into the HTTP cache, at the lowest priority, neither
 * compiled nor evaluated — React starts at the person's first interaction (main.tsx), and compiling it (a modulepreload
 * compiles) was the longest task left of this page's load on a phone: Lighthouse (×4 CPU, load 1.6–2.9), score 98–99
 * and TBT 35–102 ms in five runs, against 94–99 and 81–261 ms in six with the modulepreload.
 */
const prefetched = (html: string) => html.replace(APP_FILE_LINK, '<link rel="prefetch" as="script" crossorigin href="$1">');

/**
 * After the build: index.html becomes the sign-in page already rendered (the first page of nearly every visit
 * shows its card when the HTML arrives, not after the scripts); app-frame.html is the shell's frame with a place for
 * the page's title (the server writes it, static-files.ts), for every /app page; app.html keeps the logo
 * placeholder for every other path (the server's SPA fallback). The pages are rendered by Vite's own module runner
 * in Node with this config, so the HTML comes from the same sources as the scripts it is sent with.
 */
export function prerenderPages(configFile: string): Plugin {
  let outDir = '';
  return {
    name: 'concilia:prerender-pages',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle(error) {
      if (error) return;
      const server = await createServer({
        configFile,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      let body: string;
      let frame: string;
      try {
        const { renderSignInPage, PRERENDERED_PATH } = (await server.ssrLoadModule('/src/app/prerender/sign-in.prerender.tsx')) as typeof SignInPrerender;
        const { PRERENDERED_ATTRIBUTE } = (await server.ssrLoadModule('/src/app/prerender/prerendered-page.ts')) as typeof PrerenderedPage;
        const html = await renderSignInPage();
        // script-src 'self': an inline script (React's way of finishing a suspended part) would never run
        if (html.includes('<script') || html.includes('<!--$?-->')) this.error('the sign-in page rendered a part that waits for an inline script');
        const unstyled = unstyledClasses(html);
        if (unstyled.length > 0) this.error(`the sign-in page uses classes whose rules it does not hold: ${unstyled.join(', ')}`);
        body = `<div id="root" ${PRERENDERED_ATTRIBUTE}="${PRERENDERED_PATH}">${html}</div>`;
        const { renderShellFrame, PAGE_TITLE_TOKEN } = (await server.ssrLoadModule('/src/app/prerender/shell-frame.prerender.tsx')) as typeof ShellFramePrerender;
        frame = renderShellFrame();
        if (frame.split(PAGE_TITLE_TOKEN).length !== 2) this.error('the shell frame does not hold its title token once');
        const unstyledFrame = unstyledClasses(frame);
        if (unstyledFrame.length > 0) this.error(`the shell frame uses classes whose rules it does not hold: ${unstyledFrame.join(', ')}`);
      } finally {
        await server.close();
      }
      const index = path.join(outDir, 'index.html');
      const shell = fs.readFileSync(index, 'utf8');
      if (!ROOT.test(shell)) this.error('index.html: no <div id="root"> before </body>');
      writeCompressed(path.join(outDir, 'app.html'), appEntryShell(shell));
      // the title is its largest paint: in Open Sans from the first paint, not measured first in the fallback face
      fs.writeFileSync(path.join(outDir, 'app-frame.html'), appEntryShell(shell).replace(ROOT, (_all, end: string) => `<div id="root">${frame}</div>${end}`)
        .replace('</head>', `${fontPreloads(path.join(outDir, 'assets'), ['600'])}</head>`));
      // What paints this page is the HTML, its stylesheet, fonts and logo; the scripts only make it work, so they
      // are asked at low priority and do not take the link from those (app.html keeps them high: it has nothing
      // to show without them). Throttled like a phone (150 ms, 1.6 Mbit/s, CPU ×4), five alternated loads: the
      // card at the same time, ready to sign in no later (median 4.0 s against 4.2 s).
      const page = prefetched(shell).replace(ROOT, (_all, end: string) => `${body}${end}`)
        .replaceAll('<script type="module" ', '<script type="module" fetchpriority="low" ')
        .replaceAll('<link rel="modulepreload" ', '<link rel="modulepreload" fetchpriority="low" ')
        .replace('</head>', `${fontPreloads(path.join(outDir, 'assets'), ['400', '700'])}</head>`);
      writeCompressed(index, page);
    },
  };
}
