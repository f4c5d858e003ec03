import { describe, expect, it } from 'vitest';
import { type JsonItem, readJsonRecords } from './json-items';

async function read(text: string, chunk: number, keys = ['detalhes']): Promise<JsonItem[]> {
  const bytes = new TextEncoder().encode(text);
  async function* src() {
    for (let i = 0; i < bytes.length; i += chunk) yield bytes.subarray(i, i + chunk);
  }
  const out: JsonItem[] = [];
  for await (const item of readJsonRecords(src(), keys)) out.push(item);
  return out;
}

const DOC = '{"pagination":{"page":1},"detalhes":[\n{"a":"x]}\\"{[","n":[1,[2]],"s":"ação"},\n  7 ,\n{"b":null}\n],"totais":{"n":3}}';

describe('readJsonRecords', () => {
  it.each([1, 2, 3, 7, 64, 4096])('streams each record with its line, path and value, whatever the chunk size (%i)', async (chunk) => {
    expect(await read(DOC, chunk)).toEqual([
      { kind: 'member', line: 1, name: 'pagination', value: { page: 1 } },
      { kind: 'record', line: 2, index: 0, path: 'detalhes[0]', value: { a: 'x]}"{[', n: [1, [2]], s: 'ação' } },
      { kind: 'record', line: 3, index: 1, path: 'detalhes[1]', value: 7 },
      { kind: 'record', line: 4, index: 2, path: 'detalhes[2]', value: { b: null } },
      { kind: 'member', line: 5, name: 'totais', value: { n: 3 } },
    ]);
  });

  it('reads a bare array, and an empty list as no records without a problem', async () => {
    expect((await read('[{"x":1},{"x":2}]', 5)).map((i) => i.kind === 'record' && i.path)).toEqual(['[0]', '[1]']);
    expect(await read('{"detalhes":[]}', 3)).toEqual([]);
  });

  it('reports what is not JSON, a missing list, a cut document and text after its end', async () => {
    expect(await read('ABC', 10)).toEqual([{ kind: 'problem', line: 1, message: 'Linha 1: o arquivo não é um documento JSON (começa com "A")' }]);
    expect((await read('{"outra":[1]}', 10)).at(-1)).toEqual({ kind: 'problem', line: 0, message: 'Arquivo sem a lista de registros: nenhum campo "detalhes"' });
    expect((await read('{"detalhes":[{"a":1},\n{"b":', 4)).at(-1)).toEqual({ kind: 'problem', line: 2, message: 'Linha 2: arquivo JSON incompleto (termina dentro de detalhes[1])' });
    expect((await read('[1]\nx', 2)).at(-1)).toEqual({ kind: 'problem', line: 2, message: 'Linha 2: texto após o fim do documento JSON ("x")' });
    expect(await read('', 2)).toEqual([{ kind: 'problem', line: 0, message: 'Arquivo vazio: nenhum registro' }]);
  });

  it('reports a record that is not valid JSON and goes on with the next', async () => {
    const items = await read('{"detalhes":[{"a":01},{"b":2}]}', 8);
    expect(items).toEqual([
      { kind: 'problem', line: 1, message: 'Linha 1, detalhes[0] (registro 1): não é JSON válido' },
      { kind: 'record', line: 1, index: 1, path: 'detalhes[1]', value: { b: 2 } },
    ]);
  });
});
