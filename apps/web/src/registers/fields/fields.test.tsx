import { MSG, STATUS_PESSOA } from '@concilia/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeGraphql } from '../../features/auth/testing/fake-graphql';
import { resetAfterTest } from '../../features/auth/testing/render-routes';
import { renderFields } from '../testing/field-harness';
import { DateField } from './date-field';
import { DateRangeFilter } from './date-range-filter';
import { MoneyField, PercentField } from './decimal-field';
import { DigitsField } from './digits-field';
import { NumberField } from './number-field';
import { SelectField } from './select-field';
import { RegisterTextField } from './text-field';

afterEach(resetAfterTest);

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** The helper text under a field (its error, when it has one). */
const helperOf = (label: string) => {
  const id = screen.getByLabelText(label).getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? '') : '';
};

describe('money and percent fields', () => {
  it("typing '1.234,56' stores 123456 centavos and shows it grouped", () => {
    const { values } = renderFields((control) => <MoneyField control={control} name="valor" label="Valor" />);
    type('Valor', '1234,56');
    expect((screen.getByLabelText('Valor') as HTMLInputElement).value).toBe('1.234,56');
    expect(values().valor).toBe(123456);
    type('Valor', '');
    expect(values().valor).toBeNull();
  });

  it('writes the amount back in full on leaving the field', () => {
    renderFields((control) => <MoneyField control={control} name="valor" label="Valor" />);
    type('Valor', '10,5');
    fireEvent.blur(screen.getByLabelText('Valor'));
    expect((screen.getByLabelText('Valor') as HTMLInputElement).value).toBe('10,50');
  });

  it('stores a rate as a number and shows a stored one with a comma', () => {
    const { values } = renderFields((control) => <PercentField control={control} name="taxa" label="Taxa" />, { taxa: 2.5 });
    expect((screen.getByLabelText('Taxa') as HTMLInputElement).value).toBe('2,50');
    type('Taxa', '1,9875');
    expect(values().taxa).toBe(1.9875);
  });
});

describe('number field', () => {
  it('keeps digits only; empty is null', () => {
    const { values } = renderFields((control) => <NumberField control={control} name="dias" label="Dias" />);
    type('Dias', '1a2');
    expect(values().dias).toBe(12);
    type('Dias', '');
    expect(values().dias).toBeNull();
  });
});

describe('date field', () => {
  it("shows the 'dd/mm/aaaa' placeholder and stores 'YYYY-MM-DD'", () => {
    const { values } = renderFields((control) => <DateField control={control} name="de" label="De" />);
    const input = screen.getByLabelText('De') as HTMLInputElement;
    expect(input.placeholder).toBe(MSG.dataPlaceholder);
    type('De', '25032026');
    expect(input.value).toBe('25/03/2026');
    expect(values().de).toBe('2026-03-25');
  });

  it("says 'Data inválida' for an impossible date", async () => {
    renderFields((control) => <DateField control={control} name="de" label="De" />);
    type('De', '31/02/2026');
    fireEvent.blur(screen.getByLabelText('De'));
    expect(await screen.findByText(MSG.dataInvalida)).toBeTruthy();
  });

  it('shows a stored date as DD/MM/YYYY', () => {
    renderFields((control) => <DateField control={control} name="de" label="De" />, { de: '2026-01-05' });
    expect((screen.getByLabelText('De') as HTMLInputElement).value).toBe('05/01/2026');
  });
});

describe('date range filter (one-month window)', () => {
  it("limits 'até' to one month after 'de' and clears the limit with 'de'", async () => {
    renderFields((control) => <DateRangeFilter control={control} deName="de" ateName="ate" />);
    type('De', '10/01/2026');
    type('Até', '11/02/2026');
    fireEvent.blur(screen.getByLabelText('Até'));
    await waitFor(() => expect(helperOf('Até')).toBe(MSG.periodoMaximo));
    type('Até', '10/02/2026');
    fireEvent.blur(screen.getByLabelText('Até'));
    await waitFor(() => expect(helperOf('Até')).toBe(''));
    // clearing 'de' clears the bound of 'até'
    type('Até', '30/06/2026');
    type('De', '');
    fireEvent.blur(screen.getByLabelText('Até'));
    expect(helperOf('Até')).toBe('');
    // and 'até' bounds 'de' to one month earlier
    type('De', '01/05/2026');
    fireEvent.blur(screen.getByLabelText('De'));
    await waitFor(() => expect(helperOf('De')).toBe(MSG.periodoMaximo));
    type('De', '30/05/2026');
    await waitFor(() => expect(helperOf('De')).toBe(''));
  });
});

