import crypto from 'node:crypto';
import forge from 'node-forge';

/**
 * The client's A1 certificate (a PKCS#12 file and its password) opened into what signing and mutual TLS need:
 * the key and certificate as PEM, and the CNPJ it speaks for. The failures a user can fix (wrong password,
 * expired, not an A1 file, a file without the key) are told apart, each with a pt-BR message naming the fix;
 * the code is for the caller's branching, the message for the screen.
 *
 * node-forge reads the PKCS#12: node:crypto only takes a pfx inside a TLS context and gives nothing back out.
 */
export type CertificateErrorCode = 'SENHA_INVALIDA' | 'CERTIFICADO_INVALIDO' | 'CERTIFICADO_EXPIRADO' | 'SEM_CHAVE';

export class CertificateError extends Error {
  override readonly name = 'CertificateError';
  constructor(readonly code: CertificateErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export type OpenedCertificate = {
  /** PKCS#8 PEM */
  privateKeyPem: string;
  certificatePem: string;
  /** 14 digits */
  cnpj: string;
  /** the subject's common name, e.g. 'EMPRESA LTDA:12345678000195' */
  subject: string;
  notBefore: Date;
  notAfter: Date;
};

/** ICP-Brasil's otherName in subjectAltName carrying the legal entity's CNPJ (DOC-ICP-04, 7.1.2.3). */
export const OID_ICP_BRASIL_CNPJ = '2.16.76.1.3.3';

const INVALIDO = 'Arquivo não é um certificado A1 (PKCS#12) válido.';

/** A day as Brazilians read it, in Brasília's time: a certificate ending at 02:59Z ended the day before there. */
export function dataBr(d: Date): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(d);
}

function readPfx(p12: Buffer, password: string): forge.pkcs12.Pkcs12Pfx {
  let asn1: forge.asn1.Asn1;
  try {
    asn1 = forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary')));
  } catch (err) {
    throw new CertificateError('CERTIFICADO_INVALIDO', INVALIDO, { cause: err });
  }
  try {
    return forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    // forge says "not an PKCS#12 PFX" for a DER file of another kind (a lone .cer, a .p7b)
    if (/not an? PKCS#12 PFX|unsupported/i.test(text)) throw new CertificateError('CERTIFICADO_INVALIDO', INVALIDO, { cause: err });
    // a failed MAC, or — in a file without a MAC — contents that decrypt to garbage: both are the password
    throw new CertificateError('SENHA_INVALIDA', 'Senha do certificado inválida.', { cause: err });
  }
}

type Bag = forge.pkcs12.Bag;

function bagsOf(pfx: forge.pkcs12.Pkcs12Pfx, bagType: string): Bag[] {
  return pfx.getBags({ bagType })[bagType] ?? [];
}

/** the CNPJ of the ICP-Brasil otherName, when the certificate has one */
function cnpjFromAltName(cert: forge.pki.Certificate): string | undefined {
  const ext = cert.getExtension('subjectAltName') as { altNames?: { type: number; value: unknown }[] } | undefined;
  for (const name of ext?.altNames ?? []) {
    // otherName ::= SEQUENCE { type-id OID, value [0] EXPLICIT ANY }; forge leaves it as parsed ASN.1
    if (name.type !== 0 || !Array.isArray(name.value)) continue;
    const [oid, wrapped] = name.value as forge.asn1.Asn1[];
    if (!oid || oid.type !== forge.asn1.Type.OID || typeof oid.value !== 'string') continue;
    if (forge.asn1.derToOid(oid.value) !== OID_ICP_BRASIL_CNPJ) continue;
    const inner = Array.isArray(wrapped?.value) ? wrapped.value[0] : undefined;
    // ICP-Brasil asks for an OCTET STRING; CAs are seen using PrintableString and UTF8String too — all are the digits
    const digits = typeof inner?.value === 'string' ? inner.value.replace(/\D/g, '') : '';
    if (digits.length === 14) return digits;
  }
  return undefined;
}

function commonName(cert: forge.pki.Certificate): string {
  const cn = cert.subject.getField('CN') as { value?: unknown } | null;
  return typeof cn?.value === 'string' ? forge.util.decodeUtf8(cn.value) : '';
}

function sameKey(cert: forge.pki.Certificate, key: forge.pki.rsa.PrivateKey): boolean {
  const pub = cert.publicKey as Partial<forge.pki.rsa.PublicKey>;
  return pub.n !== undefined && pub.n.equals(key.n) && pub.e !== undefined && pub.e.equals(key.e);
}

/** Opens an A1 certificate; throws CertificateError with a message for the user. */
export function openPkcs12(p12: Buffer, password: string, now: Date = new Date()): OpenedCertificate {
  const pfx = readPfx(p12, password);
  const keyBag = [...bagsOf(pfx, forge.pki.oids.pkcs8ShroudedKeyBag!), ...bagsOf(pfx, forge.pki.oids.keyBag!)].find((b) => b.key);
  const certBags = bagsOf(pfx, forge.pki.oids.certBag!);
  if (!keyBag?.key) {
    throw new CertificateError('SEM_CHAVE', 'O arquivo não contém a chave privada do certificado. Exporte o A1 novamente incluindo a chave privada (arquivo .pfx ou .p12).');
  }
  const key = keyBag.key as forge.pki.rsa.PrivateKey;
  if (certBags.length > 0 && certBags.every((b) => !b.cert)) {
    // forge leaves cert null for keys it cannot read (ECDSA); ICP-Brasil A1 are RSA
    throw new CertificateError('CERTIFICADO_INVALIDO', 'O certificado usa um algoritmo não suportado; use um certificado A1 ICP-Brasil (RSA).');
  }
  // the file may carry the CA chain too: the one certificate of this key is the client's
  const cert = certBags.map((b) => b.cert).find((c): c is forge.pki.Certificate => !!c && sameKey(c, key));
  if (!cert) throw new CertificateError('CERTIFICADO_INVALIDO', 'O arquivo não contém o certificado da chave privada. Exporte o A1 novamente com o certificado.');

  const { notBefore, notAfter } = cert.validity;
  if (now.getTime() > notAfter.getTime()) {
    throw new CertificateError('CERTIFICADO_EXPIRADO', `Certificado expirado em ${dataBr(notAfter)}. Renove o certificado A1 e envie o novo arquivo.`);
  }
  if (now.getTime() < notBefore.getTime()) {
    throw new CertificateError('CERTIFICADO_INVALIDO', `Certificado válido somente a partir de ${dataBr(notBefore)}.`);
  }
  const subject = commonName(cert);
  const cnpj = cnpjFromAltName(cert) ?? /:(\d{14})\s*$/.exec(subject)?.[1];
  if (!cnpj) throw new CertificateError('CERTIFICADO_INVALIDO', 'O certificado não identifica um CNPJ; use um e-CNPJ A1 da empresa emissora.');

  const privateKeyPem = crypto.createPrivateKey(forge.pki.privateKeyToPem(key)).export({ type: 'pkcs8', format: 'pem' }).toString();
  return { privateKeyPem, certificatePem: forge.pki.certificateToPem(cert), cnpj, subject, notBefore, notAfter };
}

/** The CNPJ a certificate (PEM, or the base64 of an XMLDSig X509Certificate) speaks for; null when it names none. */
export function cnpjOfCertificate(pemOrBase64: string): string | null {
  const pem = pemOrBase64.includes('BEGIN CERTIFICATE')
    ? pemOrBase64
    : `-----BEGIN CERTIFICATE-----\n${pemOrBase64.replace(/\s+/g, '')}\n-----END CERTIFICATE-----`;
  try {
    const cert = forge.pki.certificateFromPem(pem);
    return cnpjFromAltName(cert) ?? /:(\d{14})\s*$/.exec(commonName(cert))?.[1] ?? null;
  } catch {
    return null;
  }
}
