import { useRef, useState, type FormEvent } from 'react';
import type { TCountDetail, TCountItem } from '@armazem/contracts/counts';
import { formatScaled, parseScaled, parseTypedScaled } from '@armazem/contracts/decimal';
import { lookupsApi } from '../../../lib/lookups-api.ts';
import { formatQuantity } from '../../../lib/format.ts';
import { useLazyProductLookupQuery } from '../../../lib/product-lookup-api.ts';
import { useSaveCountItemsMutation } from '../counts-api.ts';

const toScaled = (wire: string | null) => {
  const parsed = wire === null ? null : parseScaled(wire, 3);
  return parsed && parsed.ok ? parsed.value : 0n;
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
    const upper = typed.toUpperCase();
    const known = items.find((i) => i.product.sku.toUpperCase() === upper || i.product.barcode === typed);
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

type Message = { text: string; error: boolean } | null;
/** A saved line, and the whole count's totals after it. */
export type OnSaved = (item: TCountItem, totals: TCountDetail['totals']) => void;

/** The scan form's state and its handler: find the item, add to what was counted, save, say what it is now. */
function useScan(countId: number, items: readonly TCountItem[], onSaved: OnSaved) {
  const [code, setCode] = useState('');
  const [quantity, setQuantity] = useState('');
  const [message, setMessage] = useState<Message>(null);
  const [save, { isLoading }] = useSaveCountItemsMutation();
  const scannedItem = useScannedItem(items);
  const codeField = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (!typed) return;
    const scanned = await scannedItem(typed);
    if (!scanned) {
      setMessage({ text: `Código ${typed} não encontrado entre os produtos deste balanço.`, error: true });
      codeField.current?.select();
      return;
    }
    const { item } = scanned;
    let add = scanned.add;
    if (quantity.trim()) {
      const parsed = parseTypedScaled(quantity, 3);
      if (!parsed.ok || parsed.value === 0n) {
        const text = parsed.ok
          ? 'Quantidade zero não muda a contagem: informe quanto somar (ou tirar, com sinal de menos).'
          : 'Quantidade inválida: use vírgula para decimais (ex.: 2,5).';
        setMessage({ text, error: true });
        return;
      }
      // negative: a correction (a package scanned twice)
      add = parsed.value;
    }
    const counted = toScaled(item.countedQuantity);
    if (counted + add < 0n) {
      setMessage({
        text: `${item.product.name}: foram contados ${formatQuantity(formatScaled(counted, 3))} ${item.unity.code}; não dá para tirar ${formatQuantity(formatScaled(-add, 3))}.`,
        error: true,
      });
      return;
    }
    const total = formatScaled(counted + add, 3);
    const result = await save({
      id: countId,
      items: [{ productId: item.product.id, countedQuantity: total }],
    });
    if ('data' in result && result.data) {
      const saved = result.data.items[0];
      if (saved) onSaved(saved, result.data.totals);
      const counted = formatQuantity(saved?.countedQuantity ?? total);
      setMessage({ text: `${item.product.name}: ${counted} ${item.unity.code}`, error: false });
    }
    setCode('');
    setQuantity('');
    codeField.current?.focus();
  };

  return { code, setCode, quantity, setQuantity, message, submit, isLoading, codeField };
}

/**
 * The scanner's field: a code then Enter adds one package (package quantity × base units), or the quantity typed
 * beside it, to what was counted of that product; the result is saved at once and shown.
 */
export function ScanPanel({
  countId,
  items,
  onSaved,
}: {
  countId: number;
  items: readonly TCountItem[];
  onSaved: OnSaved;
}) {
  const { code, setCode, quantity, setQuantity, message, submit, isLoading, codeField } = useScan(
    countId,
    items,
    onSaved,
  );
  return (
    <form
      className="grid grid-cols-[1fr_6rem] gap-2 sm:grid-cols-[1fr_8rem_auto]"
      onSubmit={(e) => void submit(e)}
    >
      <label className="form-control">
        <span className="label-text">Código ou código de barras</span>
        <input
          ref={codeField}
          className="input input-bordered input-lg w-full font-mono"
          value={code}
          autoFocus
          autoComplete="off"
          inputMode="text"
          onChange={(e) => setCode(e.target.value)}
          data-testid="count-scan"
        />
      </label>
      <label className="form-control">
        <span className="label-text">Quantidade</span>
        <input
          className="input input-bordered input-lg w-full"
          value={quantity}
          inputMode="decimal"
          placeholder="1 emb."
          title="Quanto somar à contagem; com sinal de menos, quanto tirar (ex.: -1)"
          onChange={(e) => setQuantity(e.target.value)}
          data-testid="count-quantity"
        />
      </label>
      <button type="submit" className="btn btn-primary btn-lg col-span-2 sm:col-span-1" disabled={isLoading}>
        Contar
      </button>
      {message ? (
        <p
          role="status"
          className={`col-span-2 sm:col-span-3 ${message.error ? 'text-error' : 'text-success'} font-semibold`}
          data-testid="count-last"
        >
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
