import { useRef, useState, type FormEvent } from 'react';
import type { TCountItem, TCountScanResult } from '@armazem/contracts/counts';
import { featureMessages } from '../../config/feature-messages.ts';
import { errorMessage, fieldErrors } from '../../lib/api.ts';
import { formatQuantity } from '../../lib/format.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useProductLookupQuery } from '../../lib/product-lookup-api.ts';
import { useScanCountMutation } from './counts-api.ts';

/** The item a typed SKU or product barcode names among the count's own lines (no call needed). */
const knownItem = (items: readonly TCountItem[], typed: string) => {
  const upper = typed.toUpperCase();
  return items.find((i) => i.product.sku.toUpperCase() === upper || i.product.barcode === typed);
};

/** The base unit of the product the code field names so far ("KG"), for the quantity's reading as it is typed. */
export function useTypedCodeUnit(items: readonly TCountItem[], code: string): string | undefined {
  const typed = code.trim();
  const known = typed ? knownItem(items, typed) : undefined;
  const settled = useDebouncedValue(typed);
  // a package's barcode is only known to the server; a code the lookup refuses (too long) is not asked
  const skip = Boolean(known) || settled === '' || settled !== typed || settled.length > 60;
  const { data } = useProductLookupQuery(settled, { skip });
  const found = !skip && data?.match ? items.find((i) => i.product.id === data.match?.product.id) : undefined;
  return (known ?? found)?.unity.code;
}

/**
 * What a scan says: the product and its count now ("Arroz: 1.500 KG"), and, when the code named a package, how it
 * was read ("Arroz: 20 × Pacote c/ 100 UN = 2.000 UN. Contagem agora: 2.000 UN.").
 */
export function scanMessage({ product, scanned, unity, countedQuantity }: TCountScanResult): string {
  const total = `${formatQuantity(countedQuantity)} ${unity.code}`;
  if (scanned.packages === scanned.baseQuantity) return `${product.name}: ${total}`;
  const base = formatQuantity(scanned.baseQuantity);
  const reading = featureMessages.counts.scanReading(
    formatQuantity(scanned.packages),
    scanned.label,
    base,
    unity.code,
  );
  return featureMessages.counts.scanned(product.name, reading, total);
}

/** Which field a message is about: it is shown as that field's message (aria-invalid, aria-describedby). */
export type ScanField = 'code' | 'quantity';
export type ScanMessage = { text: string; error: boolean; field?: ScanField } | null;
/** A scanned line as the server answered it. */
export type OnScanned = (result: TCountScanResult) => void;

/** The field a server's refusal names: the quantity, or else the product (the code). */
const refusedField = (error: unknown): ScanField =>
  Object.keys(fieldErrors(error)).some((path) => path.endsWith('quantity')) ? 'quantity' : 'code';

/**
 * The scan form's state and its handler: the code and the typed quantity (how many of what the code names: one
 * package by default) go to the server, which adds them to the count atomically, so people scanning the same
 * product at once all count (DESIGN.md §6.1). The answer says how it was read and the count now. A refusal is
 * said at its field and the typed values stay, to be corrected.
 */
export function useCountScan(countId: number, onScanned: OnScanned) {
  const [code, setCode] = useState('');
  const [quantity, setQuantity] = useState('');
  const [message, setMessage] = useState<ScanMessage>(null);
  const [scan, { isLoading }] = useScanCountMutation();
  const codeField = useRef<HTMLInputElement>(null);
  const quantityField = useRef<HTMLInputElement>(null);
  const fail = (field: ScanField, text: string) => {
    setMessage({ text, error: true, field });
    (field === 'code' ? codeField : quantityField).current?.select();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) return;
    setMessage(null);
    const result = await scan({
      id: countId,
      code: typed,
      ...(quantity.trim() ? { quantity: quantity.trim() } : {}),
    });
    if ('error' in result) return fail(refusedField(result.error), errorMessage(result.error));
    onScanned(result.data);
    setMessage({ text: scanMessage(result.data), error: false });
    setCode('');
    setQuantity('');
    codeField.current?.focus();
  };

  return { code, setCode, quantity, setQuantity, message, submit, isLoading, codeField, quantityField };
}
