import { describe, expect, it } from 'vitest';
import { pickShortcuts } from './shortcuts';

const entries = [
  { path: '/app/home', label: 'Home' },
  { path: '/app/ajuda', label: 'Manual' },
  { path: '/app/pesquisaticket', label: 'Pesquisar Ticket' },
  { path: '/app/alterasenha', label: 'Altera Senha' },
  { path: '/app/dashboard', label: 'Dashboard' },
];

describe('pickShortcuts', () => {
  it('orders the visited menu entries by visits, then tops up with the first entries', () => {
    const visits = { alterasenha: 2, pesquisaticket: 9, 'not-found': 50, home: 30 };
    const picked = pickShortcuts(entries, visits, { exclude: ['/app/home'], limit: 3 });
    expect(picked.map((p) => [p.label, p.visits])).toEqual([
      ['Pesquisar Ticket', 9],
      ['Altera Senha', 2],
      ['Manual', 0],
    ]);
  });

  it('falls back to the first menu entries for a new user', () => {
    expect(pickShortcuts(entries, {}, { limit: 2 }).map((p) => p.label)).toEqual(['Home', 'Manual']);
  });

  it('ignores visits to pages outside the menu and repeated entries', () => {
    const picked = pickShortcuts([...entries, { path: '/app/Ajuda/', label: 'Manual de novo' }], { 'nao-esta-no-menu': 5 });
    expect(picked.map((p) => p.label)).toEqual(['Home', 'Manual', 'Pesquisar Ticket', 'Altera Senha', 'Dashboard']);
  });
});
