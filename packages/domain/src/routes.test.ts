import { describe, expect, it } from 'vitest';
import { pathForMenuPage, titleForPath } from './routes';

describe('route table', () => {
  it('looks titles up from the path', () => {
    expect(titleForPath('/app/home')).toBe('Home');
    expect(titleForPath('/app/alterasenha/')).toBe('Altera Senha');
    expect(titleForPath('/app/notAllowed')).toBe('Cadastro Pendente');
  });

  it('titles register screens from their declarations', () => {
    expect(titleForPath('/app/cliente')).toBe('Cliente');
    expect(titleForPath('/app/taxasantecipacao')).toBe('Taxas de Antecipação');
  });

  it('gives an unknown path an empty title', () => {
    expect(titleForPath('/app/nada-disso')).toBe('');
  });

  it("builds menu links as /app/{page}, and 'menu' as /app", () => {
    expect(pathForMenuPage('ajuda')).toBe('/app/ajuda');
    expect(pathForMenuPage('menu')).toBe('/app');
  });
});
