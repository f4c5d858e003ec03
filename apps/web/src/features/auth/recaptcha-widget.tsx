import { useCallback, useEffect, useImperativeHandle, useRef } from 'react';
import './auth.css';
import { BOT_CHECK_REFRESH_MS, type BotCheckWidgetProps } from './bot-check-types';
import { loadRecaptcha, type Grecaptcha } from './load-recaptcha';

/** Google reCAPTCHA v2 (checkbox), used when the server is configured with reCAPTCHA keys. */
export function RecaptchaWidget({ siteKey, onToken, ref }: BotCheckWidgetProps & { siteKey: string }) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<{ api: Grecaptcha; id: number } | null>(null);
  const hasToken = useRef(false);
  const onTokenRef = useRef(onToken);
  useEffect(() => {
    onTokenRef.current = onToken;
  });

  const emit = useCallback((token: string | null) => {
    hasToken.current = token !== null;
    onTokenRef.current(token);
  }, []);

  useEffect(() => {
    // A fresh host per mount: grecaptcha refuses to render twice into the same element.
    const host = document.createElement('div');
    box.current?.append(host);
    let cancelled = false;
    loadRecaptcha()
      .then((api) => {
        if (cancelled) return;
        const id = api.render(host, {
          sitekey: siteKey,
          callback: (t) => emit(t),
          'expired-callback': () => emit(null),
          'error-callback': () => emit(null),
        });
        widget.current = { api, id };
      })
      .catch((err: unknown) => {
        console.error(err);
        emit(null);
      });
    return () => {
      cancelled = true;
      widget.current = null;
      host.remove();
    };
  }, [siteKey, emit]);

  const rerun = useCallback(() => {
    if (widget.current) widget.current.api.reset(widget.current.id);
    emit(null);
  }, [emit]);

  useImperativeHandle(ref, () => ({ reset: rerun }), [rerun]);

  useEffect(() => {
    const timer = setInterval(() => {
      if (hasToken.current) rerun();
    }, BOT_CHECK_REFRESH_MS);
    return () => clearInterval(timer);
  }, [rerun]);

  return <div ref={box} data-testid="bot-check" className="auth-recaptcha" />;
}
