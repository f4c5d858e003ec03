import type { MenuItem } from '@concilia/domain';
import { describe, expect, it } from 'vitest';
import { buildMenuTree, containsPath, menuEntries, menuItemPath } from './menu-tree';

const item = (id: string, label: string, page: string | null, pai: string | null = null, icon: string | null = null): MenuItem =>
  ({ id, label, page, pai, icon });

// The shape the server seeds: sections (no page) and their entries (pai = section label).
const SEEDED: MenuItem[] = [
  item('1', 'Início', null, null, 'Dashboard'),
  item('2', 'Home', 'home', 'Início', 'Home'),
  item('3', 'Ajuda', null, null, 'HelpOutline'),
  item('4', 'Manual', 'ajuda', 'Ajuda', 'MenuBook'),
  item('5', 'Atendimento', 'atendimento', 'Ajuda', 'SupportAgent'),
  item('6', 'Minha Conta', null, null, 'AccountCircle'),
  item('7', 'Altera Senha', 'alterasenha', 'Minha Conta', 'Key'),
];

describe('buildMenuTree', () => {
  it('puts entries under their sections, in the server order', () => {
    const tree = buildMenuTree(SEEDED);
    expect(tree.map((n) => n.label)).toEqual(['Início', 'Ajuda', 'Minha Conta']);
    expect(tree[1]!.path).toBeNull();
    expect(tree[1]!.children.map((c) => [c.label, c.path, c.icon])).toEqual([
      ['Manual', '/app/ajuda', 'MenuBook'],
      ['Atendimento', '/app/atendimento', 'SupportAgent'],
    ]);
  });

  it('links entries as /app/{page} and the page "menu" as /app', () => {
    expect(menuItemPath(item('1', 'Home', 'home', 'Início'))).toBe('/app/home');
    expect(menuItemPath(item('1', 'Menu', 'menu', 'Início'))).toBe('/app');
  });

  it('forces top-level Relatórios and Integração to their own pages', () => {
    const tree = buildMenuTree([
      item('1', 'Relatórios', null),
      item('2', 'Agendados', 'relatoriosagendados', 'Relatórios'),
      item('3', 'Integração', 'qualquercoisa'),
      item('4', 'Cadastros', null),
      item('5', 'Relatórios', 'outra', 'Cadastros'),
    ]);
    const [relatorios, integracao, cadastros] = tree;
    expect(relatorios).toMatchObject({ label: 'Relatórios', path: '/app/relatorios' });
    expect(relatorios!.children.map((c) => c.path)).toEqual(['/app/relatoriosagendados']);
    expect(integracao).toMatchObject({ label: 'Integração', path: '/app/integracao', children: [] });
    // only top-level entries are forced: a nested "Relatórios" keeps its page
    expect(cadastros!.children[0]).toMatchObject({ label: 'Relatórios', path: '/app/outra' });
  });

  it('nests sections inside sections', () => {
    const tree = buildMenuTree([
      item('1', 'Arquivos', null),
      item('2', 'Conciliação', null, 'Arquivos'),
      item('3', 'Arquivos em Aberto', 'manutencaoarquivosconciliacaoaberto', 'Conciliação'),
    ]);
    expect(tree).toHaveLength(1);
    expect(tree[0]!.children[0]!.children[0]!.path).toBe('/app/manutencaoarquivosconciliacaoaberto');
  });

  it('keeps orphans at the top, survives parent cycles and drops empty sections', () => {
    const tree = buildMenuTree([
      item('1', 'Perdido', 'perdido', 'Seção que não veio'),
      item('2', 'A', 'a', 'B'),
      item('3', 'B', 'b', 'A'),
      item('4', 'Vazia', null),
    ]);
    expect(tree.map((n) => n.label)).toEqual(['Perdido', 'A', 'B']);
  });

  it('prefers a section over an entry with the same label as parent', () => {
    const tree = buildMenuTree([
      item('1', 'Ajuda', 'ajuda', 'Outra'),
      item('2', 'Outra', null),
      item('3', 'Ajuda', null),
      item('4', 'Manual', 'manual', 'Ajuda'),
    ]);
    const secao = tree.find((n) => n.id === '3')!;
    expect(secao.children.map((c) => c.label)).toEqual(['Manual']);
  });

  it('lists the linkable entries with their section and finds the current page', () => {
    const tree = buildMenuTree(SEEDED);
    expect(menuEntries(tree).map((e) => [e.path, e.section])).toEqual([
      ['/app/home', 'Início'],
      ['/app/ajuda', 'Ajuda'],
      ['/app/atendimento', 'Ajuda'],
      ['/app/alterasenha', 'Minha Conta'],
    ]);
    expect(containsPath(tree[2]!, '/app/AlteraSenha/')).toBe(true);
    expect(containsPath(tree[1]!, '/app/alterasenha')).toBe(false);
  });
});
