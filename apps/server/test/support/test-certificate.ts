import crypto from 'node:crypto';
import forge from 'node-forge';

/**
 * A throwaway A1 certificate for tests: a fresh RSA 2048 key (node:crypto's, forge's pure-JS keygen takes
 * seconds), a self-signed certificate shaped like an ICP-Brasil e-CNPJ — CN "NAME:CNPJ" and the CNPJ in the
 * subjectAltName otherName 2.16.76.1.3.3 — in a password-protected PKCS#12. Nothing of it is ever committed.
 */
export type TestCertificateOptions = {
  cnpj: string;
  password: string;
  notBefore?: Date;
  notAfter?: Date;
  commonName?: string;
  /** leave the ICP-Brasil otherName out, so the CNPJ is only in the CN */
  withoutOtherName?: boolean;
  /** leave the private key out of the file */
  withoutKey?: boolean;
};

export function makeTestPkcs12(options: TestCertificateOptions): Buffer {
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString()) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = '01' + crypto.randomBytes(8).toString('hex');
  const notBefore = options.notBefore ?? new Date(Date.now() - 24 * 3600_000);
  cert.validity.notBefore = notBefore;
  cert.validity.notAfter = options.notAfter ?? new Date(notBefore.getTime() + 365 * 24 * 3600_000);
  const attrs = [
    { shortName: 'C', value: 'BR' },
    { shortName: 'O', value: 'ICP-Brasil' },
    { shortName: 'CN', value: forge.util.encodeUtf8(options.commonName ?? `EMPRESA TESTE:${options.cnpj}`) },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  const { asn1 } = forge;
  // otherName ::= SEQUENCE { type-id OID, value [0] EXPLICIT OCTET STRING } — forge cannot build it, so the DER is here
  const otherName = asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer('2.16.76.1.3.3').getBytes()),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, options.cnpj)]),
  ]);
  const extensions: object[] = [
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true },
  ];
  if (!options.withoutOtherName) {
    extensions.push({ id: '2.5.29.17', name: 'subjectAltName', value: asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [otherName]) });
  }
  cert.setExtensions(extensions);
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(options.withoutKey ? null : key, [cert], options.password, { algorithm: '3des', generateLocalKeyId: true, friendlyName: 'teste' });
  return Buffer.from(asn1.toDer(p12).getBytes(), 'binary');
}
