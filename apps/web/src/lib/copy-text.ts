/**
 * Copies a text for the user; answers whether it worked (a browser may refuse the clipboard outside a
 * secure context or without permission — the caller says so with its own message).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
