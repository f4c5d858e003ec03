import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the HTML the build rendered (and while React adopts it), true from the render after: what must not
 * work before the page's scripts do — a submit button whose native submission would put the form in the address —
 * is disabled until then.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

const nativeValueSetter = Object.getOwnPropertyDescriptor(globalThis.HTMLInputElement?.prototype ?? {}, 'value')?.set;

/**
 * Text typed into the rendered HTML before React hydrated it — or filled in by the browser's password manager —
 * stays on screen, but React adopts the field with that text as its own and never tells the form about it (the
 * form would say "required" beside a filled field, and the label would sit over the text). Each such field is
 * handed to React again as a change: its value as React believes it (empty) set through React's tracker, the
 * typed text set past it, then an input event, so the field's own onChange (capitals, the form's state) runs as
 * for a key press.
 */
export function adoptTypedValues(form: HTMLFormElement | null): void {
  if (!form || !nativeValueSetter) return;
  for (const input of form.querySelectorAll('input')) {
    if (input.type === 'hidden' || input.value === input.defaultValue) continue;
    const typed = input.value;
    input.value = input.defaultValue;
    nativeValueSetter.call(input, typed);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

let hydrated: () => void = () => {};
/**
 * Resolves once React has adopted the page (the first commit of the app's root: AppProviders' effect, which runs
 * after every effect below it). The press held before then (app/prerender/hydrate-on-interaction.ts) is done again
 * after it.
 */
export const whenHydrated = new Promise<void>((resolve) => {
  hydrated = resolve;
});

export function markHydrated(): void {
  hydrated();
}
