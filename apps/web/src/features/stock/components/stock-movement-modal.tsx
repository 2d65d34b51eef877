import { useRef, useState } from 'react';
import type { TProductSelectItem, TProductUnitySelectItem } from '@armazem/contracts/catalog';
import { formatDocument } from '@armazem/contracts/documents';
import {
  STOCK_REASON_LABELS,
  STOCK_REASONS,
  ZNewStockIn,
  ZNewStockOut,
  type TStockRow,
} from '@armazem/contracts/stock';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ModalForm } from '../../../components/ui/modal-form.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { ProductPicker } from '../../../components/ui/product-picker.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { decimalInput, formatDate, formatUnitMoney, formatQuantity } from '../../../lib/format.ts';
import {
  useProductBalanceQuery,
  useProductsUnitySelectQuery,
  useSuppliersSelectQuery,
} from '../../../lib/lookups-api.ts';
import { useBusinessToday } from '../../../lib/business-today.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useZodForm, type FieldProps, type FormValues } from '../../../lib/use-zod-form.ts';
import { readQuantity } from '../quantity-reading.ts';
import { useAddStockInMutation, useAddStockOutMutation } from '../stock-api.ts';

type MovementField = 'productUnityId' | 'quantity' | 'occurredOn' | 'document' | 'notes';

/** One form for both directions: an entry adds its unit cost and supplier, an exit its reason. */
function useMovementForm(
  isEntry: boolean,
  product: TProductSelectItem | null,
  unities: TProductUnitySelectItem[],
  today: string,
) {
  const toInput = (v: FormValues<MovementField>) => ({
    productId: product?.id,
    productUnityId: v.productUnityId || (unities.find((u) => u.isDefault)?.id ?? undefined),
    quantity: decimalInput(v.quantity),
    occurredOn: v.occurredOn || undefined,
    document: v.document,
    notes: v.notes,
  });
  return useZodForm(
    isEntry ? ZNewStockIn : ZNewStockOut,
    {
      productUnityId: '',
      quantity: '',
      unitCost: '',
      supplierId: '',
      reason: '',
      occurredOn: today,
      document: '',
      notes: '',
    },
    (values) =>
      isEntry
        ? {
            ...toInput(values),
            unitCost: decimalInput(values.unitCost),
            supplierId: values.supplierId ? Number(values.supplierId) : null,
          }
        : { ...toInput(values), reason: STOCK_REASONS.find((reason) => reason === values.reason) },
  );
}

/** The balance the movement draws on: today's, or at the end of the past date chosen. */
function AvailableBalance({ balance, date }: { balance: TStockRow; date: string | undefined }) {
  return (
    <p className="text-sm md:col-span-2" data-testid="available-balance">
      {date ? `Disponível em ${formatDate(date)}:` : 'Disponível:'}{' '}
      <strong>
        {formatQuantity(balance.quantity)} {balance.unity.code}
      </strong>{' '}
      · custo médio {formatUnitMoney(balance.averageCost)}
    </p>
  );
}

/** The quantity, with the warning that it passes the balance under it, in the same column. */
function QuantityField({
  field,
  describe,
  over,
}: {
  field: FieldProps;
  describe: (plain: string) => string;
  over: TStockRow | null | undefined;
}) {
  return (
    <div>
      <NumberField label="Quantidade" kind="quantity" describe={describe} {...field} />
      {over ? (
        <p className="text-warning text-sm" role="alert">
          A quantidade passa do saldo disponível ({formatQuantity(over.quantity)} {over.unity.code}).
        </p>
      ) : null}
    </div>
  );
}

/** What only an entry asks: the unit cost and, optionally, the supplier. */
function EntryFields({ unitCost, supplierId }: { unitCost: FieldProps; supplierId: FieldProps }) {
  const { data: suppliers = [] } = useSuppliersSelectQuery();
  return (
    <>
      <NumberField
        label="Custo unitário (R$)"
        kind="money"
        hint="Preço de uma unidade da embalagem escolhida."
        {...unitCost}
      />
      <SelectField
        label="Fornecedor (opcional)"
        placeholder="Sem fornecedor"
        options={suppliers.map((s) => ({ value: s.id, label: `${s.name} (${formatDocument(s.document)})` }))}
        {...supplierId}
      />
    </>
  );
}

