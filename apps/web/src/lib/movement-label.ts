import {
  LEDGER_SOURCE_LABELS,
  movementLabel,
  type TLedgerSource,
  type TStockReason,
} from '@armazem/contracts/stock';

/** On screen, "NF-e" stays whole when a line wraps (a no-break hyphen; the files keep the plain one every PDF font has). */
const SCREEN_SOURCES = { ...LEDGER_SOURCE_LABELS, nfe: 'NF\u2011e' };

/** A ledger row's name on screen, the files' "Saída (Venda) · Manual": when it wraps, the dot ends its line. */
export const formatMovement = (row: {
  direction: 'in' | 'out';
  reason: TStockReason | null;
  source: TLedgerSource;
}): string => movementLabel(row, '\u00a0· ', SCREEN_SOURCES);
