import type {} from 'altcha/types/react';
import { useCallback, useEffect, useImperativeHandle, useRef } from 'react';
import { ALTCHA_PLACEHOLDER_CLASS } from './altcha-placeholder';
import { BOT_CHECK_REFRESH_MS, type BotCheckWidgetProps } from './bot-check-types';

type AltchaElement = HTMLElementTagNameMap['altcha-widget'];
type StateDetail = { payload: string | null; state: string };

const CHALLENGE_URL = '/altcha/challenge';
/** The challenge a login needs now: after repeated failures the server makes it harder and names the login. */
export const challengeUrlFor = (login?: string) => (login ? `${CHALLENGE_URL}?login=${encodeURIComponent(login)}` : CHALLENGE_URL);

/**
 * The self-hosted ALTCHA proof of work. The user ticks 'Eu não sou um robô' once; after that a refresh
 * or a new attempt solves a fresh challenge by itself (a solution is spent on each sign-in attempt).
 *
 * Its code (the element, its stylesheet, the worker) is fetched when the person starts on the page — a key, a tap,
 * a click — not while the page loads: on a phone its evaluation was the longest task after React's (Lighthouse,
 * docs/performance-web.md), for a box the person reaches only after typing. Until then AltchaPlaceholder draws the
 * box, and a tap on it ticks the real one as soon as it is defined.
 */
export function AltchaWidget({ onToken, ref }: BotCheckWidgetProps) {
  const el = useRef<HTMLElement>(null);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  });

  useEffect(() => {
    const node = el.current as AltchaElement | null;
    // defined already: this visit's code came with an earlier sign-in page
    if (!node || customElements.get('altcha-widget')) return;
    let ticked = false;
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      void import('./altcha-loader')
        .then(() => customElements.whenDefined('altcha-widget'))
        .then(() => {
          stop();
          if (ticked && node.isConnected) void node.verify();
        });
    };
    const onPointer = (e: Event) => {
      if (e.target instanceof Element && e.target.closest(`.${ALTCHA_PLACEHOLDER_CLASS}`)) ticked = true;
      start();
    };
    const stop = () => {
      document.removeEventListener('pointerdown', onPointer, true);
      document.removeEventListener('keydown', start, true);
    };
    document.addEventListener('pointerdown', onPointer, true);
    document.addEventListener('keydown', start, true);
    // a tap on the drawn box before this widget was there, or text typed before the scripts ran (or before this
    // check's configuration arrived), is a start too
    if (node.parentElement?.querySelector<HTMLElement>(`.${ALTCHA_PLACEHOLDER_CLASS}`)?.dataset.pressed) {
      ticked = true;
      start();
    }
    const form = node.closest('form');
    if (form && [...form.elements].some((f) => f instanceof HTMLInputElement && f.type !== 'hidden' && f.value !== '')) start();
    return stop;
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
    // Before the custom element is defined the node has no methods yet; nothing to re-run then.
    if (typeof widget?.verify !== 'function') return;
    void (async () => {
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
