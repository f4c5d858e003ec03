import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SafeHtml } from './safe-html';
import { sanitizeHtml } from './sanitize-html';

afterEach(cleanup);

const HOSTILE =
  '<p>Olá <strong>todos</strong></p><script>window.hacked = true</script>' +
  '<img src="x" onerror="window.hacked = true"><a href="javascript:alert(1)">clique</a>' +
  '<div onclick="steal()" style="position:fixed">texto</div><iframe src="https://evil.example"></iframe>';

describe('sanitizeHtml', () => {
  it('strips scripts, event handlers, javascript: links, frames and inline styles', () => {
    const clean = sanitizeHtml(HOSTILE);
    expect(clean).toContain('<strong>todos</strong>');
    expect(clean).toContain('texto');
    expect(clean).not.toMatch(/<script/i);
    expect(clean).not.toMatch(/onerror|onclick/i);
    expect(clean).not.toMatch(/javascript:/i);
    expect(clean).not.toMatch(/<iframe|style=/i);
  });

  it('opens external links in a new tab without an opener, and keeps internal ones in the app', () => {
    const clean = sanitizeHtml('<a href="https://example.com/x">fora</a><a href="/app/ajuda" target="_top">Manual</a>');
    const box = document.createElement('div');
    box.innerHTML = clean;
    const [ext, int] = Array.from(box.querySelectorAll('a'));
    expect(ext!.getAttribute('target')).toBe('_blank');
    expect(ext!.getAttribute('rel')).toBe('noopener noreferrer');
    expect(int!.hasAttribute('target')).toBe(false);
  });
});

describe('SafeHtml', () => {
  it('renders news HTML without running any of its code', () => {
    (window as unknown as { hacked?: boolean }).hacked = false;
    const router = createMemoryRouter([{ path: '/', element: <div data-testid="news"><SafeHtml html={HOSTILE} /></div> }]);
    render(<RouterProvider router={router} />);
    const news = screen.getByTestId('news');
    expect(news.querySelector('strong')?.textContent).toBe('todos');
    expect(news.querySelector('script')).toBeNull();
    expect(news.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect((window as unknown as { hacked?: boolean }).hacked).toBe(false);
  });
});
