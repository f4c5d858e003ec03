import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { MANUAL } from './manual-content';
import { ManualPage } from './manual-page';

afterEach(cleanup);

describe('ManualPage', () => {
  it('covers access, navigation, account and sign-out, with a table of contents pointing at real anchors', () => {
    Element.prototype.scrollIntoView = () => {};
    const router = createMemoryRouter([{ path: '/app/ajuda', element: <ManualPage /> }], { initialEntries: ['/app/ajuda'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Manual' })).toBeTruthy();
    expect(MANUAL.map((s) => s.title)).toEqual(['Acesso', 'Navegação', 'Minha conta', 'Sair']);
    const toc = screen.getByTestId('manual-toc');
    const links = within(toc).getAllByRole('link');
    expect(links.length).toBe(MANUAL.reduce((n, s) => n + 1 + s.topics.length, 0));
    for (const a of links) expect(document.getElementById(a.getAttribute('href')!.slice(1))).not.toBeNull();
    for (const id of ['entrar', 'verificacao-anti-robo', 'esqueci-minha-senha', 'validade-do-acesso', 'menu', 'breadcrumb', 'noticias', 'temas', 'alterar-senha']) {
      expect(document.getElementById(id)).not.toBeNull();
    }
    expect(screen.getByText(/mínimo de 6 caracteres/)).toBeTruthy();
    expect(screen.getByText(/apenas letras, números e o sublinhado/)).toBeTruthy();
  });
});
