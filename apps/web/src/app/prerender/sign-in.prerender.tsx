import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../providers';
import { routes } from '../routes';
import { PRERENDERED_PATH } from './prerendered-page';

/**
 * The sign-in page's HTML, made at build time (vite.config.ts runs it in Node): the same providers and routes as
 * the browser's render (main.tsx), so React can hydrate it. Emotion, with no document to write to, puts each
 * component's style rules in a <style> beside its element; the browser's emotion moves them to <head> before React
 * hydrates.
 *
 * prerender waits for every lazy module (the logo's tooltip) and writes its boundary in place: without
 * progressiveChunkSize, React moves a large boundary's HTML to a hidden segment that an inline script puts back,
 * and the Content-Security-Policy (script-src 'self') would never run that script.
 */
export async function renderSignInPage(): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [PRERENDERED_PATH] });
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
}
