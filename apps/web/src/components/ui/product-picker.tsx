import { useId, useState } from 'react';
import type { TProductSelectItem } from '@armazem/contracts/catalog';
import { useProductsSelectQuery } from '../../lib/lookups-api.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';

/** Searchable product field: type part of the code or name, pick from the active products found. */
export function ProductPicker({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: TProductSelectItem | null;
  error?: string | undefined;
  onChange: (product: TProductSelectItem | null) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebouncedValue(text.trim(), 200);
  const { data: options = [], isFetching } = useProductsSelectQuery(
    { q, limit: 20 },
    { skip: q.length < 2 || value !== null },
  );

  if (value) {
    return (
      <fieldset className="fieldset">
        <span className="fieldset-legend">{label}</span>
        <div className="flex items-center gap-2">
          <span className="input w-full truncate" data-testid="picked-product">
            <span className="font-mono text-sm">{value.sku}</span> {value.name}
          </span>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => onChange(null)}>
            Trocar
          </button>
        </div>
      </fieldset>
    );
  }
  return (
    <fieldset className="fieldset relative">
      <label className="fieldset-legend" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={`input w-full ${error ? 'input-error' : ''}`}
        value={text}
        placeholder="Digite o código ou o nome"
        autoComplete="off"
        role="combobox"
        aria-expanded={open && options.length > 0}
        aria-controls={`${id}-list`}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
      />
      {open && q.length >= 2 ? (
        <ul
          id={`${id}-list`}
          role="listbox"
          className="menu bg-base-100 rounded-box absolute top-full z-30 mt-1 max-h-64 w-full flex-nowrap overflow-y-auto shadow"
        >
          {options.length === 0 && !isFetching ? (
            <li className="p-2 text-sm">Nenhum produto ativo encontrado.</li>
          ) : null}
          {options.map((product) => (
            <li key={product.id} role="option" aria-selected="false">
              <button
                type="button"
                onClick={() => {
                  onChange(product);
                  setOpen(false);
                  setText('');
                }}
              >
                <span className="font-mono text-sm">{product.sku}</span> {product.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="label text-error whitespace-normal" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
