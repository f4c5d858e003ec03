import { defineRegister, type OptionItem } from '../register-kit/register';
import { pageOf } from './register-pages';

const SIM_NAO: readonly OptionItem[] = [{ valor: 'S', label: 'Sim' }, { valor: 'N', label: 'Não' }];

/**
 * Dados NFe (spec part 2 §2.2, §3 "Service-invoice company data", §5 "NFe form", §7 "Service invoice"): one row
 * per company that bills its clients, with what its service invoices need — the provider (Empresa Emissora
 * NotaFiscal), the service's classification, the withholding rates, the mailbox the invoices leave from, the A1
 * certificate that signs them and the logo of the DANFSE. Passwords are 'secret' fields and the certificate and
 * logo 'file' fields of the register kit: neither ever comes back from a query.
 */
export const dadosNfeRegister = defineRegister({
  ...pageOf('dadosNfe'),
  typeName: 'DadoNFe',
  // beside the billing screens it feeds (Faturamento Movimento, Movimentos Fechados)
  menuSection: 'Faturamento',
  menuIcon: 'Receipt',
  id: 'codpessoa',
  keyFields: ['codpessoa'],
  ops: { list: 'getAllDadosNFe', get: 'getDadoNFe', save: 'salvarDadosNFe' },
  messages: { inserted: 'Registro inserido com sucesso!', saved: 'Registro salvo com sucesso!' },
  fields: {
    codpessoa: { kind: 'reference', label: 'Empresa', optionList: 'listarItensPessoas', column: true, filter: true, required: true, section: 'Empresa' },
    codpessoaemissao: { kind: 'reference', label: 'Empresa Emissora NotaFiscal', optionList: 'listarItensPessoas', column: true, required: true, section: 'Empresa' },
    // the state only narrows the city list (listarCidades by uf): not stored, read back from the city
    uf: { kind: 'enum', label: 'Estado', optionList: 'listarEstados', maxLength: 2, virtual: true, section: 'Empresa' },
    codcidade: { kind: 'reference', label: 'Cidade/Estado', optionList: 'listarCidades', optionListArg: 'uf', required: true, section: 'Empresa' },
    cnae: { kind: 'text', label: 'CNAE', maxLength: 20, section: 'Empresa' },
    desccnae: { kind: 'text', label: 'Descrição CNAE', maxLength: 255, section: 'Empresa' },
    subitem: { kind: 'text', label: 'CNAE Item', maxLength: 10, required: true, section: 'Empresa' },
    descsubitem: { kind: 'text', label: 'Descrição Subitem', maxLength: 255, section: 'Empresa' },
    codigotributacaomunicipio: { kind: 'text', label: 'Cod. Trib. Município', maxLength: 20, required: true, section: 'Empresa' },
    descservico: { kind: 'textarea', label: 'Descrição do Serviço', maxLength: 1000, section: 'Empresa' },
    naturezaoperacao: { kind: 'text', label: 'Natureza da Operação', maxLength: 50, section: 'Empresa' },
    regimeespecialtributacao: { kind: 'text', label: 'Regime Especial de Tributação', maxLength: 50, section: 'Empresa' },
    opatantesimplesnacional: { kind: 'enum', label: 'Optante Simples Nacional', options: SIM_NAO, section: 'Empresa' },
    incentivadorcultural: { kind: 'enum', label: 'Incentivador Cultural', options: SIM_NAO, required: true, section: 'Empresa' },
    email: { kind: 'email', label: 'Email', maxLength: 255, required: true, section: 'Empresa' },
    smtp: { kind: 'text', label: 'SMTP', maxLength: 255, required: true, section: 'Empresa' },
    porta: { kind: 'number', label: 'Porta', min: 1, max: 65535, required: true, section: 'Empresa' },
    senhaemail: { kind: 'secret', label: 'Senha Email', maxLength: 255, required: true, section: 'Empresa' },
    pis: { kind: 'percent', label: 'PIS', section: 'Taxas' },
    cofins: { kind: 'percent', label: 'COFINS', section: 'Taxas' },
    ir: { kind: 'percent', label: 'IR', section: 'Taxas' },
    csll: { kind: 'percent', label: 'CSLL', section: 'Taxas' },
    iss: { kind: 'percent', label: 'ISS', section: 'Taxas' },
    valorminimocalculoir: { kind: 'money', label: 'Valor Mínimo Cálculo IR', section: 'Taxas' },
    valorminimocalculopiscofinscsll: { kind: 'money', label: 'Valor Mínimo Cálculo PIS/COFINS/CSLL', section: 'Taxas' },
    senhacertificado: { kind: 'secret', label: 'Senha Certificado', maxLength: 255, section: 'Arquivos' },
    certificado: {
      kind: 'file', label: 'Certificado', section: 'Arquivos',
      file: { accept: ['.pfx', '.p12', 'application/x-pkcs12'], maxBytes: 500_000 },
    },
    // what opening the certificate said: shown, never typed
    certificadocnpj: { kind: 'cpfCnpj', label: 'CNPJ do Certificado', column: true, form: 'readonly', section: 'Arquivos' },
    certificadovalidade: { kind: 'datetime', label: 'Validade do Certificado', column: true },
    logo: {
      kind: 'file', label: 'Logo', section: 'Arquivos',
      file: { accept: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'], maxBytes: 5_000_000, preview: true },
    },
  },
});
