import { MSG } from '../messages';
import { actionForm, defineRegister } from '../register-kit/register';
import { pageOf } from '../registers/register-pages';

/**
 * Cadência de Arquivos (issue 19, late-file alarms): when each operator's statement is expected — the limit hour,
 * business days or every day, alarm on or off. A list of every operator with its cadence (the defaults where none
 * was set) and 'Editar' for the platform's administrators: the cadence is the product's, not a tenant's.
 */
const SIM_NAO = (sim: string, nao: string) => [{ valor: 'S', label: sim }, { valor: 'N', label: nao }] as const;
const DIAS = SIM_NAO(MSG.cadenciaDiasUteis, MSG.cadenciaTodosDias);
const ALARME = SIM_NAO(MSG.cadenciaAlarmeLigado, MSG.cadenciaAlarmeDesligado);

export const cadenciaArquivosScreen = defineRegister({
  readOnly: true,
  ...pageOf('cadenciaArquivos'),
  typeName: 'CadenciaArquivos',
  menuSection: 'Cadastros',
  menuIcon: 'Schedule',
  id: 'codoperadora',
  keyFields: ['codoperadora'],
  ops: { list: 'listarCadenciaArquivos' },
  actions: [{
    key: 'editar', kind: 'form', label: MSG.listaEditar, icon: 'Edit', scope: 'single', operation: 'salvarCadenciaArquivos', success: MSG.cadenciaSalva,
    form: actionForm('CadenciaArquivosEdicao', {
      codoperadora: { kind: 'number', label: 'Operadora', form: false },
      horalimite: { kind: 'text', label: MSG.cadenciaHoraLimite, maxLength: 5 },
      diasuteis: { kind: 'enum', label: MSG.cadenciaDias, widget: 'radio', required: true, options: DIAS },
      monitorar: { kind: 'enum', label: MSG.cadenciaAlarme, widget: 'radio', required: true, options: ALARME },
    }, [], ['codoperadora']),
  }],
  fields: {
    codoperadora: { kind: 'reference', label: 'Operadora', column: true, filter: 'eq', form: false, optionList: 'listarOperadoras', todos: true, width: 160 },
    /** 'HH:MM' when the operator has its own, else empty (the product's LATE_FILE_HOUR applies) */
    horalimite: { kind: 'text', label: MSG.cadenciaHoraLimite, column: true, form: false, width: 120 },
    horaemvigor: { kind: 'text', label: MSG.cadenciaHoraEmVigor, column: true, form: false, width: 140 },
    diasuteis: { kind: 'enum', label: MSG.cadenciaDias, column: true, form: false, options: DIAS, width: 150 },
    monitorar: { kind: 'enum', label: MSG.cadenciaAlarme, column: true, form: false, options: ALARME, width: 120 },
  },
});
