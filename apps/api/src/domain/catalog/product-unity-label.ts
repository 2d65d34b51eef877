import { quantityLabel } from '../../lib/numbers.ts';

/** 'Caixa c/ 12 UN' for a package; 'Unidade (UN)' for the product's own base unit. */
export function productUnityLabel(row: {
  isDefault: boolean;
  batchName: string;
  quantity: string | number | bigint;
  baseCode: string;
  baseName: string;
}): string {
  if (row.isDefault) return `${row.baseName} (${row.baseCode})`;
  return `${row.batchName} c/ ${quantityLabel(row.quantity)} ${row.baseCode}`;
}
