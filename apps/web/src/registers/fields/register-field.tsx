import type { AnyRegisterDef, FieldDef } from '@concilia/domain';
import { BooleanField } from './boolean-field';
import { DateField } from './date-field';
import { MoneyField, PercentField } from './decimal-field';
import { DigitsField } from './digits-field';
import { EntryItemsField } from './entry-items-field';
import { FileField } from './file-field';
import type { FieldProps } from './field-props';
import { ItemsField } from './items-field';
import { NumberField } from './number-field';
import { RadioField } from './radio-field';
import { ReferencesField } from './references-field';
import { SecretField } from './secret-field';
import { SelectField } from './select-field';
import { SIM_NAO } from './select-options';
import { RegisterTextField } from './text-field';

type Props = Omit<FieldProps, 'label'> & {
  def: FieldDef;
  mode: 'form' | 'filter';
  /** the register the form is of: an 'entry' items field calls its checks */
  register?: AnyRegisterDef;
};

/**
 * The field component of a declared kind, so no screen writes a Controller per field. Filters differ in
 * two ways: a boolean is a Sim/Não select (unset means "either"), and 'Todos' is offered where declared.
 */
export function RegisterField({ def, mode, register, ...p }: Props) {
  const props = { ...p, label: def.label };
  switch (def.kind) {
    case 'text':
      return <RegisterTextField {...props} maxLength={def.maxLength} />;
    case 'textarea':
      return <RegisterTextField {...props} maxLength={def.maxLength} multiline />;
    case 'email':
      return <RegisterTextField {...props} type="email" maxLength={def.maxLength} />;
    case 'password':
      return <RegisterTextField {...props} type="password" maxLength={def.maxLength} />;
    case 'secret':
      return <SecretField {...props} maxLength={def.maxLength} />;
    case 'file':
      return <FileField {...props} rule={def.file!} />;
    case 'number':
      return <NumberField {...props} />;
    case 'money':
      return <MoneyField {...props} />;
    case 'percent':
      return <PercentField {...props} />;
    case 'date':
      return <DateField {...props} />;
    case 'cpfCnpj':
    case 'phone':
    case 'cep':
      return <DigitsField {...props} mask={def.kind} />;
    case 'references':
      return <ReferencesField {...props} optionList={def.optionList} />;
    case 'items':
      if (def.entry && register) return <EntryItemsField {...props} field={def} register={register} />;
      return <ItemsField {...props} items={def.items ?? {}} />;
    case 'boolean':
      return mode === 'filter' ? <SelectField {...props} options={SIM_NAO} valueKind="boolean" /> : <BooleanField {...props} />;
    case 'enum':
    case 'reference':
      if (def.widget === 'radio' && def.options) return <RadioField {...props} options={def.options} />;
      return (
        <SelectField
          {...props}
          options={def.options}
          optionList={def.optionList}
          optionListArg={def.optionListArg}
          todos={mode === 'filter' && def.todos}
          valueKind={def.kind === 'reference' ? 'int' : 'string'}
        />
      );
  }
}
