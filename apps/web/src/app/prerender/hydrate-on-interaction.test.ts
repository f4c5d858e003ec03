import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateOnInteraction } from './hydrate-on-interaction';

/** The sign-in page as the build renders it: a field, a button, a link, the bot check's drawn box. */
function page() {
  document.body.innerHTML = `<div id="root"><form><input name="username" autofocus /><button type="button" id="forgot">Esqueci minha senha</button>
    <a href="#cadastro" id="signup">Cadastre-se</a><div class="placeholder"><span id="box">Eu não sou um robô</span></div></form></div>`;
  return document.getElementById('root')!;
}
const byId = (id: string) => document.getElementById(id)!;

/** A start the test finishes by hand, as React's hydration finishes some time after it is called. */
function deferredStart() {
  let finish: () => void = () => {};
  let fail: (e: Error) => void = () => {};
  const start = vi.fn(() => new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  }));
  return { start, finish: () => finish(), fail: (e: Error) => fail(e) };
}
const settle = () => new Promise((r) => setTimeout(r, 0));
afterEach(() => {
  document.body.innerHTML = '';
});

describe('the sign-in page starts React at the first interaction', () => {
  it('does not start on load nor on focus: the username field takes focus by itself', () => {
    const root = page();
    const { start } = deferredStart();
    hydrateOnInteraction(root, start);
    const field = root.querySelector('input')!;
    field.focus();
    field.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(document.activeElement).toBe(field);
    expect(start).not.toHaveBeenCalled();
  });

  it.each(['pointerdown', 'pointermove', 'keydown', 'input'])('starts once at the first %s', (type) => {
    const root = page();
    const { start } = deferredStart();
    hydrateOnInteraction(root, start);
    root.querySelector('input')!.dispatchEvent(new Event(type, { bubbles: true }));
    root.querySelector('input')!.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts at once when text was typed before it ran', () => {
    const root = page();
    root.querySelector('input')!.value = 'cliente';
    const { start } = deferredStart();
    hydrateOnInteraction(root, start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('holds a press on a button until the page is hydrated, then does it again, press and click', async () => {
    const root = page();
    const { start, finish } = deferredStart();
    hydrateOnInteraction(root, start);
    const seen: string[] = [];
    // what React would attach once it runs: listeners below the window's capture phase
    root.addEventListener('pointerdown', (e) => seen.push(`pointerdown ${(e.target as Element).id}`));
    root.addEventListener('click', (e) => seen.push(`click ${(e.target as Element).id}`));
    byId('forgot').dispatchEvent(new Event('pointerdown', { bubbles: true }));
    expect(seen).toEqual(['pointerdown forgot']);
    byId('forgot').click();
    expect(seen).toEqual(['pointerdown forgot']);
    finish();
    await settle();
    expect(seen).toEqual(['pointerdown forgot', 'pointerdown forgot', 'click forgot']);
    // after that, presses go through at once
    byId('box').click();
    expect(seen.at(-1)).toBe('click box');
  });

  it('leaves links to the browser and holds a submission', () => {
    const root = page();
    hydrateOnInteraction(root, deferredStart().start);
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    byId('signup').dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    root.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });

  it('tries again at the next interaction when the start failed (the network gone)', async () => {
    const root = page();
    const { start, fail } = deferredStart();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    hydrateOnInteraction(root, start);
    root.dispatchEvent(new Event('keydown', { bubbles: true }));
    fail(new Error('Failed to fetch dynamically imported module'));
    await settle();
    expect(error).toHaveBeenCalled();
    root.dispatchEvent(new Event('keydown', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });
});
