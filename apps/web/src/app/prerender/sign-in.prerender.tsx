import { ROUTES } from '@concilia/domain';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../providers';
import { routes } from '../routes';

/**
 * The sign-in page's HTML, made at build time (vite.config.ts runs it in Node): the same providers and routes as
 * the browser's render (main.tsx), so React can hydrate it. The page's looks are its stylesheet (features/auth/auth.css),
 * linked by index.html; should an emotion-styled part come back onto it, emotion writes its rules in a <style> beside
 * the element, which the browser's emotion moves to <head> before React hydrates (the build checks every class has
 * its rule: unstyled-classes.ts).
 *
 * Without progressiveChunkSize, React moves a large Suspense boundary's HTML to a hidden segment that an inline
 * script puts back, and the Content-Security-Policy (script-src 'self') would never run that script.
 */
/** The path the build renders (the sign-in page); index.html's #root names it in PRERENDERED_ATTRIBUTE. */
export const PRERENDERED_PATH = ROUTES.login.path;

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
