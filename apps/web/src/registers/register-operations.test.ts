import { clientesRegister, perfisRegister, type RegisterAction } from '@concilia/domain';
import { describe, expect, it } from 'vitest';
import {
  actionDocument, deleteDocument, getDocument, listDocument, optionListDocument, saveDocument,
} from './register-operations';

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('register documents built from the declaration (clientes)', () => {
  it('lists with the filter type and selects every returned field', () => {
    const doc = squash(listDocument(clientesRegister));
    expect(doc.startsWith('query getClientes($values: ClienteFilter) { getClientes(values: $values) {')).toBe(true);
    for (const f of ['codpessoa', 'codpessoapai', 'nome', 'cnpj', 'status', 'codcidade', 'exibirusuario']) expect(doc).toContain(` ${f} `);
  });

  it('gets and deletes by the key values, saves with SaveValues', () => {
    expect(squash(getDocument(clientesRegister))).toMatch(/^query getCliente\(\$values: ClienteKeyValues!\) \{ getCliente\(values: \$values\) \{ codpessoa /);
    expect(squash(saveDocument(clientesRegister))).toMatch(/^mutation saveClientes\(\$values: ClienteSaveValues!\) \{ saveClientes\(values: \$values\) \{ codpessoa /);
    expect(squash(deleteDocument(clientesRegister))).toBe('mutation deletarClientes($values: ClienteKeyValues!) { deletarClientes(values: $values) }');
  });

  it('calls a declared action once per row with the key values', () => {
    const action: RegisterAction = { key: 'ativar', label: 'Ativar', scope: 'multi', success: 'ok', operation: 'ativarClientes' };
    expect(actionDocument(clientesRegister, action)).toBe('mutation ativarClientes($values: ClienteKeyValues!) { ativarClientes(values: $values) }');
  });

  it('never selects write-only fields', () => {
    const def = { ...perfisRegister, fields: { ...perfisRegister.fields, segredo: { kind: 'password' as const, label: 'S', writeOnly: true } } };
    expect(listDocument(def)).not.toContain('segredo');
  });

  it('passes the argument of option lists that follow another field', () => {
    expect(optionListDocument('listarEstados')).toBe('query listarEstados { listarEstados { valor label } }');
    expect(optionListDocument('listarCidades')).toBe('query listarCidades($uf: String) { listarCidades(uf: $uf) { valor label } }');
    expect(optionListDocument('listarBandeiras')).toBe(
      'query listarBandeiras($codOperadora: Int) { listarBandeiras(codOperadora: $codOperadora) { valor label } }',
    );
  });
});
