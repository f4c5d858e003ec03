import type {} from 'altcha/types/react';
import { useCallback, useEffect, useImperativeHandle, useRef } from 'react';
import { ALTCHA_PLACEHOLDER_ID } from './altcha-placeholder';
import { BOT_CHECK_REFRESH_MS, type BotCheckWidgetProps } from './bot-check-types';

type AltchaElement = HTMLElementTagNameMap['altcha-widget'];
type StateDetail = { payload: string | null; state: string };

const CHALLENGE_URL = '/altcha/challenge';
/** The challenge a login needs now: after repeated failures the server makes it harder and names the login. */
export const challengeUrlFor = (login?: string) => (login ? `${CHALLENGE_URL}?login=${encodeURIComponent(login)}` : CHALLENGE_URL);

/**
 * ALTCHA's code fetched and its element working: defined, and drawn (it draws in a microtask after the definition,
 * and its methods answer only then — hence the task boundary).
 */
async function altchaReady(): Promise<void> {
  await import('./altcha-loader');
  await customElements.whenDefined('altcha-widget');
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The self-hosted ALTCHA proof of work. The user ticks 'Eu não sou um robô' once; after that a refresh
 * or a new attempt solves a fresh challenge by itself (a solution is spent on each sign-in attempt).
 */
export function AltchaWidget({ onToken, ref }: BotCheckWidgetProps) {
  const el = useRef<HTMLElement>(null);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  });

  useEffect(() => {
    // ALTCHA's code costs a phone about half a second of CPU (measured: 120–140 ms at full speed), and until it runs
    // its box is drawn by AltchaPlaceholder: so it is fetched when the visitor first acts on the page — a key, a
    // touch, a click — which is well before the box is ticked. A click on the box itself starts the check as soon
    // as the code has arrived, as the click on ALTCHA's own box would.
    const acts = ['keydown', 'pointerdown'] as const;
    const load = (e: Event) => {
      for (const type of acts) document.removeEventListener(type, load, true);
      const onBox = e.target instanceof Element && e.target.closest(`[data-testid="${ALTCHA_PLACEHOLDER_ID}"]`) !== null;
      const ready = altchaReady();
      if (onBox)
        void ready.then(async () => {
          const widget = el.current as AltchaElement | null;
          if (widget?.getState?.() !== 'verified') await widget?.verify?.();
        });
    };
    for (const type of acts) document.addEventListener(type, load, { capture: true, passive: true });
    return () => {
      for (const type of acts) document.removeEventListener(type, load, true);
    };
  }, []);

  useEffect(() => {
    const node = el.current;
    if (!node) return;
    const onState = (e: Event) => {
      const d = (e as CustomEvent<StateDetail>).detail;
      onTokenRef.current(d.state === 'verified' ? d.payload : null);
    };
    const onVerified = (e: Event) => onTokenRef.current((e as CustomEvent<StateDetail>).detail.payload);
    node.addEventListener('statechange', onState);
    node.addEventListener('verified', onVerified);
    return () => {
      node.removeEventListener('statechange', onState);
      node.removeEventListener('verified', onVerified);
    };
  }, []);

  const rerun = useCallback((login?: string) => {
    const widget = el.current as AltchaElement | null;
    onTokenRef.current(null);
    // The attribute is what the element reads when it is defined later; configure() is what it reads now.
    if (login) widget?.setAttribute('challenge', challengeUrlFor(login));
    void (async () => {
      // before ALTCHA's code has run (it is fetched on the visitor's first key or click) the node has no methods
      // yet: the check starts once they are there
      await altchaReady();
      if (typeof widget?.verify !== 'function') return;
      if (login) await widget.configure({ challenge: challengeUrlFor(login) });
      widget.reset();
      await widget.verify();
    })();
  }, []);

  useImperativeHandle(ref, () => ({ reset: rerun }), [rerun]);

  useEffect(() => {
    const timer = setInterval(() => {
      const widget = el.current as AltchaElement | null;
      // Only refresh a solved check: solving one the user never started would tick the box for them.
      if (widget?.getState?.() === 'verified') rerun();
    }, BOT_CHECK_REFRESH_MS);
    return () => clearInterval(timer);
  }, [rerun]);

  return (
    <altcha-widget
      ref={el}
      challenge={CHALLENGE_URL}
      language="pt-br"
      data-testid="bot-check"
      style={{ display: 'block', width: '100%', '--altcha-max-width': '100%' }}
    />
  );
}
