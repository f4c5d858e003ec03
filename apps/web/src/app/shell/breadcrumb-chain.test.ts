import type { MenuItem } from '@concilia/domain';
import { describe, expect, it } from 'vitest';
import { breadcrumbChain } from './breadcrumb-chain';

const item = (id: string, label: string, page: string | null, pai: string | null = null): MenuItem => ({ id, label, page, pai, icon: null });

const MENU: MenuItem[] = [
  item('1', 'Ajuda', null),
  item('2', 'Manual do sistema', 'ajuda', 'Ajuda'),
  item('3', 'Arquivos', null),
  item('4', 'Conciliação', null, 'Arquivos'),
  item('5', 'Em aberto', 'manutencaoarquivosconciliacaoaberto', 'Conciliação'),
  item('6', 'Relatórios', null),
];

describe('breadcrumbChain', () => {
  it("is the menu's parent chain followed by the page title from the route table", () => {
    expect(breadcrumbChain('/app/ajuda', MENU, 'Manual')).toEqual([
      { label: 'Ajuda', path: null },
      { label: 'Manual', path: null },
    ]);
  });

  it('walks every level, outermost first', () => {
    expect(breadcrumbChain('/app/manutencaoarquivosconciliacaoaberto', MENU, 'Arquivos em Aberto').map((c) => c.label)).toEqual([
      'Arquivos',
      'Conciliação',
      'Arquivos em Aberto',
    ]);
  });

  it("uses the entry's label when the route table has no title", () => {
    expect(breadcrumbChain('/app/ajuda', MENU, '').map((c) => c.label)).toEqual(['Ajuda', 'Manual do sistema']);
  });

  it('matches paths case-insensitively and ignores a trailing slash', () => {
    expect(breadcrumbChain('/app/Ajuda/', MENU, 'Manual')).toHaveLength(2);
  });

  it('shows only the title for pages outside the menu, and nothing for an unknown page', () => {
    expect(breadcrumbChain('/app/notAllowed', MENU, 'Cadastro Pendente')).toEqual([{ label: 'Cadastro Pendente', path: null }]);
    expect(breadcrumbChain('/app/nada', MENU, '')).toEqual([]);
    expect(breadcrumbChain('/app/home', [], 'Home')).toEqual([{ label: 'Home', path: null }]);
  });

  it('links a forced parent and stops at a parent cycle', () => {
    const menu = [...MENU, item('7', 'Agendados', 'relatoriosagendados', 'Relatórios')];
    expect(breadcrumbChain('/app/relatoriosagendados', menu, 'Agendados')).toEqual([
      { label: 'Relatórios', path: '/app/relatorios' },
      { label: 'Agendados', path: null },
    ]);
    const cyclic = [item('1', 'A', null, 'B'), item('2', 'B', null, 'A'), item('3', 'Tela', 'tela', 'A')];
    expect(breadcrumbChain('/app/tela', cyclic, 'Tela').map((c) => c.label)).toEqual(['B', 'A', 'Tela']);
  });
});
