import type { InventoryData } from './inventory-rules.ts';
import { digits, efdDate, efdLine, efdText } from './efd-format.ts';
import { itemLines, participantLines } from './efd-block-zero.ts';
import { blockH, fileItems, type BlockExtras } from './efd-block-h.ts';

/**
 * The complete EFD ICMS/IPI file of one establishment for a period (`layout=efd`, DESIGN.md §6.5, decision 0073):
 * block 0 (0000, 0001, 0005, 0100, 0150, 0190, 0200, 0220, 0990), the blocks B, C, D, E, G, H, K and 1, each opened
 * and closed (without data but E, whose E100/E110 the validator requires, 1 with its 1010, and H with the inventory),
 * and block 9 with one 9900 per record type and the line counts.
 */

export interface EfdHeader {
  /** YYYY-MM-DD, the period's first and last day */
  start: string;
  end: string;
  businessName: string;
  activity: 'commerce' | 'industry';
  /** IND_PERFIL */
  profile: 'A' | 'B' | 'C';
  establishment: {
    name: string;
    document: string;
    stateRegistration: string;
    state: string;
    cityCode: string;
    zip: string;
    street: string;
    number: string | null;
    district: string;
  };
  accountant: { name: string; cpf: string; crc: string; email: string; cityCode: string };
}

/**
 * COD_VER, the layout version in force in the period: 020 in 2026 (DESIGN.md §6.5), one version a year since 014
 * in 2020 (decision 0073); a later year takes the latest known.
 */
export function efdVersion(start: string): string {
  const year = Number(start.slice(0, 4));
  return String(Math.min(Math.max(year, 2020), 2026) - 2006).padStart(3, '0');
}

function blockZero(header: EfdHeader, data: InventoryData, extras: BlockExtras): string[] {
  const e = header.establishment;
  const cnpj = e.document.length === 14 ? e.document : '';
  const cpf = e.document.length === 11 ? e.document : '';
  const activity = header.activity === 'industry' ? '0' : '1';
  const a = header.accountant;
  const items = fileItems(data);
  const lines = [
    efdLine([
      '0000',
      efdVersion(header.start),
      '0',
      efdDate(header.start),
      efdDate(header.end),
      efdText(header.businessName, 100),
      cnpj,
      cpf,
      e.state,
      digits(e.stateRegistration),
      e.cityCode,
      '',
      '',
      header.profile,
      activity,
    ]),
    efdLine(['0001', '0']),
    efdLine([
      '0005',
      efdText(e.name, 60),
      digits(e.zip),
      efdText(e.street, 60),
      efdText(e.number, 10),
      '',
      efdText(e.district, 60),
      '',
      '',
      '',
    ]),
    efdLine([
      '0100',
      efdText(a.name, 100),
      a.cpf,
      efdText(a.crc, 15),
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      efdText(a.email),
      a.cityCode,
    ]),
    ...participantLines(items),
    ...itemLines(items, extras.conversions),
  ];
  return [...lines, efdLine(['0990', String(lines.length + 1)])];
}

/** An opener (IND_MOV 1: no data) and its closer. */
const emptyBlock = (block: string) => [efdLine([`${block}001`, '1']), efdLine([`${block}990`, '2'])];

/** E100/E110 with zeros: the validator asks for the ICMS period even when nothing was owed. */
function blockE(header: EfdHeader): string[] {
  return [
    efdLine(['E001', '0']),
    efdLine(['E100', efdDate(header.start), efdDate(header.end)]),
    efdLine(['E110', ...Array<string>(14).fill('0,00')]),
    efdLine(['E990', '4']),
  ];
}

/** 1010 answers N to every question (no exports, fuel, power, cards, GIAF…). */
const blockOne = () => [
  efdLine(['1001', '0']),
  efdLine(['1010', ...Array<string>(13).fill('N')]),
  efdLine(['1990', '3']),
];

const recordOf = (line: string) => line.slice(1, line.indexOf('|', 1));

/** 9001, one 9900 per record type (9900, 9990 and 9999 included), 9990 and 9999 with the file's line count. */
function blockNine(lines: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const line of lines) counts.set(recordOf(line), (counts.get(recordOf(line)) ?? 0) + 1);
  const types = counts.size + 4; // 9001, 9900, 9990, 9999
  counts.set('9001', 1);
  counts.set('9900', types);
  counts.set('9990', 1);
  counts.set('9999', 1);
  const registers = [...counts].map(([record, count]) => efdLine(['9900', record, String(count)]));
  const nine = [efdLine(['9001', '0']), ...registers, efdLine(['9990', String(registers.length + 3)])];
  return [...nine, efdLine(['9999', String(lines.length + nine.length + 1)])];
}

export function efdFileLines(
  header: EfdHeader,
  data: InventoryData,
  reason: string,
  extras: BlockExtras,
): string[] {
  const lines = [
    ...blockZero(header, data, extras),
    ...emptyBlock('B'),
    ...emptyBlock('C'),
    ...emptyBlock('D'),
    ...blockE(header),
    ...emptyBlock('G'),
    ...blockH(data, reason, extras),
    ...emptyBlock('K'),
    ...blockOne(),
  ];
  return [...lines, ...blockNine(lines)];
}
