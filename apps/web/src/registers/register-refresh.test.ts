import { manutencaoArquivosScreen, importacaoTicketScreen } from '@concilia/domain';
import { describe, expect, it } from 'vitest';
import { pending } from './register-api';

describe('a list follows work the server finishes in the background', () => {
  it('asks again while a listed file is waiting or loading, and stops once every file is final', () => {
    expect(pending(manutencaoArquivosScreen, [{ status: 'PROCESSADO' }, { status: 'AGUARDANDO' }])).toBe(true);
    expect(pending(manutencaoArquivosScreen, [{ status: 'PROCESSANDO' }])).toBe(true);
    expect(pending(manutencaoArquivosScreen, [{ status: 'PROCESSADO' }, { status: 'ERRO' }, { status: 'PROCESSADO_AVISOS' }])).toBe(false);
    expect(pending(manutencaoArquivosScreen, undefined)).toBe(false);
  });

  it('a screen that declares nothing never asks again by itself', () => {
    expect(pending(importacaoTicketScreen, [{ status: 'AGUARDANDO' }])).toBe(false);
  });
});
