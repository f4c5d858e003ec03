/**
 * The sign-in page arrives as HTML the build rendered, and the person sees it whole before any script runs. React
 * (its evaluation and the hydration of the page: the longest tasks of the page's load on a phone) is only needed
 * once the person starts using the page, so it runs then: at the first press, mouse movement, key or text typed or
 * pasted — the way Angular's incremental hydration ("hydrate on interaction") and Qwik work. The scripts are already
 * fetched by then (a prefetch in the HTML), so what the person waits for is their compilation and evaluation, while
 * they type.
 *
 * Text already typed when this runs (before the entry arrived, on a slow phone) starts it at once.
 * Focus alone does not start it: the username field takes focus by itself (autofocus). A press on one of the
 * page's buttons before React has them — React would never hear of it — is held (its default and its propagation
 * stopped) and done again once the page is hydrated, the press (pointerdown) and then the click, as the person did
 * them. Links are left to the browser: they work without React. A submission is held too: without React the form
 * would put the typed values in the address.
 *
 * Nothing here imports React: the entry runs it before React is loaded.
 */
// pointermove: on a computer, the mouse moving toward a control is the first sign (and a disabled button — the
// submit button is until React runs — may not report a press at all)
const WAKE_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'input'] as const;
const HELD_EVENTS = ['click', 'submit'] as const;

/**
 * Calls `hydrate` at the person's first interaction with the page; `hydrate` resolves once React has adopted the
 * page (lib/hydration.ts's whenHydrated). Should it fail (the network gone), the next interaction tries again.
 */
export function hydrateOnInteraction(root: HTMLElement, hydrate: () => Promise<unknown>): void {
  let pressed: Element | null = null;
  const hold = (event: Event) => {
    const el = event.target;
    if (!(el instanceof Element) || !root.contains(el) || el.closest('a[href]')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (event.type === 'click') pressed = el;
  };
  const listen = (on: boolean, types: readonly string[], listener: (e: Event) => void) => {
    for (const type of types) {
      if (on) window.addEventListener(type, listener, { capture: true });
      else window.removeEventListener(type, listener, { capture: true });
    }
  };
  const wake = () => {
    listen(false, WAKE_EVENTS, wake);
    hydrate().then(
      () => {
        listen(false, HELD_EVENTS, hold);
        const again = pressed;
        pressed = null;
        if (again?.isConnected) replayPress(again);
      },
      (error: unknown) => {
        console.error('the page could not start; the next interaction tries again', error);
        listen(true, WAKE_EVENTS, wake);
      },
    );
  };
  listen(true, HELD_EVENTS, hold);
  // text typed before this script ran (a slow phone): the person has started already
  if ([...root.querySelectorAll('input')].some((input) => input.value !== input.defaultValue)) wake();
  else listen(true, WAKE_EVENTS, wake);
}

function replayPress(el: Element): void {
  const view = el.ownerDocument.defaultView;
  const Pointer = view?.PointerEvent ?? view?.MouseEvent ?? MouseEvent;
  el.dispatchEvent(new Pointer('pointerdown', { bubbles: true, cancelable: true, composed: true }));
  if (el instanceof HTMLElement) el.click();
  else el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true }));
}
