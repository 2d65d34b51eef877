import type { TNfePreviewItem } from '@armazem/contracts/nfe';
import { formatNcm } from '../../../lib/format.ts';

/** What the note says an item is: description, codes, lots, and what the user should know (a rounded qCom). */
export function NfeItemDescription({ item }: { item: TNfePreviewItem }) {
  return (
    <>
      <div className="font-medium">{item.description}</div>
      <div className="text-base-content/70 text-xs">
        Cód. {item.supplierCode} · {item.gtin ?? 'sem GTIN'} · NCM {item.ncm ? formatNcm(item.ncm) : '—'}
        {item.lots.length > 0 ? ` · lotes ${item.lots.map((lot) => lot.number).join(', ')}` : ''}
      </div>
      {item.warnings.map((text) => (
        <div
          key={text}
          className="bg-warning/15 mt-1 rounded px-1 text-xs"
          data-testid={`nfe-item-warning-${item.item}`}
        >
          {text}
        </div>
      ))}
    </>
  );
}
