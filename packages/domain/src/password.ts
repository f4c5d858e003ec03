import { z } from 'zod';
import { MSG } from './messages';

/** Password rules of spec part 2 §5, shared by every form that sets a password and by the server. */
export const novaSenhaField = z
  .string({ error: MSG.novaSenhaObrigatoria })
  .min(1, MSG.novaSenhaObrigatoria)
  .min(6, MSG.novaSenhaMinimo)
  .regex(/^\w+$/, MSG.senhaCaracteres);

const senhasConferem = (v: { senha: string; confirmaSenha: string }) => v.senha === v.confirmaSenha;
const naoConferem = { message: MSG.senhasNaoConferem, path: ['confirmaSenha'] };
const confirmaSenhaField = z.string().min(1, MSG.confirmaSenhaObrigatoria);

export const novaSenhaSchema = z
  .object({ senha: novaSenhaField, confirmaSenha: confirmaSenhaField })
  .refine(senhasConferem, naoConferem);
export type NovaSenha = z.infer<typeof novaSenhaSchema>;

export const redefinirSenhaSchema = z
  .object({ senhaAtual: z.string().min(1, MSG.senhaAtualObrigatoria), senha: novaSenhaField, confirmaSenha: confirmaSenhaField })
  .refine(senhasConferem, naoConferem);
export type RedefinirSenha = z.infer<typeof redefinirSenhaSchema>;

export const responsavelSchema = z.object({
  responsavel: z.string().trim().min(1, MSG.responsavelObrigatorio).max(100).transform((s) => s.toUpperCase()),
});

export const esqueciSenhaSchema = z.object({
  usuario: z.string().trim().min(1, MSG.usuarioObrigatorio),
  email: z.string().trim().min(1, MSG.emailObrigatorio).pipe(z.email({ error: MSG.emailInvalido })),
});
export type EsqueciSenha = z.infer<typeof esqueciSenhaSchema>;

export const FORCA_SENHA = ['Curta', 'Muito Fraca', 'Fraca', 'Boa', 'Forte', 'Muito Forte'] as const;
export type ForcaSenha = (typeof FORCA_SENHA)[number];

/**
 * Strength word for the password meter. Below the minimum length the word is 'Curta'; above it the score
 * grows with length and with the variety of character classes the rules allow (lower, upper, digit, _).
 */
export function forcaSenha(senha: string): { palavra: ForcaSenha; nivel: number } {
  if (senha.length < 6) return { palavra: 'Curta', nivel: 0 };
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /_/].filter((r) => r.test(senha)).length;
  let score = classes;
  if (senha.length >= 10) score += 1;
  if (senha.length >= 14) score += 1;
  const nivel = Math.min(5, Math.max(1, score));
  return { palavra: FORCA_SENHA[nivel] as ForcaSenha, nivel };
}
