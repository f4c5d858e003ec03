import { z } from 'zod';
import { isBusinessDate } from '../dates';
import { MSG } from '../messages';

/**
 * The integrator API (issue 20): an integrator's system (ERP, point of sale, e-commerce) sends a client's sales
 * with a key of that client, and they become customer lines of tickets type CU. The server, the documentation
 * (docs/integrador-api.md) and the tests read the limits and the body's shape from here.
 */

export const INTEGRADOR_API_PATH = '/api/integrador/v1/vendas';
/** Every key starts with it, so a key pasted where it should not be is recognisable (secret scanners). */
export const INTEGRADOR_CHAVE_INICIO = 'ck_';
/** Characters of a key shown on screen: enough to tell keys apart, far too few to guess the rest. */
export const INTEGRADOR_CHAVE_PREFIXO = 10;
export const INTEGRADOR_CHAVE_NOME_MAX = 60;
export const INTEGRADOR_MAX_VENDAS = 1000;
/** A thousand sales with every field filled stay well under it. */
export const INTEGRADOR_MAX_BYTES = 2_000_000;
export const INTEGRADOR_REQUISICOES_POR_MINUTO = 60;
export const INTEGRADOR_ID_MAX = 60;
export const INTEGRADOR_PARCELAS_MAX = 99;
/** R$ 999.999.999,99: an integer far inside JavaScript's safe range and PostgreSQL's bigint. */
export const INTEGRADOR_VALOR_MAX = 99_999_999_999;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m));

/** An optional text field: trimmed, a blank one is absent. */
const texto = (campo: string, max: number) =>
  z
    .string({ error: fill(MSG.integradorCampoTexto, { campo, max }) })
    .trim()
    .max(max, fill(MSG.integradorCampoTexto, { campo, max }))
    .nullish()
    .transform((v) => (v ? v : null));

const HORA = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** One sale as the integrator sends it. Unknown fields are refused: a misspelt field would otherwise be lost silently. */
export const integradorVendaSchema = z.strictObject(
  {
    id: z
      .string({ error: (iss) => fill(iss.input === undefined ? MSG.integradorCampoObrigatorio : MSG.integradorCampoTexto, { campo: 'id', max: INTEGRADOR_ID_MAX }) })
      .trim()
      .min(1, fill(MSG.integradorCampoObrigatorio, { campo: 'id' }))
      .max(INTEGRADOR_ID_MAX, fill(MSG.integradorCampoTexto, { campo: 'id', max: INTEGRADOR_ID_MAX })),
    unidade: texto('unidade', 30),
    operadora: texto('operadora', 60),
    estabelecimento: texto('estabelecimento', 30),
    nsu: texto('nsu', 30),
    tid: texto('tid', 60),
    autorizacao: texto('autorizacao', 30),
    terminal: texto('terminal', 30),
    dataVenda: z
      .string({ error: (iss) => fill(iss.input === undefined ? MSG.integradorCampoObrigatorio : MSG.integradorCampoData, { campo: 'dataVenda' }) })
      .refine(isBusinessDate, fill(MSG.integradorCampoData, { campo: 'dataVenda' })),
    horaVenda: z
      .string({ error: fill(MSG.integradorCampoHora, { campo: 'horaVenda' }) })
      .regex(HORA, fill(MSG.integradorCampoHora, { campo: 'horaVenda' }))
      .nullish()
      .transform((v) => (v ? (v.length === 5 ? `${v}:00` : v) : null)),
    // integer centavos only: a decimal amount ("123.45" or 123.45) is where float rounding and decimal marks go wrong
    valor: z
      .number({ error: (iss) => (iss.input === undefined ? fill(MSG.integradorCampoObrigatorio, { campo: 'valor' }) : MSG.integradorCampoValor) })
      .int(MSG.integradorCampoValor)
      .positive(MSG.integradorCampoValor)
      .max(INTEGRADOR_VALOR_MAX, MSG.integradorCampoValor),
    parcelas: z
      .number({ error: fill(MSG.integradorCampoParcelas, { max: INTEGRADOR_PARCELAS_MAX }) })
      .int(fill(MSG.integradorCampoParcelas, { max: INTEGRADOR_PARCELAS_MAX }))
      .min(1, fill(MSG.integradorCampoParcelas, { max: INTEGRADOR_PARCELAS_MAX }))
      .max(INTEGRADOR_PARCELAS_MAX, fill(MSG.integradorCampoParcelas, { max: INTEGRADOR_PARCELAS_MAX }))
      .nullish()
      .transform((v) => v ?? 1),
    bandeira: texto('bandeira', 40),
    produto: texto('produto', 60),
    nossoNumero: texto('nossoNumero', 60),
  },
  {
    error: (iss) =>
      iss.code === 'unrecognized_keys' ? fill(MSG.integradorCampoDesconhecido, { campos: iss.keys.join(', ') }) : MSG.integradorVendaObjeto,
  },
);

export type IntegradorVenda = z.infer<typeof integradorVendaSchema>;

/**
 * The body: each sale is checked on its own (integradorVendaSchema), so one bad sale is refused with its
 * message and the others go in.
 */
export const integradorRequisicaoSchema = z.object(
  {
    vendas: z
      .array(z.unknown(), { error: fill(MSG.integradorVendasLista, { max: INTEGRADOR_MAX_VENDAS }) })
      .min(1, fill(MSG.integradorVendasLista, { max: INTEGRADOR_MAX_VENDAS }))
      .max(INTEGRADOR_MAX_VENDAS, fill(MSG.integradorVendasLista, { max: INTEGRADOR_MAX_VENDAS })),
  },
  { error: fill(MSG.integradorVendasLista, { max: INTEGRADOR_MAX_VENDAS }) },
);

/** A sale that did not go in: its position in `vendas` (from 0), its id when it had one, and why. */
export interface IntegradorRecusa {
  indice: number;
  id: string | null;
  mensagem: string;
}

/** The 200 answer. `recebidas` = `inseridas` + `repetidas` + the refused ones. */
export interface IntegradorResposta {
  recebidas: number;
  inseridas: number;
  repetidas: number;
  recusadas: IntegradorRecusa[];
}

/** Every message of one sale's problems, in the order of its fields, once each. */
export function integradorMensagemVenda(error: z.ZodError): string {
  return [...new Set(error.issues.map((i) => i.message))].join(' ');
}
