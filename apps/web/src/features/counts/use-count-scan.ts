import { useRef, useState, type FormEvent } from 'react';
import type { TCountDetail, TCountItem } from '@armazem/contracts/counts';
import { formatScaled, parseScaled, parseTypedScaled } from '@armazem/contracts/decimal';
import { errorMessage, fieldErrors } from '../../lib/api.ts';
import { lookupsApi } from '../../lib/lookups-api.ts';
import { formatQuantity } from '../../lib/format.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { useLazyProductLookupQuery, useProductLookupQuery } from '../../lib/product-lookup-api.ts';
import { useSaveCountItemsMutation } from './counts-api.ts';

const toScaled = (wire: string | null) => {
  const parsed = wire === null ? null : parseScaled(wire, 3);
  return parsed && parsed.ok ? parsed.value : 0n;
};

/** The item a typed SKU or product barcode names among the count's own lines (no call needed). */
const knownItem = (items: readonly TCountItem[], typed: string) => {
  const upper = typed.toUpperCase();
  return items.find((i) => i.product.sku.toUpperCase() === upper || i.product.barcode === typed);
};

/** Base units in one of the package a code names (1 for a SKU or the product's own barcode). */
function usePackageQuantity() {
  const [unities] = lookupsApi.endpoints.productsUnitySelect.useLazyQuery();
  return async (productId: number, productUnityId: number) => {
    const list = await unities(productId, true)
      .unwrap()
      .catch(() => []);
    return list.find((unity) => unity.id === productUnityId)?.quantity ?? '1';
  };
}

/** The item of the count a typed code names, and what one scan of it adds (one package in base units). */
function useScannedItem(items: readonly TCountItem[]) {
  const [lookup] = useLazyProductLookupQuery();
  const packageQuantity = usePackageQuantity();
  return async (typed: string): Promise<{ item: TCountItem; add: bigint } | null> => {
    const known = knownItem(items, typed);
    if (known) return { item: known, add: 1000n };
    const found = await lookup(typed)
      .unwrap()
      .catch(() => null);
    const match = found?.match;
    const item = match ? items.find((i) => i.product.id === match.product.id) : undefined;
    if (!match || !item) return null;
    return { item, add: toScaled(await packageQuantity(match.product.id, match.productUnityId)) };
  };
}

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

/** What the typed quantity adds (else one package), or why it cannot be used. */
function readAdd(quantity: string, onePackage: bigint): { add: bigint } | { problem: string } {
  if (!quantity.trim()) return { add: onePackage };
  const parsed = parseTypedScaled(quantity, 3);
  if (parsed.ok && parsed.value !== 0n) return { add: parsed.value }; // negative: a correction (scanned twice)
  return {
    problem: parsed.ok
      ? 'Quantidade zero não muda a contagem: informe quanto somar (ou tirar, com sinal de menos).'
      : 'Quantidade inválida: use vírgula para decimais (ex.: 2,5).',
  };
}

/** Which field a message is about: it is shown as that field's message (aria-invalid, aria-describedby). */
export type ScanField = 'code' | 'quantity';
export type ScanMessage = { text: string; error: boolean; field?: ScanField } | null;
/** A saved line, and the whole count's totals after it. */
export type OnSaved = (item: TCountItem, totals: TCountDetail['totals']) => void;

/** The field a server's refusal names: the counted quantity, or else the product (the code). */
const refusedField = (error: unknown): ScanField =>
  Object.keys(fieldErrors(error)).some((path) => path.endsWith('countedQuantity')) ? 'quantity' : 'code';

/**
 * The scan form's state and its handler: find the item, add to what was counted, save, say what it is now. A
 * problem (here or the server's) is said at its field and the typed values stay, to be corrected; the next attempt
 * clears it.
 */
export function useCountScan(countId: number, items: readonly TCountItem[], onSaved: OnSaved) {
  const [code, setCode] = useState('');
  const [quantity, setQuantity] = useState('');
  const [message, setMessage] = useState<ScanMessage>(null);
  const [save, { isLoading }] = useSaveCountItemsMutation();
  const scannedItem = useScannedItem(items);
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
    const scanned = await scannedItem(typed);
    if (!scanned) return fail('code', `Código ${typed} não encontrado entre os produtos deste balanço.`);
    const { item } = scanned;
    const read = readAdd(quantity, scanned.add);
    if ('problem' in read) return fail('quantity', read.problem);
    const counted = toScaled(item.countedQuantity);
    if (counted + read.add < 0n) {
      const now = `${formatQuantity(formatScaled(counted, 3))} ${item.unity.code}`;
      return fail(
        'quantity',
        `${item.product.name}: a contagem está em ${now}; não dá para tirar ${formatQuantity(formatScaled(-read.add, 3))}.`,
      );
    }
    const total = formatScaled(counted + read.add, 3);
    const result = await save({
      id: countId,
      items: [{ productId: item.product.id, countedQuantity: total }],
    });
    if ('error' in result) return fail(refusedField(result.error), errorMessage(result.error));
    const saved = result.data.items[0];
    if (saved) onSaved(saved, result.data.totals);
    const shown = `${formatQuantity(saved?.countedQuantity ?? total)} ${item.unity.code}`;
    setMessage({ text: `${item.product.name}: ${shown}`, error: false });
    setCode('');
    setQuantity('');
    codeField.current?.focus();
  };

  return { code, setCode, quantity, setQuantity, message, submit, isLoading, codeField, quantityField };
}
