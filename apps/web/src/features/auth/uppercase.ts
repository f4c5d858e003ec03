/**
 * Upper-cases an input's text in place and returns it. Rewriting the DOM value ourselves (instead of
 * letting React re-render a different value) keeps the caret where the user is typing.
 */
export function toUpperKeepingCaret(input: HTMLInputElement | HTMLTextAreaElement): string {
  const upper = input.value.toUpperCase();
  if (upper !== input.value) {
    const { selectionStart, selectionEnd } = input;
    input.value = upper;
    if (selectionStart !== null && selectionEnd !== null && upper.length === input.value.length) {
      input.setSelectionRange(selectionStart, selectionEnd);
    }
  }
  return upper;
}
