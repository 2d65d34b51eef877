import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { useLinkSupplierProductMutation, useProductsSelectQuery } from '../../../lib/lookups-api.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useSuppliersProductsSelectQuery } from '../suppliers-api.ts';

type ListId = 'linked-products' | 'product-candidates';
interface Moved {
  list: ListId;
  index: number;
}

/**
 * A linked or unlinked product moves to the other side, its button with it: the focus goes to the button now in
 * its place (the next one, or the last); when that side is empty, to the first Vincular after an unlink, else to
 * the search field. Never out of the dialog.
 */
function useFocusAfterMove(box: RefObject<HTMLDivElement | null>, moved: unknown) {
  const pending = useRef<Moved | null>(null);
  useEffect(() => {
    const wanted = pending.current;
    const root = box.current;
    if (!wanted || !root || (document.activeElement && document.activeElement !== document.body)) return;
    pending.current = null;
    const buttons = [...root.querySelectorAll<HTMLElement>(`[data-testid="${wanted.list}"] button`)];
    const candidate = root.querySelector<HTMLElement>('[data-testid="product-candidates"] button');
    const fallback = wanted.list === 'linked-products' ? candidate : null;
    (buttons[Math.min(wanted.index, buttons.length - 1)] ?? fallback ?? root.querySelector('input'))?.focus();
  }, [box, moved]);
  return (next: Moved | null) => {
    pending.current = next;
  };
}

/** Links and unlinks products from the supplier's side: the supplier list reloads. */
export default function SupplierProductsModal({ extra }: ModalBodyProps<'SUPPLIER_PRODUCTS'>) {
  const { supplierId } = extra;
  const notify = useNotifySuccess();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const { data: linked = [], isLoading } = useSuppliersProductsSelectQuery(supplierId);
  const { data: candidates = [], isFetching } = useProductsSelectQuery(
    { q, limit: 20 },
    { skip: q.length < 2 },
  );
  const [link] = useLinkSupplierProductMutation();
  const linkedIds = new Set(linked.map((product) => product.id));
  const available = candidates.filter((product) => !linkedIds.has(product.id));
  const box = useRef<HTMLDivElement>(null);
  const focusAfterMove = useFocusAfterMove(box, linked);

  const setLink = async (productId: number, linkedNow: boolean, index: number) => {
    focusAfterMove({ list: linkedNow ? 'product-candidates' : 'linked-products', index });
    const result = await link({ supplierId, productId, linked: linkedNow, origin: 'supplier' });
    if ('data' in result)
      notify(linkedNow ? featureMessages.success.productLinked : featureMessages.success.productUnlinked);
    else focusAfterMove(null);
  };

  return (
    <div className="grid gap-6 md:grid-cols-2" ref={box}>
      <section>
        <h4 className="mb-2 font-semibold">Vinculados ({linked.length})</h4>
        {!isLoading && linked.length === 0 ? <EmptyState>Nenhum produto vinculado.</EmptyState> : null}
        <ul className="divide-base-300 divide-y" data-testid="linked-products">
          {linked.map((product, index) => (
            <ProductLine
              key={product.id}
              sku={product.sku}
              name={product.name}
              action="Desvincular"
              primary={false}
              onClick={() => void setLink(product.id, false, index)}
            />
          ))}
        </ul>
      </section>
      <section>
        <h4 className="mb-2 font-semibold">Vincular produto</h4>
        <SearchInput value={search} onChange={setSearch} placeholder="Buscar produto por código ou nome" />
        <ul className="divide-base-300 mt-2 divide-y" data-testid="product-candidates">
          {available.map((product, index) => (
            <ProductLine
              key={product.id}
              sku={product.sku}
              name={product.name}
              action="Vincular"
              primary={true}
              onClick={() => void setLink(product.id, true, index)}
            />
          ))}
        </ul>
        {q.length < 2 ? (
          <p className="text-base-content/60 mt-2 text-sm">Digite ao menos 2 letras para buscar.</p>
        ) : !isFetching && available.length === 0 ? (
          <p className="text-base-content/70 mt-2 text-sm" role="status">
            {candidates.length === 0
              ? 'Nenhum produto encontrado.'
              : 'Os produtos encontrados já estão vinculados.'}
          </p>
        ) : null}
      </section>
    </div>
  );
}

function ProductLine(props: {
  sku: string;
  name: string;
  action: string;
  primary: boolean;
  onClick: () => void;
}) {
  return (
    <li className="flex items-center justify-between gap-2 py-2">
      <span>
        <span className="font-mono text-sm">{props.sku}</span> {props.name}
      </span>
      <button
        type="button"
        className={`btn btn-xs ${props.primary ? 'btn-primary' : 'btn-ghost'}`}
        aria-label={`${props.action} ${props.name}`}
        onClick={props.onClick}
      >
        {props.action}
      </button>
    </li>
  );
}
