import { useState } from 'react';

/**
 * The text a formatted input shows, kept apart from the form value it stands for (centavos, a date
 * string). When the value changes from outside (a reset, an edit loaded) the text is rebuilt from it;
 * while the user types, the text is theirs.
 */
export function useTextState(value: unknown, toText: (v: unknown) => string) {
  const [text, setText] = useState(() => toText(value));
  const [seen, setSeen] = useState<unknown>(value);
  if (!Object.is(seen, value)) {
    setSeen(value);
    setText(toText(value));
  }
  /** The user typed: show `next` and mark `emitted` as the value it stands for, so it is not rebuilt. */
  const typed = (next: string, emitted: unknown) => {
    setText(next);
    setSeen(emitted);
  };
  return [text, typed] as const;
}
