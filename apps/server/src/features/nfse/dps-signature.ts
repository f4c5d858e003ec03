import crypto from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

/**
 * The DPS signature: XMLDSig enveloped over infDPS (Reference URI="#<Id>"), inclusive C14N 1.0
 * (REC-xml-c14n-20010315) as both the canonicalization and the second transform after enveloped-signature,
 * the certificate in KeyInfo/X509Data, and the Signature element as DPS's last child, right after infDPS (TCDPS's
 * sequence). RSA-SHA1 is the default: it is what the national manual's examples and the established emitters
 * (sped-nfse-nacional, ACBr) send; the Sefin Nacional also takes RSA-SHA256, left as an option.
 */
export type DpsSignatureAlgorithm = 'sha1' | 'sha256';

const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const ALGORITHMS: Record<DpsSignatureAlgorithm, { signature: string; digest: string }> = {
  sha1: { signature: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1', digest: 'http://www.w3.org/2000/09/xmldsig#sha1' },
  sha256: { signature: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256', digest: 'http://www.w3.org/2001/04/xmlenc#sha256' },
};

const INF_DPS = "/*[local-name(.)='DPS']/*[local-name(.)='infDPS']";

// parse problems surface as a missing DPS/infDPS, not as xmldom's console output
const parse = (xml: string) => new DOMParser({ onError: () => undefined }).parseFromString(xml, 'text/xml');

function infDpsId(xml: string): string {
  const doc = parse(xml);
  const root = doc.documentElement;
  const infs = root ? Array.from(root.getElementsByTagNameNS('http://www.sped.fazenda.gov.br/nfse', 'infDPS')) : [];
  const id = infs.length === 1 ? infs[0]!.getAttribute('Id') : null;
  if (!root || root.localName !== 'DPS' || !id) throw new Error('XML não é uma DPS com um único infDPS identificado (Id).');
  return id;
}

/** Signs a DPS built by buildDps; returns the whole document with the Signature after infDPS. */
export function signDps(xml: string, key: { privateKeyPem: string; certificatePem: string }, algorithm: DpsSignatureAlgorithm = 'sha1'): string {
  const id = infDpsId(xml);
  const alg = ALGORITHMS[algorithm];
  const sig = new SignedXml({
    privateKey: key.privateKeyPem,
    publicCert: key.certificatePem,
    signatureAlgorithm: alg.signature,
    canonicalizationAlgorithm: C14N,
  });
  sig.addReference({ xpath: INF_DPS, uri: `#${id}`, transforms: [ENVELOPED, C14N], digestAlgorithm: alg.digest });
  sig.computeSignature(xml, { location: { reference: INF_DPS, action: 'after' } });
  return sig.getSignedXml();
}

/**
 * Whether the DPS carries a valid signature over its infDPS — checked against the certificate in its own
 * KeyInfo, or against `certificatePem` when given (then a signature by another key is refused). Never throws.
 */
export function verifyDps(xml: string, certificatePem?: string): boolean {
  try {
    const id = infDpsId(xml);
    const doc = parse(xml);
    const signatures = Array.from(doc.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'Signature'));
    // exactly one, and where the layout puts it: a Signature elsewhere signs something else
    if (signatures.length !== 1 || signatures[0]!.parentNode !== doc.documentElement) return false;
    // xmldom's nodes are what xml-crypto walks at runtime; only its typings speak of the browser DOM
    const signature = signatures[0]! as unknown as Node;
    const keyInfo = signatures[0]!.getElementsByTagNameNS('http://www.w3.org/2000/09/xmldsig#', 'KeyInfo')[0];
    const embedded = SignedXml.getCertFromKeyInfo((keyInfo ?? null) as unknown as Node | null);
    if (!embedded) return false;
    if (certificatePem && !new crypto.X509Certificate(certificatePem).publicKey.equals(new crypto.X509Certificate(embedded).publicKey)) return false;
    const sig = new SignedXml({ publicCert: certificatePem ?? embedded });
    sig.loadSignature(signature);
    if (!sig.checkSignature(xml)) return false;
    // the one reference must be this infDPS: a valid signature over some other element proves nothing here
    const refs = sig.getReferences();
    return refs.length === 1 && refs[0]!.uri === `#${id}` && sig.getSignedReferences().length === 1;
  } catch {
    return false;
  }
}