describe('select field', () => {
  const open = (label: string | RegExp) => fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  const optionLabels = () => within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent);

  it("adds 'Selecione' when not required and leaves it out when required", () => {
    renderFields((control) => (
      <>
        <SelectField control={control} name="a" label="Opcional" options={STATUS_PESSOA} valueKind="string" />
        <SelectField control={control} name="b" label="Obrigatório" options={STATUS_PESSOA} valueKind="string" required />
      </>
    ));
    open('Opcional');
    expect(optionLabels()).toEqual([MSG.campoSelecione, 'Ativo', 'Inativo', 'Pendente']);
    fireEvent.keyDown(screen.getByRole('listbox'), { key: 'Escape' });
    open(/^Obrigatório/);
    expect(optionLabels()).toEqual(['Ativo', 'Inativo', 'Pendente']);
  });

  it("offers 'Todos' (-999) in filters", () => {
    const { values } = renderFields(
      (control) => <SelectField control={control} name="status" label="Status" options={STATUS_PESSOA} valueKind="string" todos />,
      { status: -999 },
    );
    open('Status');
    expect(optionLabels()).toEqual([MSG.campoTodos, 'Ativo', 'Inativo', 'Pendente']);
    fireEvent.click(screen.getByRole('option', { name: 'Inativo' }));
    expect(values().status).toBe('I');
  });

  it('fetches an option list again when the field it follows changes, and stores references as numbers', async () => {
    const api = fakeGraphql({
      listarCidades: ({ uf }) => (uf === 'SP' ? [{ valor: '3550308', label: 'São Paulo' }] : [{ valor: '3304557', label: 'Rio de Janeiro' }]),
    });
    const { values } = renderFields(
      (control) => (
        <>
          <SelectField control={control} name="estado" label="Estado" options={[{ valor: 'SP', label: 'SP' }, { valor: 'RJ', label: 'RJ' }]} valueKind="string" />
          <SelectField control={control} name="codcidade" label="Cidade" optionList="listarCidades" optionListArg="estado" valueKind="int" />
        </>
      ),
      { estado: 'SP', codcidade: null },
    );
    await waitFor(() => expect(api.callsOf('listarCidades')).toHaveLength(1));
    open('Cidade');
    fireEvent.click(await screen.findByRole('option', { name: 'São Paulo' }));
    expect(values().codcidade).toBe(3550308);
    open('Estado');
    fireEvent.click(screen.getByRole('option', { name: 'RJ' }));
    await waitFor(() => expect(api.callsOf('listarCidades').map((c) => c.vars)).toEqual([{ uf: 'SP' }, { uf: 'RJ' }]));
    expect(values().codcidade).toBeNull();
  });
});

describe('masked document fields and text counter', () => {
  it('shows the CNPJ mask and stores only its characters', () => {
    const { values } = renderFields((control) => <DigitsField control={control} name="cnpj" label="CPF/CNPJ" mask="cpfCnpj" />);
    type('CPF/CNPJ', '11222333000181');
    expect((screen.getByLabelText('CPF/CNPJ') as HTMLInputElement).value).toBe('11.222.333/0001-81');
    expect(values().cnpj).toBe('11222333000181');
  });

  it('counts the characters of a limited textarea', () => {
    renderFields((control) => <RegisterTextField control={control} name="texto" label="Texto" maxLength={500} multiline />);
    type('Texto', 'abc');
    expect(screen.getByText('3/500')).toBeTruthy();
  });
});
