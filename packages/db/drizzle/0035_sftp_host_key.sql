-- SFTP deliveries pin the server's host key (OpenSSH's SHA256 fingerprint): typed on the schedule or recorded at its
-- first delivery; a server showing another key is refused (apps/server/src/integrations/delivery/sftp.ts).
ALTER TABLE "agendamentos_integracao" ADD COLUMN "chaveservidor" text;
