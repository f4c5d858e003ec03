-- A service invoice's e-mail leaves from the issuing company's own mailbox (Dados NFe: Email, SMTP, Porta, Senha
-- Email): the outbox keeps which company's, so a retry sends it the same way (apps/server/src/mail/mailer.ts).
ALTER TABLE "caixa_saida" ADD COLUMN "codpessoaremetente" integer;