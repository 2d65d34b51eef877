import { useState } from 'react';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { SearchInput } from '../../../components/ui/search-input.tsx';
import { messages } from '../../../config/messages.ts';
import { useLinkSupplierProductMutation, useProductsSelectQuery } from '../../../lib/lookups-api.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useSuppliersProductsSelectQuery } from '../suppliers-api.ts';

/** Links and unlinks products from the supplier's side: the supplier list reloads. */
export default function SupplierProductsModal({ extra }: ModalBodyProps<'SUPPLIER_PRODUCTS'>) {
  const { supplierId } = extra;
  const notify = useNotifySuccess();
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim());
  const { data: linked = [], isLoading } = useSuppliersProductsSelectQuery(supplierId);
  const { data: candidates = [] } = useProductsSelectQuery({ q, limit: 20 }, { skip: q.length < 2 });
  const [link] = useLinkSupplierProductMutation();
  const linkedIds = new Set(linked.map((product) => product.id));

  const setLink = async (productId: number, linkedNow: boolean) => {
    const result = await link({ supplierId, productId, linked: linkedNow, origin: 'supplier' });
    if ('data' in result)
      notify(linkedNow ? messages.success.productLinked : messages.success.productUnlinked);
  };

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <section>
        <h4 className="mb-2 font-semibold">Vinculados ({linked.length})</h4>
        {!isLoading && linked.length === 0 ? <EmptyState>Nenhum produto vinculado.</EmptyState> : null}
        <ul className="divide-base-300 divide-y" data-testid="linked-products">
          {linked.map((product) => (
            <ProductLine
              key={product.id}
              sku={product.sku}
              name={product.name}
              action="Desvincular"
              primary={false}
              onClick={() => void setLink(product.id, false)}
            />
          ))}
        </ul>
      </section>
      <section>
        <h4 className="mb-2 font-semibold">Vincular produto</h4>
        <SearchInput value={search} onChange={setSearch} placeholder="Buscar produto por código ou nome" />
        <ul className="divide-base-300 mt-2 divide-y" data-testid="product-candidates">
          {candidates
            .filter((product) => !linkedIds.has(product.id))
            .map((product) => (
              <ProductLine
                key={product.id}
                sku={product.sku}
                name={product.name}
                action="Vincular"
                primary={true}
                onClick={() => void setLink(product.id, true)}
              />
            ))}
        </ul>
        {q.length < 2 ? (
          <p className="text-base-content/60 mt-2 text-sm">Digite ao menos 2 letras para buscar.</p>
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
        onClick={props.onClick}
      >
        {props.action}
      </button>
    </li>
  );
}
