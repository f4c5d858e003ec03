/** The first line of a file's head (latin-1 text), without its line ending. */
export function firstLine(head: string): string {
  const nl = head.indexOf('\n');
  const line = nl === -1 ? head : head.slice(0, nl);
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}

/** How many bytes of a file `detectFile` looks at. */
export const HEAD_BYTES = 4096;
