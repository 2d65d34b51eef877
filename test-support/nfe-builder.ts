import { signNfe, testCertificate, type TestCertificateOptions } from './nfe-signing.ts';

/**
 * Builds NF-e 4.00 XML for tests: valid structure, totals that add up and a correct access key (its own
 * module-11 implementation, independent of the app's). Every field can be overridden to build broken notes.
 */

export interface NfeTestItem {
  code: string;
  description: string;
  gtin?: string;
  ncm?: string;
  cest?: string;
  cfop?: string;
  unit?: string;
  /** qCom, e.g. '12.0000' */
  quantity: string;
  /** vUnCom */
  unitPrice?: string;
  /** vProd, 2 decimals */
  total: string;
  taxUnit?: string;
  taxQuantity?: string;
  discount?: string;
  freight?: string;
  insurance?: string;
  other?: string;
  /** the ICMS group and its values, default ICMS00 without value */
  icms?: {
    group: string;
    cst?: string;
    csosn?: string;
    vBC?: string;
    vICMS?: string;
    vBCST?: string;
    vICMSST?: string;
    vFCPST?: string;
    vCredICMSSN?: string;
  };
  ipi?: string;
  /** vII of an import note */
  importDuty?: string;
  /** the PIS and COFINS CST (default 01, basic rate: PISAliq/COFINSAliq; 04–09 as *NT, 49/99 as *Outr) */
  pisCst?: string;
  cofinsCst?: string;
  lots?: Array<{ number: string; quantity: string; manufacturedOn: string; expiresOn: string }>;
}

export interface NfeTestOptions {
  items: NfeTestItem[];
  emitter?: { cnpj?: string; cpf?: string; name?: string; tradeName?: string; ie?: string };
  destination?: { cnpj?: string; name?: string } | null;
  cUF?: string;
  issuedAt?: string;
  number?: string;
  series?: string;
  model?: string;
  emissionType?: string;
  randomCode?: string;
  environment?: string;
  version?: string;
  namespace?: string;
  /** nfeProc with protNFe cStat 100 (default) or a bare NFe */
  authorized?: boolean;
  bare?: boolean;
  /** replaces the computed key (to build wrong keys) */
  key?: string;
  /** replaces ide/cDV */
  checkDigit?: string;
  /** text before the root element (a DOCTYPE, say) */
  prolog?: string;
  /** ide/tpNF (default 1, the emitter's exit), ide/finNFe (default 1), ide/natOp, NFref/refNFe keys */
  tpNF?: string;
  finNFe?: string;
  natOp?: string;
  references?: string[];
  /** protNFe cStat (default 100) and xMotivo */
  status?: { code: string; reason: string };
  /** signed by a test certificate of the emitter (default); false: no Signature at all */
  sign?: boolean;
  /** the signing certificate (default: one of the emitter's document, valid 2020–2045) */
  certificate?: Partial<TestCertificateOptions>;
  /** changes the signed NFe before it is wrapped (to test a note altered after signing) */
  tamper?: (signedNfe: string) => string;
  /** replaces the protocol's digVal (default: the signature's DigestValue) */
  digVal?: string;
}

