import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { getState, STORAGE_KEY } from '../store';
import { ThemePicker } from './theme-picker';

afterEach(cleanup);

describe('ThemePicker', () => {
  it('lists the 16 themes and stores the chosen one', () => {
    render(<ThemePicker />);
    fireEvent.click(screen.getByTestId('theme-picker'));
    expect(screen.getAllByRole('menuitemradio')).toHaveLength(16);
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Roxo Escuro' }));
    expect(getState().theme).toBe('roxo-escuro');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEY)!).theme).toBe('roxo-escuro');
  });
});
