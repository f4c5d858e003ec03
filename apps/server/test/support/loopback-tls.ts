import crypto from 'node:crypto';
import forge from 'node-forge';

/**
 * A throwaway self-signed certificate for a TLS server on loopback (FTPS, an SMTP server's STARTTLS): the key from
 * node:crypto (forge's pure-JS keygen takes seconds), the certificate from forge for 127.0.0.1 and localhost. Marked
 * as a CA, it is its own authority: a client trusts it by passing it as `ca`. Nothing of it is ever committed.
 */
export function makeLoopbackTlsCertificate(): { key: string; cert: string } {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '01' + crypto.randomBytes(8).toString('hex');
  cert.validity.notBefore = new Date(Date.now() - 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 7 * 24 * 3600_000);
  const attrs = [{ shortName: 'CN', value: '127.0.0.1' }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, keyCertSign: true },
    { name: 'extKeyUsage', serverAuth: true },
    { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }, { type: 2, value: 'localhost' }] },
  ]);
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  cert.sign(key, forge.md.sha256.create());
  return { key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), cert: forge.pki.certificateToPem(cert) };
}
