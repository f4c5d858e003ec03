export type Grecaptcha = {
  render(
    host: HTMLElement,
    options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void; 'error-callback': () => void },
  ): number;
  reset(widgetId?: number): void;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    conciliaRecaptchaLoaded?: () => void;
  }
}

const CALLBACK = 'conciliaRecaptchaLoaded';
let loading: Promise<Grecaptcha> | null = null;

/** Adds Google's reCAPTCHA v2 script once, in explicit-render mode, and resolves when it is ready. */
export function loadRecaptcha(): Promise<Grecaptcha> {
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    window[CALLBACK] = () => resolve(window.grecaptcha!);
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?onload=${CALLBACK}&render=explicit&hl=pt-BR`;
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('reCAPTCHA script failed to load'));
    };
    document.head.append(script);
  });
  return loading;
}
