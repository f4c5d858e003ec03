import { afterEach, describe, expect, it, vi } from 'vitest';
import { postInNewTab } from './post-in-new-tab';

afterEach(() => vi.restoreAllMocks());

describe('postInNewTab', () => {
  it('posts the credentials in the body of a form aimed at a new tab, then removes the form', () => {
    let attached = false;
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
      attached = document.body.contains(this);
    });
    postInNewTab('https://suporte.example.com/login', { login: 'CONCILIA', senha: 's3cr3t' });
    expect(submit).toHaveBeenCalledTimes(1);
    expect(attached).toBe(true);
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form!.method).toBe('post');
    expect(form!.target).toBe('_blank');
    expect(form!.action).toBe('https://suporte.example.com/login');
    expect(form!.action).not.toContain('s3cr3t');
    const fields = Object.fromEntries(Array.from(form!.querySelectorAll('input')).map((i) => [i.name, [i.type, i.value]]));
    expect(fields).toEqual({ login: ['hidden', 'CONCILIA'], senha: ['hidden', 's3cr3t'] });
    expect(document.querySelector('form')).toBeNull();
  });
});
