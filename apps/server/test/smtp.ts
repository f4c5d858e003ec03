import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string | null; to: string[]; raw: string; text: string };

/** Undoes quoted-printable (soft breaks and =XX bytes) so a test can read a link as the user would. */
function decodeQuotedPrintable(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

export type SmtpAccount = {
  user: string;
  pass: string;
  /** STARTTLS with this certificate (its client trusts it as `ca`), AUTH offered only over it; without: no STARTTLS, AUTH in the clear */
  tls?: { key: string; cert: string };
};

/**
 * A real SMTP listener on loopback that keeps what it receives; with refuseFirst it answers the first messages
 * with a temporary failure (451), as a provider having trouble does. With an account it is a mailbox provider's
 * server: STARTTLS, then AUTH required with that user and password (`logins` keeps who signed in, and whether over TLS).
 */
export async function startSmtp(opts: { refuseFirst?: number; account?: SmtpAccount } = {}): Promise<{
  url: string; port: number; mails: ReceivedMail[]; logins: { user: string; secure: boolean }[]; refused(): number; close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const logins: { user: string; secure: boolean }[] = [];
  let refused = 0;
  const account = opts.account;
  const server = new SMTPServer({
    logger: false,
    ...(account
      ? {
          ...(account.tls ? { key: account.tls.key, cert: account.tls.cert } : { disabledCommands: ['STARTTLS'], allowInsecureAuth: true }),
          authMethods: ['PLAIN', 'LOGIN'],
          onAuth(auth, session, callback) {
            logins.push({ user: auth.username ?? '', secure: session.secure });
            if (auth.username === account.user && auth.password === account.pass) return callback(null, { user: auth.username });
            return callback(Object.assign(new Error('Usuário ou senha inválidos'), { responseCode: 535 }));
          },
        }
      : {
          authOptional: true,
          // A self-signed STARTTLS would make the client refuse the certificate; loopback needs no TLS.
          disabledCommands: ['STARTTLS', 'AUTH'],
        }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refused < (opts.refuseFirst ?? 0)) {
          refused++;
          return callback(Object.assign(new Error('Serviço indisponível, tente mais tarde'), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
        const body = rest.join('\n\n');
        const text = /content-transfer-encoding:\s*quoted-printable/i.test(head) ? decodeQuotedPrintable(body) : body;
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, port, mails, logins, refused: () => refused, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
