import { type AnyRegisterDef, windowError } from '@concilia/domain';
import { Box } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { DateRangeFilter } from './fields/date-range-filter';
import type { Values } from './fields/field-props';
import { RegisterField } from './fields/register-field';
import { filterVariables } from './filter-values';
import { filterFields, type Row } from './register-fields';
import { TopFilterDrawer } from './top-filter-drawer';

type Props = {
  def: AnyRegisterDef;
  /** the filter's first values (initialFilterValues) */
  initial: Row;
  open: boolean;
  searching: boolean;
  onClose: () => void;
  /** runs the search with <T>Filter values; resolves true when it succeeded (the drawer then closes) */
  onSearch: (filter: Row) => Promise<boolean>;
  /** the result card in force (RegisterDef.buckets): the drawer shows it in its field, so the next search keeps it */
  bucket?: { name: string; value: string | null };
  /** filter fields the screen fixes (a sublist's parent): not offered */
  hidden?: ReadonlySet<string>;
};

/** The register's filters in the top drawer; the De/Até window last, with its one-month rule. */
export function FilterDrawer({ def, initial, open, searching, onClose, onSearch, bucket, hidden }: Props) {
  const { control, handleSubmit, setError, setValue } = useForm<Values>({ defaultValues: initial });
  const bucketName = bucket?.name;
  const bucketValue = bucket?.value ?? null;
  const first = useRef(initial);
  // only when the card changes: the drawer's other fields, and what the user is typing, stay as they are
  useEffect(() => {
    if (bucketName) setValue(bucketName, bucketValue ?? first.current[bucketName] ?? '');
  }, [bucketName, bucketValue, setValue]);
  const submit = handleSubmit(async (values) => {
    const filter = filterVariables(def, values);
    // the server says the same; asking first keeps the message beside the date instead of in a toast
    const bad = def.window ? windowError(def.window, filter) : null;
    if (bad) {
      setError(bad.field, { message: bad.message });
      return;
    }
    if (await onSearch(filter)) onClose();
  });
  const w = def.window;
  const inWindow = (name: string) => !!w && (name === w.de || name === w.ate);
  return (
    <TopFilterDrawer title={def.title} open={open} searching={searching} onClose={onClose} onSubmit={submit}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
        {filterFields(def).filter(([name]) => !inWindow(name) && !hidden?.has(name)).map(([name, f]) => (
          <RegisterField key={name} control={control} name={name} def={f} mode="filter" />
        ))}
        {w ? (
          <Box sx={{ gridColumn: { sm: 'span 2' } }}>
            <DateRangeFilter
              control={control}
              deName={w.de}
              ateName={w.ate}
              deLabel={def.fields[w.de]!.label}
              ateLabel={def.fields[w.ate]!.label}
              months={w.maxMonths ?? null}
            />
          </Box>
        ) : null}
      </Box>
    </TopFilterDrawer>
  );
}