export function testKeyCheckDigit(first43: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = 42; i >= 0; i--) {
    sum += (first43.charCodeAt(i) - 48) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const cents = (value: string | undefined) => {
  if (!value) return 0n;
  const [whole = '0', decimals = ''] = value.split('.');
  return BigInt(whole + decimals.padEnd(2, '0').slice(0, 2));
};
const money = (value: bigint) => `${value / 100n}.${String(value % 100n).padStart(2, '0')}`;
const tag = (name: string, value: string | undefined) =>
  value === undefined ? '' : `<${name}>${value}</${name}>`;
const esc = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

function icmsXml(icms: NonNullable<NfeTestItem['icms']>) {
  const code = icms.csosn ? tag('CSOSN', icms.csosn) : tag('CST', icms.cst ?? '00');
  return `<ICMS><${icms.group}><orig>0</orig>${code}${tag('vBC', icms.vBC)}${tag('vICMS', icms.vICMS)}${tag('vBCST', icms.vBCST)}${tag('vICMSST', icms.vICMSST)}${tag('vFCPST', icms.vFCPST)}${tag('vCredICMSSN', icms.vCredICMSSN)}</${icms.group}></ICMS>`;
}

const CONTRIBUTION_GROUP: Record<string, string> = {
  '01': 'Aliq',
  '02': 'Aliq',
  '03': 'Qtde',
  '49': 'Outr',
  '99': 'Outr',
};

function contributionXml(name: 'PIS' | 'COFINS', cst: string, base: string) {
  const group = CONTRIBUTION_GROUP[cst] ?? 'NT';
  const rate = name === 'PIS' ? '1.6500' : '7.6000';
  const values =
    group === 'NT' ? '' : `<vBC>${base}</vBC><p${name}>${rate}</p${name}><v${name}>0.00</v${name}>`;
  return `<${name}><${name}${group}><CST>${cst}</CST>${values}</${name}${group}></${name}>`;
}

function itemXml(item: NfeTestItem, index: number) {
  const lots = (item.lots ?? [])
    .map(
      (lot) =>
        `<rastro><nLote>${lot.number}</nLote><qLote>${lot.quantity}</qLote><dFab>${lot.manufacturedOn}</dFab><dVal>${lot.expiresOn}</dVal></rastro>`,
    )
    .join('');
  const ipi = item.ipi
    ? `<IPI><cEnq>999</cEnq><IPITrib><CST>50</CST><vBC>${item.total}</vBC><pIPI>5.00</pIPI><vIPI>${item.ipi}</vIPI></IPITrib></IPI>`
    : '';
  return `<det nItem="${index + 1}"><prod><cProd>${esc(item.code)}</cProd><cEAN>${item.gtin ?? 'SEM GTIN'}</cEAN><xProd>${esc(item.description)}</xProd><NCM>${item.ncm ?? '21069090'}</NCM>${tag('CEST', item.cest)}<CFOP>${item.cfop ?? '5102'}</CFOP><uCom>${item.unit ?? 'UN'}</uCom><qCom>${item.quantity}</qCom><vUnCom>${item.unitPrice ?? '1.00'}</vUnCom><vProd>${item.total}</vProd><cEANTrib>${item.gtin ?? 'SEM GTIN'}</cEANTrib><uTrib>${item.taxUnit ?? item.unit ?? 'UN'}</uTrib><qTrib>${item.taxQuantity ?? item.quantity}</qTrib><vUnTrib>${item.unitPrice ?? '1.00'}</vUnTrib>${tag('vFrete', item.freight)}${tag('vSeg', item.insurance)}${tag('vDesc', item.discount)}${tag('vOutro', item.other)}<indTot>1</indTot>${lots}</prod><imposto>${icmsXml(item.icms ?? { group: 'ICMS00', cst: '00', vICMS: '0.00' })}${ipi}${item.importDuty ? `<II><vBC>${item.total}</vBC><vDespAdu>0.00</vDespAdu><vII>${item.importDuty}</vII><vIOF>0.00</vIOF></II>` : ''}${contributionXml('PIS', item.pisCst ?? '01', item.total)}${contributionXml('COFINS', item.cofinsCst ?? item.pisCst ?? '01', item.total)}</imposto></det>`;
}

function totalsXml(items: NfeTestItem[]) {
  const sum = (pick: (item: NfeTestItem) => string | undefined) =>
    items.reduce((acc, item) => acc + cents(pick(item)), 0n);
  const t = {
    vICMS: sum((i) => i.icms?.vICMS),
    vST: sum((i) => i.icms?.vICMSST),
    vFCPST: sum((i) => i.icms?.vFCPST),
    vProd: sum((i) => i.total),
    vFrete: sum((i) => i.freight),
    vSeg: sum((i) => i.insurance),
    vDesc: sum((i) => i.discount),
    vIPI: sum((i) => i.ipi),
    vOutro: sum((i) => i.other),
    vII: sum((i) => i.importDuty),
  };
  const vNF = t.vProd - t.vDesc + t.vST + t.vFCPST + t.vFrete + t.vSeg + t.vOutro + t.vIPI + t.vII;
  return `<total><ICMSTot><vBC>0.00</vBC><vICMS>${money(t.vICMS)}</vICMS><vICMSDeson>0.00</vICMSDeson><vFCP>0.00</vFCP><vBCST>0.00</vBCST><vST>${money(t.vST)}</vST><vFCPST>${money(t.vFCPST)}</vFCPST><vFCPSTRet>0.00</vFCPSTRet><vProd>${money(t.vProd)}</vProd><vFrete>${money(t.vFrete)}</vFrete><vSeg>${money(t.vSeg)}</vSeg><vDesc>${money(t.vDesc)}</vDesc><vII>${money(t.vII)}</vII><vIPI>${money(t.vIPI)}</vIPI><vIPIDevol>0.00</vIPIDevol><vPIS>0.00</vPIS><vCOFINS>0.00</vCOFINS><vOutro>${money(t.vOutro)}</vOutro><vNF>${money(vNF)}</vNF></ICMSTot></total>`;
}

/** The NFe element signed as the emitter would (or left unsigned, or altered after signing, as the test asks). */
function signed(unsigned: string, key: string, document: string, options: NfeTestOptions) {
  if (options.sign === false) return { nfe: unsigned, digest: 'dGVzdGU=' };
  let result: { xml: string; digest: string };
  try {
    result = signNfe(unsigned, key, testCertificate({ document, ...options.certificate }));
  } catch {
    // a note broken on purpose before its signature (a wrong namespace, say) is refused before it is checked
    return { nfe: unsigned, digest: 'dGVzdGU=' };
  }
  return { nfe: options.tamper ? options.tamper(result.xml) : result.xml, digest: result.digest };
}

/**
 * A built note changed after the fact, signed again as its emitter would have signed it (the protocol's digVal
 * follows): for tests that edit one value of an otherwise valid note.
 */
export function resign(xml: string): string {
  const start = xml.search(/<NFe[\s>]/);
  const end = xml.indexOf('</NFe>') + '</NFe>'.length;
  const unsigned = xml.slice(start, end).replace(/<Signature[\s\S]*<\/Signature>/, '');
  const key = /Id="NFe([0-9A-Z]{44})"/.exec(unsigned)?.[1] ?? '';
  const emitter = /<emit>(?:<CNPJ>([0-9A-Z]{14})<\/CNPJ>|<CPF>([0-9]{11})<\/CPF>)/.exec(unsigned);
  const document = emitter?.[1] ?? emitter?.[2] ?? '';
  const { xml: nfe, digest } = signNfe(unsigned, key, testCertificate({ document }));
  return (xml.slice(0, start) + nfe + xml.slice(end)).replace(
    /<digVal>[^<]*<\/digVal>/,
    `<digVal>${digest}</digVal>`,
  );
}

/** An NF-e 4.00 XML and its access key. */
export function buildNfe(options: NfeTestOptions): { xml: string; key: string } {
  const emitter = {
    cnpj: '11444777000161',
    name: 'Distribuidora Teste Ltda',
    ie: '123456789012',
    ...options.emitter,
  };
  const document = emitter.cpf ?? emitter.cnpj ?? '';
  const issuedAt = options.issuedAt ?? '2026-09-10T10:00:00-03:00';
  const o = {
    cUF: options.cUF ?? '35',
    number: options.number ?? '1234',
    series: options.series ?? '1',
    model: options.model ?? '55',
    emissionType: options.emissionType ?? '1',
    randomCode: options.randomCode ?? '12345678',
  };
  const first43 = `${o.cUF}${issuedAt.slice(2, 4)}${issuedAt.slice(5, 7)}${document.padStart(14, '0')}${o.model}${o.series.padStart(3, '0')}${o.number.padStart(9, '0')}${o.emissionType}${o.randomCode}`;
  const key = options.key ?? `${first43}${testKeyCheckDigit(first43)}`;
  const ns = options.namespace ?? 'http://www.portalfiscal.inf.br/nfe';
  const dest =
    options.destination === null
      ? ''
      : `<dest>${tag('CNPJ', options.destination?.cnpj ?? '11222333000181')}<xNome>${options.destination?.name ?? 'Mercearia Boa Vista'}</xNome><enderDest><xLgr>Avenida Brasil</xLgr><nro>200</nro><xBairro>Centro</xBairro><cMun>3304557</cMun><xMun>Rio de Janeiro</xMun><UF>RJ</UF></enderDest><indIEDest>1</indIEDest></dest>`;
  const emitDoc = emitter.cpf ? tag('CPF', emitter.cpf) : tag('CNPJ', emitter.cnpj);
  const emit = `<emit>${emitDoc}<xNome>${esc(emitter.name)}</xNome>${tag('xFant', emitter.tradeName)}<enderEmit><xLgr>Rua das Flores</xLgr><nro>100</nro><xBairro>Centro</xBairro><cMun>3550308</cMun><xMun>São Paulo</xMun><UF>SP</UF><CEP>01001000</CEP></enderEmit><IE>${emitter.ie}</IE><CRT>3</CRT></emit>`;
  const ide = `<ide><cUF>${o.cUF}</cUF><cNF>${o.randomCode}</cNF><natOp>${esc(options.natOp ?? 'Venda')}</natOp><mod>${o.model}</mod><serie>${o.series}</serie><nNF>${o.number}</nNF><dhEmi>${issuedAt}</dhEmi><tpNF>${options.tpNF ?? '1'}</tpNF><idDest>1</idDest><cMunFG>3550308</cMunFG><tpImp>1</tpImp><tpEmis>${o.emissionType}</tpEmis><cDV>${options.checkDigit ?? key.slice(43)}</cDV><tpAmb>${options.environment ?? '1'}</tpAmb><finNFe>${options.finNFe ?? '1'}</finNFe><indFinal>0</indFinal><indPres>0</indPres><procEmi>0</procEmi><verProc>teste</verProc>${(options.references ?? []).map((ref) => `<NFref><refNFe>${ref}</refNFe></NFref>`).join('')}</ide>`;
  const inf = `<infNFe Id="NFe${key}" versao="${options.version ?? '4.00'}">${ide}${emit}${dest}${options.items.map(itemXml).join('')}${totalsXml(options.items)}<transp><modFrete>0</modFrete></transp><pag><detPag><tPag>01</tPag><vPag>0.00</vPag></detPag></pag></infNFe>`;
  const { nfe, digest } = signed(`<NFe xmlns="${ns}">${inf}</NFe>`, key, document, options);
  const prolog = `<?xml version="1.0" encoding="UTF-8"?>${options.prolog ?? ''}`;
  if (options.bare) return { xml: `${prolog}${nfe}`, key };
  const prot =
    options.authorized === false
      ? ''
      : `<protNFe versao="4.00"><infProt><tpAmb>1</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><chNFe>${key}</chNFe><dhRecbto>${issuedAt}</dhRecbto><nProt>135260000000001</nProt><digVal>${options.digVal ?? digest}</digVal><cStat>${options.status?.code ?? '100'}</cStat><xMotivo>${esc(options.status?.reason ?? 'Autorizado o uso da NF-e')}</xMotivo></infProt></protNFe>`;
  return { xml: `${prolog}<nfeProc xmlns="${ns}" versao="4.00">${nfe}${prot}</nfeProc>`, key };
}

/** `count` simple items (for the 990-item note and the bench). */
export function manyItems(count: number, prefix = 'P'): NfeTestItem[] {
  return Array.from({ length: count }, (_, i) => ({
    code: `${prefix}${String(i + 1).padStart(4, '0')}`,
    description: `Produto de teste ${i + 1}`,
    quantity: '3.0000',
    unitPrice: '2.5000000000',
    total: '7.50',
  }));
}

export interface CancellationOptions {
  /** the key of the note cancelled */
  key: string;
  /** the author: the note's emitter (positions 7–20 of the key by default) */
  cnpj?: string;
  /** tpEvento (default 110111; 110110 is a correction letter) and SEFAZ's cStat (default 135) */
  type?: string;
  status?: string;
  registeredAt?: string;
}

/** A procEventoNFe as SEFAZ returns it, signed by the emitter's test certificate. */
export function buildCancellation(options: CancellationOptions): string {
  const cnpj = options.cnpj ?? options.key.slice(6, 20);
  const type = options.type ?? '110111';
  const at = options.registeredAt ?? '2026-09-11T09:00:00-03:00';
  const id = `ID${type}${options.key}01`;
  const ns = 'http://www.portalfiscal.inf.br/nfe';
  const detail =
    type === '110110'
      ? '<descEvento>Carta de Correcao</descEvento><xCorrecao>Corrige o endereco do destinatario</xCorrecao>'
      : '<descEvento>Cancelamento</descEvento><nProt>135260000000001</nProt><xJust>Nota emitida com erro de digitacao</xJust>';
  const evento = `<evento xmlns="${ns}" versao="1.00"><infEvento Id="${id}"><cOrgao>35</cOrgao><tpAmb>1</tpAmb><CNPJ>${cnpj}</CNPJ><chNFe>${options.key}</chNFe><dhEvento>${at}</dhEvento><tpEvento>${type}</tpEvento><nSeqEvento>1</nSeqEvento><verEvento>1.00</verEvento><detEvento versao="1.00">${detail}</detEvento></infEvento></evento>`;
  const signed = signNfe(evento, options.key, testCertificate({ document: cnpj }), {
    name: 'infEvento',
    id,
  }).xml;
  const answer = `<retEvento versao="1.00"><infEvento><tpAmb>1</tpAmb><verAplic>SP_EVENTOS</verAplic><cOrgao>35</cOrgao><cStat>${options.status ?? '135'}</cStat><xMotivo>Evento registrado e vinculado a NF-e</xMotivo><chNFe>${options.key}</chNFe><tpEvento>${type}</tpEvento><nSeqEvento>1</nSeqEvento><dhRegEvento>${at}</dhRegEvento><nProt>135260000000099</nProt></infEvento></retEvento>`;
  return `<?xml version="1.0" encoding="UTF-8"?><procEventoNFe xmlns="${ns}" versao="1.00">${signed}${answer}</procEventoNFe>`;
}
