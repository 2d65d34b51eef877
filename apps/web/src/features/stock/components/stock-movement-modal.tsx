import { useRef, useState } from 'react';
import type { TProductSelectItem, TProductUnitySelectItem } from '@armazem/contracts/catalog';
import { formatDocument } from '@armazem/contracts/documents';
import { STOCK_REASON_LABELS, STOCK_REASONS, ZNewStockIn, ZNewStockOut } from '@armazem/contracts/stock';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ModalForm } from '../../../components/ui/modal-form.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { ProductPicker } from '../../../components/ui/product-picker.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { decimalInput } from '../../../lib/format.ts';
import { useProductsUnitySelectQuery, useSuppliersSelectQuery } from '../../../lib/lookups-api.ts';
import { useBusinessToday } from '../../../lib/business-today.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useZodForm, type FieldProps, type FormValues } from '../../../lib/use-zod-form.ts';
import { readQuantity } from '../quantity-reading.ts';
import { useAddStockInMutation, useAddStockOutMutation } from '../stock-api.ts';
import { AvailableBalance, MovementLocationField, QuantityField, useBalanceAt } from './movement-fields.tsx';
import TransferForm from './transfer-form.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';

type MovementField = 'productUnityId' | 'quantity' | 'occurredOn' | 'document' | 'notes' | 'locationId';

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
    // empty: the user's default location, else the first establishment's (the API decides)
    locationId: v.locationId || null,
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
      locationId: '',
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

const REASON_OPTIONS = STOCK_REASONS.map((reason) => ({ value: reason, label: STOCK_REASON_LABELS[reason] }));

/** An entry or an exit; a transfer has its own form in the same dialog body. */
export default function StockMovementModal({ extra, closeModal }: ModalBodyProps<'STOCK_MOVEMENT'>) {
  if (extra.direction === 'transfer') return <TransferForm closeModal={closeModal} />;
  return <MovementForm isEntry={extra.direction === 'in'} closeModal={closeModal} />;
}

function MovementForm({ isEntry, closeModal }: { isEntry: boolean; closeModal: () => void }) {
  const notify = useNotifySuccess();
  // the business's date, as the server sees it: the browser's own date can be a day off near midnight
  const today = useBusinessToday();
  const [product, setProduct] = useState<TProductSelectItem | null>(null);
  const { data: unities = [] } = useProductsUnitySelectQuery(product?.id ?? 0, { skip: !product });
  const [addIn, adding] = useAddStockInMutation();
  const [addOut, removing] = useAddStockOutMutation();
  const form = useMovementForm(isEntry, product, unities, today);
  const { balance, pastDate, where } = useBalanceAt(product, form.values, today);

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
      {product && balance ? <AvailableBalance balance={balance} date={pastDate} where={where} /> : null}
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
      <MovementLocationField field={form.field('locationId')} />
      <DateField label="Data" max={today} {...form.field('occurredOn')} />
      <TextField
        label="Documento (opcional)"
        placeholder={isEntry ? 'Nota fiscal' : 'Cupom, pedido…'}
        {...form.field('document')}
      />
      <TextField label="Observação (opcional)" className="md:col-span-2" {...form.field('notes')} />
    </ModalForm>
  );
}
