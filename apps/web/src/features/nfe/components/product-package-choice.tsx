import { useEffect, type ReactNode } from 'react';
import type { TProductUnitySelectItem } from '@armazem/contracts/catalog';
import { ProductPicker } from '../../../components/ui/product-picker.tsx';
import { useProductsUnitySelectQuery, useUnitiesQuery } from '../../../lib/lookups-api.ts';
import { proposedPackage } from '../nfe-choices.ts';

/** A product of the catalog chosen for a note's item (or a batch's code), and the package its unit is counted in. */
export interface ProductPackage {
  kind: 'product';
  productId: number;
  productName: string;
  productUnityId: number | null;
  /** just picked: the package is proposed once the product's packages are known (`proposedPackage`) */
  picked?: { productUnityId: number | null };
}

/**
 * The picker (scanner-friendly) and the package select, shared by the single note's items and the batch's unmatched
 * codes: a product just picked gets the package the note's `unit` names proposed, once its packages are known.
 */
export function ProductPackageChoice<C extends ProductPackage>({
  unit,
  name,
  choice,
  onChange,
  small = false,
  children,
}: {
  /** the note's unit (uCom) */
  unit: string;
  /** what the fields are of, for assistive technology: "item 3", "código X de Fornecedor" */
  name: string;
  choice: C | null;
  onChange: (choice: C | ProductPackage | null) => void;
  small?: boolean;
  /** more below the select, with the product's packages */
  children?: (packages: TProductUnitySelectItem[]) => ReactNode;
}) {
  const { currentData: packages = [] } = useProductsUnitySelectQuery(choice?.productId ?? 0, {
    skip: !choice,
  });
  const { data: units = [] } = useUnitiesQuery();
  useEffect(() => {
    if (!choice?.picked || packages.length === 0) return;
    const unitName = units.find((u) => u.code === unit)?.name ?? null;
    const { picked, ...rest } = choice;
    onChange({ ...rest, productUnityId: proposedPackage(unit, unitName, packages, picked.productUnityId) });
  }, [choice, packages, units, unit, onChange]);
  return (
    <div className="flex flex-col gap-1">
      <ProductPicker
        small={small}
        label={`Produto do ${name}`}
        value={choice ? { id: choice.productId, sku: '', name: choice.productName } : null}
        onChange={(product, productUnityId) =>
          onChange(
            product
              ? {
                  kind: 'product',
                  productId: product.id,
                  productName: product.name,
                  productUnityId: null,
                  picked: { productUnityId: productUnityId ?? null },
                }
              : null,
          )
        }
      />
      {choice ? (
        <label className="fieldset">
          <span className="fieldset-legend">Embalagem do {name}</span>
          <select
            className="select select-sm"
            value={choice.productUnityId ?? ''}
            onChange={(e) => onChange({ ...choice, productUnityId: Number(e.target.value) || null })}
          >
            <option value="">Escolha a embalagem</option>
            {packages.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {choice && children ? children(packages) : null}
    </div>
  );
}
