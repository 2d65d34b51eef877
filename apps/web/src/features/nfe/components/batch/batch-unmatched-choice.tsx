import type { TBatchUnmatched } from '@armazem/contracts/document-batches';
import { ProductPackageChoice } from '../product-package-choice.tsx';
import { useCategoriesQuery, useUnitiesQuery } from '../../../../lib/lookups-api.ts';
import type { UnmatchedChoice } from '../../batch-choices.ts';

interface ChoiceProps {
  group: TBatchUnmatched;
  /** names the fields of this row for assistive technology: "código X de Fornecedor" */
  name: string;
  choice: UnmatchedChoice | null;
  onChange: (choice: UnmatchedChoice | null) => void;
}

type ProductChoice = Extract<UnmatchedChoice, { kind: 'product' }>;

/** A product of the catalog (the scanner-friendly picker) and the package the code's unit is counted in. */
function ExistingProduct({ group, name, choice, onChange }: ChoiceProps & { choice: ProductChoice | null }) {
  return <ProductPackageChoice small unit={group.unit} name={name} choice={choice} onChange={onChange} />;
}

/** A product to create: SKU and name editable; category and base unit as the bulk action chose them. */
function NewProduct({
  name,
  choice,
  onChange,
}: ChoiceProps & { choice: Extract<UnmatchedChoice, { kind: 'create' }> }) {
  const { data: categories = [] } = useCategoriesQuery({ status: 'active' });
  const { data: unities = [] } = useUnitiesQuery({ status: 'active' });
  const category = categories.find((c) => c.id === choice.categoryId)?.name ?? '—';
  const unit = unities.find((u) => u.id === choice.baseUnityId)?.code ?? '—';
  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <label className="fieldset">
        <span className="fieldset-legend">SKU do novo produto do {name}</span>
        <input
          className="input input-sm"
          value={choice.sku}
          onChange={(e) => onChange({ ...choice, sku: e.target.value })}
        />
      </label>
      <label className="fieldset">
        <span className="fieldset-legend">Nome do novo produto do {name}</span>
        <input
          className="input input-sm"
          value={choice.name}
          onChange={(e) => onChange({ ...choice, name: e.target.value })}
        />
      </label>
      <p className="text-sm sm:col-span-2">
        Novo produto em {category}, unidade base {unit}
      </p>
    </div>
  );
}

/** The choice that resolves one unmatched code: a product of the catalog, or the new product the bulk action made. */
export function UnmatchedChoiceCell(props: ChoiceProps) {
  const { choice, onChange } = props;
  return (
    <>
      {choice?.kind === 'create' ? (
        <NewProduct {...props} choice={choice} />
      ) : (
        <ExistingProduct {...props} choice={choice} />
      )}
      {choice?.kind === 'create' ? (
        <button type="button" className="btn btn-ghost btn-xs mt-1" onClick={() => onChange(null)}>
          Escolher produto existente
        </button>
      ) : null}
    </>
  );
}
