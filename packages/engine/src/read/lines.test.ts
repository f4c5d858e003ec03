import { describe, expect, it } from 'vitest';
import { type TextLine, bytesSource, decodeLatin1, readLineBatches, readLines } from './lines';

const bytes = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
async function collect(source: AsyncIterable<Uint8Array>): Promise<TextLine[]> {
  const out: TextLine[] = [];
  for await (const l of readLines(source)) out.push(l);
  return out;
}
/** every split of the input into two chunks gives the same lines */
async function allSplits(s: string): Promise<TextLine[][]> {
  const b = bytes(s);
  const results: TextLine[][] = [];
  for (let i = 0; i <= b.length; i++) results.push(await collect(bytesSource(b.subarray(0, i), b.subarray(i))));
  return results;
}

describe('readLines', () => {
  const expected = [{ line: 1, text: 'abc' }, { line: 2, text: '' }, { line: 3, text: 'de' }];

  it('splits LF, CRLF and a missing final newline into the same numbered lines', async () => {
    for (const s of ['abc\n\nde\n', 'abc\r\n\r\nde\r\n', 'abc\n\r\nde', 'abc\r\n\nde\r\n']) {
      for (const r of await allSplits(s)) expect(r).toEqual(expected);
    }
  });

  it('yields nothing for empty input and one empty line for a lone newline', async () => {
    expect(await collect(bytesSource())).toEqual([]);
    expect(await collect(bytesSource(new Uint8Array(0)))).toEqual([]);
    expect(await collect(bytesSource(bytes('\n')))).toEqual([{ line: 1, text: '' }]);
  });

  it('decodes latin-1 one character per byte, so positions stay byte positions', async () => {
    const [first] = await collect(bytesSource(Uint8Array.from([0x43, 0x4f, 0x4d, 0x49, 0x53, 0x53, 0xa5, 0x4f, 0x0a])));
    expect(first?.text).toBe('COMISS\u00a5O');
    expect(first?.text.length).toBe(8);
    expect(decodeLatin1(Uint8Array.from({ length: 256 }, (_, i) => i))).toHaveLength(256);
    const long = new Uint8Array(20000).fill(0x41);
    expect(decodeLatin1(long)).toBe('A'.repeat(20000));
  });

  it('streams: a line is yielded before the source has ended', async () => {
    let ended = false;
    async function* source() {
      yield bytes('first\nsec');
      yield bytes('ond\n');
      ended = true;
    }
    const it = readLines(source());
    expect((await it.next()).value).toEqual({ line: 1, text: 'first' });
    expect(ended).toBe(false);
    expect((await it.next()).value).toEqual({ line: 2, text: 'second' });
  });

  it('does not keep a reference to a chunk the producer reuses', async () => {
    const buf = bytes('ab');
    async function* source() {
      yield buf;
      buf.set(bytes('zz'));
      yield bytes('c\n');
    }
    expect(await collect(source())).toEqual([{ line: 1, text: 'abc' }]);
  });
});

describe('readLineBatches', () => {
  async function flatten(source: AsyncIterable<Uint8Array>): Promise<TextLine[]> {
    const out: TextLine[] = [];
    for await (const { first, texts } of readLineBatches(source)) {
      expect(texts.length).toBeGreaterThan(0);
      texts.forEach((text, i) => out.push({ line: first + i, text }));
    }
    return out;
  }

  it('gives the lines of readLines, numbered alike, however the input is cut', async () => {
    for (const s of ['abc\r\n\r\nde\r\nfgh', 'abc\n\nde\n', '\n', '', 'x\r\ny\r']) {
      const b = bytes(s);
      for (let i = 0; i <= b.length; i++) {
        for (let j = i; j <= b.length; j++) {
          const chunks = [b.subarray(0, i), b.subarray(i, j), b.subarray(j)];
          expect(await flatten(bytesSource(...chunks))).toEqual(await collect(bytesSource(...chunks)));
        }
      }
    }
  });

  it('gives one batch per chunk that ends lines', async () => {
    const batches = [];
    for await (const b of readLineBatches(bytesSource(bytes('a\nb\nc'), bytes('d'), bytes('\ne\n')))) batches.push(b);
    expect(batches).toEqual([{ first: 1, texts: ['a', 'b'] }, { first: 3, texts: ['cd', 'e'] }]);
  });
});
