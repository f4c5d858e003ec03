import { FORCA_SENHA } from '@concilia/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PasswordStrength } from './password-strength';

afterEach(cleanup);

describe('PasswordStrength', () => {
  it.each([
    ['abc', 'Curta'],
    ['abcdef', 'Muito Fraca'],
    ['abcde1', 'Fraca'],
    ['Abcde1', 'Boa'],
    ['Abcde1_x', 'Forte'],
    ['Abcde1_xyzwq', 'Muito Forte'],
  ])('shows %s as %s', (senha, palavra) => {
    render(<PasswordStrength senha={senha} />);
    expect(screen.getByTestId('password-strength').textContent).toContain(palavra);
  });

  it('only uses the words of the specification', () => {
    expect(FORCA_SENHA).toEqual(['Curta', 'Muito Fraca', 'Fraca', 'Boa', 'Forte', 'Muito Forte']);
  });
});
