import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { TProductSelectItem } from '@armazem/contracts/catalog';
import { useProductsSelectQuery } from '../../lib/lookups-api.ts';
import { useLazyProductLookupQuery } from '../../lib/product-lookup-api.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';
import { FieldShell } from './field-shell.tsx';

const TEXT = {
  placeholder: 'Leia ou digite o código, ou o nome',
  none: 'Nenhum produto ativo encontrado.',
  notFound: (code: string) => `Nenhum produto ativo com o código “${code}”.`,
  change: 'Trocar',
  listName: 'Resultados da busca',
};

type OnChange = (product: TProductSelectItem | null, productUnityId?: number | null) => void;

/**
 * Searchable product field following the ARIA combobox pattern: typing filters the active products, the arrow keys
 * move through them and Enter picks the highlighted one. With nothing highlighted, Enter looks the text up as an
 * exact SKU or barcode (what a scanner sends) and picks that product and package. Enter never submits the form.
 */
export function ProductPicker({
  label,
  value,
  error,
  onChange,
  small = false,
}: {
  label: string;
  value: TProductSelectItem | null;
  error?: string | undefined;
  /** productUnityId: the package an exact barcode named, or the default one for a SKU; null when picked from the list. */
  onChange: OnChange;
  /** the small control of a filter bar, as tall as the dates and selects beside it */
  small?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const search = useProductSearch(value, onChange, input);

  if (value) return <PickedProduct label={label} value={value} onChange={search.change} small={small} />;

  const { options, active, listed } = search;
  const message = error ?? search.notFound;
  return (
    <FieldShell label={label} error={message} className="relative">
      {(control) => (
        <>
          <input
            {...control}
            ref={input}
            className={`input w-full ${small ? 'input-sm' : ''} ${message ? 'input-error' : ''}`}
            value={search.text}
            placeholder={TEXT.placeholder}
            autoComplete="off"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={search.expanded}
            aria-controls={`${control.id}-list`}
            aria-activedescendant={listed && options[active] ? `${control.id}-option-${active}` : undefined}
            onChange={(event) => search.type(event.target.value)}
            onKeyDown={search.onKeyDown}
            onBlur={search.close}
          />
          <OptionList
            id={`${control.id}-list`}
            options={options}
            active={active}
            hidden={!search.expanded}
            optionId={(index) => `${control.id}-option-${index}`}
            onPick={(product) => search.pick(product, null)}
          />
          {search.empty ? (
            <p
              className="bg-base-100 rounded-box absolute top-full z-30 mt-1 w-full p-3 text-sm shadow"
              role="status"
            >
              {TEXT.none}
            </p>
          ) : null}
        </>
      )}
    </FieldShell>
  );
}

/** The combobox's state: the typed text, the open list and its highlighted option, and the exact-code lookup. */
function useProductSearch(
  value: TProductSelectItem | null,
  onChange: OnChange,
  input: RefObject<HTMLInputElement | null>,
) {
  const refocus = useRef(false);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [notFound, setNotFound] = useState<string | null>(null);
  const [lookup, lookupState] = useLazyProductLookupQuery();
  const q = useDebouncedValue(text.trim(), 200);
  const { data: options = [], isFetching } = useProductsSelectQuery(
    { q, limit: 20 },
    { skip: q.length < 2 || value !== null },
  );
  const listed = open && q.length >= 2;

  useEffect(() => {
    if (!value && refocus.current) {
      refocus.current = false;
      input.current?.focus();
    }
  }, [value, input]);

  const pick = (product: TProductSelectItem, productUnityId: number | null) => {
    setOpen(false);
    setActive(-1);
    setText('');
    setNotFound(null);
    onChange(product, productUnityId);
  };

  const lookUpExactCode = async (code: string) => {
    const result = await lookup(code);
    // A failed call is already shown by the API client's notification.
    if (!result.data) return;
    if (result.data.match) pick(result.data.match.product, result.data.match.productUnityId);
    else setNotFound(TEXT.notFound(code));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) =>
        current < 0 && step < 0 ? options.length - 1 : (current + step + options.length) % options.length,
      );
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const option = listed ? options[active] : undefined;
      if (option) pick(option, null);
      else if (text.trim() && !lookupState.isFetching) void lookUpExactCode(text.trim());
    } else if (event.key === 'Escape' && listed) {
      // Closes the list only; a second Escape reaches the dialog around the field.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return {
    text,
    options,
    active,
    listed,
    notFound,
    expanded: listed && options.length > 0,
    empty: listed && q === text.trim() && options.length === 0 && !isFetching,
    pick,
    onKeyDown,
    type: (next: string) => {
      setText(next);
      setOpen(true);
      setActive(-1);
      setNotFound(null);
    },
    close: () => setOpen(false),
    /** "Trocar": clear the choice and put the focus back in the search field. */
    change: () => {
      refocus.current = true;
      onChange(null);
    },
  };
}

function PickedProduct({
  label,
  value,
  onChange,
  small,
}: {
  label: string;
  value: TProductSelectItem;
  onChange: () => void;
  small: boolean;
}) {
  return (
    // min-w-0: a long name is cut with "…" instead of widening the dialog past a phone's screen
    <fieldset className="fieldset min-w-0">
      <span className="fieldset-legend">{label}</span>
      <div className="flex min-w-0 items-center gap-2">
        <span
          className={`input w-full min-w-0 truncate ${small ? 'input-sm' : ''}`}
          title={`${value.sku} ${value.name}`}
          data-testid="picked-product"
        >
          <span className={`font-mono ${small ? '' : 'text-sm'}`}>{value.sku}</span> {value.name}
        </span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onChange}>
          {TEXT.change}
        </button>
      </div>
    </fieldset>
  );
}

function OptionList({
  id,
  options,
  active,
  hidden,
  optionId,
  onPick,
}: {
  id: string;
  options: TProductSelectItem[];
  active: number;
  hidden: boolean;
  optionId: (index: number) => string;
  onPick: (product: TProductSelectItem) => void;
}) {
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={TEXT.listName}
      hidden={hidden}
      className="bg-base-100 rounded-box absolute top-full z-30 mt-1 max-h-64 w-full overflow-y-auto p-1 shadow"
    >
      {options.map((product, index) => (
        <li
          key={product.id}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          className={`cursor-pointer rounded px-3 py-2 text-sm ${index === active ? 'bg-primary text-primary-content' : 'hover:bg-base-200'}`}
          // Keep the focus in the field so the list is still open when the click lands.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(product)}
        >
          <span className="font-mono">{product.sku}</span> {product.name}
        </li>
      ))}
    </ul>
  );
}