/**
 * The balance a movement draws on: a back-dated one, that date's (the server checks the later dates when it is
 * saved); otherwise today's.
 */
function useBalanceOn(product: TProductSelectItem | null, chosen: string | undefined, today: string) {
  const pastDate = chosen && /^\d{4}-\d{2}-\d{2}$/.test(chosen) && chosen < today ? chosen : undefined;
  const { data: balance } = useProductBalanceQuery(
    { sku: product?.sku ?? '', date: pastDate },
    { skip: !product },
  );
  return { balance, pastDate };
}

const REASON_OPTIONS = STOCK_REASONS.map((reason) => ({ value: reason, label: STOCK_REASON_LABELS[reason] }));

export default function StockMovementModal({ extra, closeModal }: ModalBodyProps<'STOCK_MOVEMENT'>) {
  const isEntry = extra.direction === 'in';
  const notify = useNotifySuccess();
  // the business's date, as the server sees it: the browser's own date can be a day off near midnight
  const today = useBusinessToday();
  const [product, setProduct] = useState<TProductSelectItem | null>(null);
  const { data: unities = [] } = useProductsUnitySelectQuery(product?.id ?? 0, { skip: !product });
  const [addIn, adding] = useAddStockInMutation();
  const [addOut, removing] = useAddStockOutMutation();
  const form = useMovementForm(isEntry, product, unities, today);
  const { balance, pastDate } = useBalanceOn(product, form.values.occurredOn, today);

  // A pick (a scanned barcode above all) names the package too, and the next thing to type is the quantity.
  const formElement = useRef<HTMLFormElement>(null);
  const onPick = (picked: TProductSelectItem | null, productUnityId?: number | null) => {
    setProduct(picked);
    form.setValue('productUnityId', productUnityId ? String(productUnityId) : '');
    if (picked) (formElement.current?.elements.namedItem('quantity') as HTMLInputElement | null)?.focus();
  };
  const { values } = form;
  const reading = readQuantity({
    unities,
    productUnityId: values.productUnityId,
    typed: values.quantity ?? '',
    balance,
    isExit: !isEntry,
  });

  const onSubmit = form.handleSubmit(async (body) => {
    // the body says which form this is: an entry carries its unit cost, an exit its reason
    const result = 'unitCost' in body ? await addIn(body) : await addOut(body);
    if (!form.saved(result)) return;
    notify(isEntry ? featureMessages.success.stockInAdded : featureMessages.success.stockOutAdded);
    closeModal();
  });

  return (
    <ModalForm
      formRef={formElement}
      onSubmit={onSubmit}
      onCancel={closeModal}
      busy={adding.isLoading || removing.isLoading}
      submitLabel={isEntry ? 'Registrar entrada' : 'Registrar saída'}
    >
      <div className="md:col-span-2">
        <ProductPicker label="Produto" value={product} error={form.errors.productId} onChange={onPick} />
      </div>
      {product && balance ? <AvailableBalance balance={balance} date={pastDate} /> : null}
      <SelectField
        label="Unidade"
        disabled={!product}
        options={unities.map((u) => ({ value: u.id, label: u.label }))}
        {...form.field('productUnityId')}
        value={values.productUnityId || String(reading.unity?.id ?? '')}
      />
      <QuantityField
        field={form.field('quantity')}
        describe={reading.describe}
        over={reading.exceeds ? balance : undefined}
      />
      {isEntry ? (
        <EntryFields unitCost={form.field('unitCost')} supplierId={form.field('supplierId')} />
      ) : (
        <SelectField
          label="Motivo"
          placeholder="Selecione"
          options={REASON_OPTIONS}
          {...form.field('reason')}
        />
      )}
      <TextField label="Data" type="date" max={today} {...form.field('occurredOn')} />
      <TextField
        label="Documento (opcional)"
        placeholder={isEntry ? 'Nota fiscal' : 'Cupom, pedido…'}
        {...form.field('document')}
      />
      <TextField label="Observação (opcional)" className="md:col-span-2" {...form.field('notes')} />
    </ModalForm>
  );
}
