import { EFFECT_DIRECTION } from '@armazem/contracts/fiscal-effects';
import { useProposedBase } from '../use-proposed-base.ts';
import type { TNfePreviewItem } from '@armazem/contracts/nfe';
import type { Column } from '../../../components/ui/data-table.tsx';
import { IdSelect } from './id-select.tsx';
import { ProductPackageChoice } from './product-package-choice.tsx';
import { decimalInput, formatMoney, formatQuantity, formatUnitMoney } from '../../../lib/format.ts';
import { readableUnitCost, unitCostOf } from '@armazem/contracts/unit-cost';
import { useCategoriesQuery, useUnitiesQuery } from '../../../lib/lookups-api.ts';
import {
  baseQuantityText,
  conversionText,
  itemState,
  unitsPerPackageProblem,
  type ItemChoice,
} from '../nfe-choices.ts';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { NfeItemDescription } from './nfe-item-description.tsx';
import { NfePackageCheck } from './nfe-package-check.tsx';

const BADGE: Record<ReturnType<typeof itemState>, string> = {
  encontrado: 'badge-success',
  'escolher produto': 'badge-warning',
  'criar produto': 'badge-info',
};

interface RowProps {
  item: TNfePreviewItem;
  choice: ItemChoice | null;
  onChange: (choice: ItemChoice | null) => void;
}

/** A product of the catalog: the picker (scanner-friendly) and the package the note's unit is counted in. */
function ExistingProduct({
  item,
  choice,
  onChange,
}: RowProps & { choice: Extract<ItemChoice, { kind: 'product' }> | null }) {
  return (
    <ProductPackageChoice unit={item.unit} name={`item ${item.item}`} choice={choice} onChange={onChange}>
      {(unities) => {
        const chosen = unities.find((u) => u.id === choice?.productUnityId);
        const base = unities.find((u) => u.isDefault);
        return (
          <>
            {choice ? <NfePackageCheck item={item} choice={choice} onChange={onChange} /> : null}
            {chosen && base ? (
              <p className="text-sm" data-testid={`nfe-conversion-${item.item}`}>
                {conversionText(item.unit, chosen.label, chosen.quantity, base.unity.code)} ·{' '}
                {EFFECT_DIRECTION[item.effect] === 'out' ? 'saída de' : 'entrada de'}{' '}
                {formatQuantity(baseQuantityText(item.quantity, chosen.quantity))} {base.unity.code}
              </p>
            ) : null}
          </>
        );
      }}
    </ProductPackageChoice>
  );
}

function TextInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <label className="fieldset">
      <span className="fieldset-legend">{label}</span>
      <input className="input input-sm" value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

/** A new product from the item: SKU and name proposed from the note, category, base unit, units per package. */
function NewProduct({
  item,
  choice,
  onChange,
}: RowProps & { choice: Extract<ItemChoice, { kind: 'create' }> }) {
  // a new product gets active reference data only (the API refuses a deactivated one)
  const { data: categories = [] } = useCategoriesQuery({ status: 'active' });
  const { data: unities = [] } = useUnitiesQuery({ status: 'active' });
  const base = unities.find((u) => u.id === choice.baseUnityId);
  const perPackage = decimalInput(choice.unitsPerPackage) ?? '1';
  useProposedBase(choice, unities, onChange);
  const n = item.item;
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <TextInput
        label={`Código (SKU) do item ${n}`}
        value={choice.sku}
        onChange={(sku) => onChange({ ...choice, sku })}
      />
      <TextInput
        label={`Nome do item ${n}`}
        value={choice.name}
        onChange={(name) => onChange({ ...choice, name })}
      />
      <IdSelect
        label={`Categoria do item ${n}`}
        value={choice.categoryId}
        options={categories.map((c) => ({ id: c.id, text: c.name }))}
        onChange={(categoryId) => onChange({ ...choice, categoryId })}
      />
      <IdSelect
        label={`Unidade base do item ${n}`}
        value={choice.baseUnityId}
        options={unities.map((u) => ({ id: u.id, text: `${u.code} — ${u.name}` }))}
        onChange={(baseUnityId) => onChange({ ...choice, baseUnityId })}
      />
      <NumberField
        className="fieldset"
        label={`Unidades por ${item.unit} do item ${n}`}
        kind="quantity"
        unit={base?.code}
        value={choice.unitsPerPackage}
        error={unitsPerPackageProblem(choice.unitsPerPackage, base?.fractional ?? false) ?? undefined}
        onChange={(unitsPerPackage) => onChange({ ...choice, unitsPerPackage })}
      />
      {base && /^\d+(\.\d{1,3})?$/.test(perPackage) ? (
        <p className="self-end text-sm" data-testid={`nfe-conversion-${n}`}>
          {perPackage === '1'
            ? `1 ${item.unit} do fornecedor = 1 ${base.code}`
            : conversionText(
                item.unit,
                `${item.newPackageKind} c/ ${formatQuantity(perPackage)} ${base.code}`,
                perPackage,
                base.code,
              )}
        </p>
      ) : null}
    </div>
  );
}

