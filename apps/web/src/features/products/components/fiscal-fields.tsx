import { ITEM_TYPE_LABELS, ITEM_TYPES } from '@armazem/contracts/catalog';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { formatNcm } from '../../../lib/format.ts';

interface FieldProps {
  value: string;
  error?: string;
  onChange: (value: string) => void;
}

export const NCM_MISSING =
  'Sem NCM: o produto fica em "Sem NCM" no inventário e nos arquivos fiscais. Informe os 8 dígitos assim que puder.';

export const itemTypeOptions = ITEM_TYPES.map((code) => ({
  value: code,
  label: `${code} — ${ITEM_TYPE_LABELS[code]}`,
}));

/** NCM, CEST and EFD item type of a product form; a missing NCM warns but does not block saving. */
export function FiscalFields({
  ncm,
  cest,
  itemType,
}: {
  ncm: FieldProps;
  cest: FieldProps;
  itemType: FieldProps;
}) {
  return (
    <>
      <TextField label="NCM" inputMode="numeric" placeholder="0000.00.00" maxLength={12} {...ncm} />
      <TextField label="CEST (opcional)" inputMode="numeric" maxLength={10} {...cest} />
      <SelectField
        label="Tipo do item (SPED)"
        options={itemTypeOptions}
        className="md:col-span-2"
        {...itemType}
      />
      {!ncm.value.trim() && !ncm.error ? (
        <div role="status" className="alert alert-warning alert-soft md:col-span-2 mt-2 py-2 text-sm">
          <Icon name="alert" className="h-4 w-4" />
          {NCM_MISSING}
        </div>
      ) : null}
    </>
  );
}

/** NCM, CEST and item type on the product screen, with the missing-NCM warning. */
export function FiscalSummary({
  product,
}: {
  product: { ncm: string | null; cest: string | null; itemType: keyof typeof ITEM_TYPE_LABELS };
}) {
  return (
    <>
      <div>
        <dt className="text-base-content/60">NCM</dt>
        <dd data-testid="product-ncm">
          {product.ncm ? (
            formatNcm(product.ncm)
          ) : (
            <span className="badge badge-warning badge-soft" title={NCM_MISSING}>
              Sem NCM
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt className="text-base-content/60">CEST</dt>
        <dd>{product.cest ?? '—'}</dd>
      </div>
      <div>
        <dt className="text-base-content/60">Tipo do item (SPED)</dt>
        <dd>
          {product.itemType} — {ITEM_TYPE_LABELS[product.itemType]}
        </dd>
      </div>
    </>
  );
}
