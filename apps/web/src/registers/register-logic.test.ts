import {
  clientesRegister, MSG, type RegisterAction, taxasAntecipacaoRegister, terminaisRegister, OPTION_ALL, usuariosRegister,
} from '@concilia/domain';
import { describe, expect, it } from 'vitest';
import { formatCell } from './cell-format';
import { toCsv } from './csv-export';
import { fabItems } from './fab-items';
import { filterVariables, initialFilterValues } from './filter-values';
import { editValuesFor, isRequired, newRowValues } from './form-values';

describe('filter values → <T>Filter', () => {
  it("start at 'Todos' where offered and send it as -999 in the field's type", () => {
    expect(initialFilterValues(clientesRegister)).toEqual({ nome: null, status: OPTION_ALL });
    expect(filterVariables(clientesRegister, { nome: '  ana ', status: OPTION_ALL })).toEqual({ nome: 'ana', status: '-999' });
    expect(filterVariables(terminaisRegister, { codpessoacliente: OPTION_ALL })).toEqual({ codpessoacliente: OPTION_ALL });
  });

  it('leave empty filters out and read numeric ones as integers', () => {
    expect(filterVariables(terminaisRegister, { nome: '', codexterno: null, codpessoacliente: '12' })).toEqual({ codpessoacliente: 12 });
    expect(filterVariables(terminaisRegister, { codpessoacliente: 'x' })).toEqual({});
  });
});

describe('side form values', () => {
  it('know required fields from the schema', () => {
    expect(isRequired(clientesRegister, 'nome')).toBe(true);
    expect(isRequired(clientesRegister, 'status')).toBe(true);
    expect(isRequired(clientesRegister, 'email')).toBe(false);
    expect(isRequired(clientesRegister, 'exibirusuario')).toBe(false);
    expect(isRequired(taxasAntecipacaoRegister, 'taxa')).toBe(true);
  });

  it("start a new row with the schema's defaults", () => {
    const v = newRowValues(usuariosRegister);
    expect(v.permitido).toBe(true);
    expect(v.piloto).toBe(false);
    expect(v.login).toBeNull();
  });

  it('send every input field, keeping the edited row key', () => {
    const parsed = { nome: 'Loja', status: 'A', codpessoa: null };
    const insert = editValuesFor(clientesRegister, parsed, null);
    expect(insert).toMatchObject({ nome: 'Loja', status: 'A', codpessoa: null, codpessoapai: null, email: null });
    expect(insert).not.toHaveProperty('zzz');
    const update = editValuesFor(clientesRegister, parsed, { codpessoa: 7, codpessoapai: 3 });
    expect(update).toMatchObject({ codpessoa: 7, codpessoapai: 3, nome: 'Loja' });
  });
});

describe('floating button items', () => {
  const multi: RegisterAction = { key: 'm', label: 'Multi', scope: 'multi', success: 'ok', operation: 'm' };
  const single: RegisterAction = { key: 's', label: 'Single', scope: 'single', success: 'ok', operation: 's' };
  const def = { ...clientesRegister, actions: [multi, single] };
  const kinds = (n: number, d = def) => fabItems(d, n).map((i) => i.label);

  it('offer add with no selection, edit only with one row, multi actions with several', () => {
    expect(kinds(0)).toEqual([MSG.listaAdicionar]);
    expect(kinds(1)).toEqual([MSG.listaEditar, MSG.listaDeletar, 'Multi', 'Single']);
    expect(kinds(2)).toEqual([MSG.listaDeletar, 'Multi']);
  });

  it('honour hideAdd and allowEdit', () => {
    expect(kinds(0, { ...def, hideAdd: true })).toEqual([]);
    expect(kinds(1, { ...def, allowEdit: false })).not.toContain(MSG.listaEditar);
  });
});

describe('CSV of the table', () => {
  it("writes pt-BR values with ';', quotes and a BOM", () => {
    const money = { kind: 'money' as const, label: 'Valor' };
    const date = { kind: 'date' as const, label: 'Data' };
    const csv = toCsv(
      [
        { header: 'Nome', text: (r) => String(r.nome) },
        { header: 'Data', text: (r) => formatCell(date, r.data) },
        { header: 'Valor', text: (r) => formatCell(money, r.valor) },
      ],
      [{ nome: 'Loja; Centro', data: '2026-03-25', valor: 123456 }],
    );
    expect(csv).toBe('\uFEFFNome;Data;Valor\r\n"Loja; Centro";25/03/2026;1.234,56\r\n');
  });

  it('masks a CNPJ, a CPF and a phone as the form shows them', () => {
    expect(formatCell({ kind: 'cpfCnpj', label: 'CNPJ' }, '11222333000181')).toBe('11.222.333/0001-81');
    expect(formatCell({ kind: 'cpfCnpj', label: 'CPF' }, '52998224725')).toBe('529.982.247-25');
    expect(formatCell({ kind: 'phone', label: 'Telefone' }, '31999998888')).toBe('(31) 99999-8888');
  });

  it('neutralises a name a spreadsheet would run as a formula, and keeps a negative amount an amount', () => {
    const money = { kind: 'money' as const, label: 'Valor' };
    const csv = toCsv(
      [
        { header: 'Nome', text: (r) => String(r.nome) },
        { header: 'Valor', text: (r) => formatCell(money, r.valor), data: true },
      ],
      [{ nome: '=HYPERLINK("http://x")', valor: -150 }, { nome: '-Loja', valor: -123456 }, { nome: '@x', valor: 0 }],
    );
    expect(csv).toBe(`\uFEFFNome;Valor\r\n"'=HYPERLINK(""http://x"")";-1,50\r\n"'-Loja";-1.234,56\r\n"'@x";0,00\r\n`);
  });

  it('shows options by label and booleans as Sim/Não', () => {
    expect(formatCell(clientesRegister.fields.status, 'A')).toBe('Ativo');
    expect(formatCell({ kind: 'boolean', label: 'x' }, false)).toBe(MSG.campoNao);
    expect(formatCell({ kind: 'reference', label: 'x' }, 3, new Map([['3', 'Revenda Sul']]))).toBe('Revenda Sul');
  });
});