interface ChoiceProps extends RowProps {
  defaults: ItemDefaults;
}

/** The choice that resolves an item: a product of the catalog or a new one, and the button that swaps them. */
function ItemChoiceCell({ item, choice, onChange, defaults }: ChoiceProps) {
  const startCreate = () =>
    onChange({
      kind: 'create',
      sku: item.suggestedSku,
      name: item.description,
      categoryId: null,
      baseUnityId: defaults.baseUnityId,
      unitsPerPackage: item.suggestedUnitsPerPackage ? formatQuantity(item.suggestedUnitsPerPackage) : '1',
    });
  return (
    <>
      {choice?.kind === 'create' ? (
        <NewProduct item={item} choice={choice} onChange={onChange} />
      ) : (
        <ExistingProduct item={item} choice={choice} onChange={onChange} />
      )}
      {defaults.importable ? (
        <button
          type="button"
          className="btn btn-ghost btn-xs mt-1"
          onClick={() => (choice?.kind === 'create' ? onChange(null) : startCreate())}
        >
          {choice?.kind === 'create' ? 'Escolher produto existente' : 'Criar produto'}
        </button>
      ) : null}
    </>
  );
}

export interface ItemDefaults {
  baseUnityId: number | null;
  /** false for a note that cannot be imported (already imported, another recipient…): nothing to create a product for */
  importable: boolean;
}

/** The columns of the note's items: what each is, its state and the choice that resolves it. */
export function nfeItemColumns(
  choices: ReadonlyMap<number, ItemChoice | null>,
  setChoice: (item: number, choice: ItemChoice | null) => void,
  defaults: ItemDefaults,
): Array<Column<TNfePreviewItem>> {
  const choiceOf = (item: TNfePreviewItem) => choices.get(item.item) ?? null;
  const top = 'align-top whitespace-nowrap';
  return [
    { key: 'item', header: '#', className: 'align-top', cell: (item) => item.item },
    {
      key: 'description',
      header: 'Item da nota',
      className: 'min-w-48 align-top',
      cell: (item) => <NfeItemDescription item={item} />,
    },
    {
      key: 'quantity',
      header: 'Quantidade',
      align: 'right',
      className: top,
      cell: (item) => `${formatQuantity(item.quantity)} ${item.unit}`,
    },
    {
      key: 'unitCost',
      header: 'Custo unitário',
      align: 'right',
      className: top,
      cell: (item) => {
        const unit = unitCostOf(item.totalCost, item.quantity);
        return unit ? formatUnitMoney(readableUnitCost(unit)) : '—';
      },
    },
    {
      key: 'cost',
      header: 'Custo total',
      align: 'right',
      className: top,
      cell: (item) => formatMoney(item.totalCost),
    },
    {
      key: 'state',
      header: 'Situação',
      className: 'align-top',
      cell: (item) => {
        const state = itemState(choiceOf(item));
        return (
          <span
            className={`badge ${BADGE[state]} whitespace-nowrap`}
            data-testid={`nfe-item-state-${item.item}`}
          >
            {state}
          </span>
        );
      },
    },
    {
      key: 'choice',
      header: 'Produto no Armazém',
      className: 'min-w-72 align-top',
      cell: (item) => (
        <ItemChoiceCell
          item={item}
          choice={choiceOf(item)}
          onChange={(choice) => setChoice(item.item, choice)}
          defaults={defaults}
        />
      ),
    },
  ];
}
