import { planosConciliadoresTaxasRegister } from '@concilia/domain';
import { entryStart } from '../../registers/fields/entry-items-field';
import { FormDrawer } from '../../registers/form-drawer';
import type { OpenActionComponent } from '../../registers/register-overrides';

/**
 * Taxas não cadastradas' 'Cadastrar taxa': the rate wizard of Planos & Taxas, started from the sales no rate fits
 * (their operator and product chosen, the first range at their installments); the user picks the plan, goes
 * through the steps and types the rate. Saving queues the
 * audit again, so the sales leave this list once it ran.
 */
export const CadastrarTaxaAction: OpenActionComponent = ({ row, onClose }) => (
  <FormDrawer
    def={planosConciliadoresTaxasRegister}
    open
    editing={null}
    searchValues={null}
    onClose={onClose}
    onSaved={onClose}
    initial={{ codoperadora: row.codoperadora, codprodutos: row.codprodutos ?? null, ...entryStart('listDeTaxas', { de: row.totparcelas, ate: row.totparcelas }) }}
  />
);
