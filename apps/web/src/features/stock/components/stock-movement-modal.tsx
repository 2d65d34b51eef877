import { useRef, useState } from 'react';
import type { TProductSelectItem } from '@armazem/contracts/catalog';
import { parseScaled } from '@armazem/contracts/decimal';
import { formatDocument } from '@armazem/contracts/documents';
import { STOCK_REASON_LABELS, STOCK_REASONS, ZNewStockIn, ZNewStockOut } from '@armazem/contracts/stock';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ModalForm } from '../../../components/ui/modal-form.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { ProductPicker } from '../../../components/ui/product-picker.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { messages } from '../../../config/messages.ts';
import { brazilianDecimal, decimalInput, formatMoney, formatQuantity } from '../../../lib/format.ts';
import {
  useProductBalanceQuery,
  useProductsUnitySelectQuery,
  useSuppliersSelectQuery,
} from '../../../lib/lookups-api.ts';
import { useBusinessToday } from '../../../lib/business-today.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useZodForm, type FormValues } from '../../../lib/use-zod-form.ts';
import { useAddStockInMutation, useAddStockOutMutation } from '../stock-api.ts';

/** Multiplies two plain decimal strings for display only (never stored): "2.5" × "12.000" → "30.0000". */
function timesForDisplay(quantity: string, perPackage: string): string {
  const [qw = '0', qf = ''] = quantity.split('.');
  const [pw = '0', pf = ''] = perPackage.split('.');
  const product = BigInt(qw + qf) * BigInt(pw + pf);
  const scale = qf.length + pf.length;
  const negative = product < 0n;
  const digits = (negative ? -product : product).toString().padStart(scale + 1, '0');
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${digits.slice(0, digits.length - scale)}${fraction ? `.${fraction}` : ''}`;
}

/** a > b for two plain decimals; false when either has more decimals than a quantity can hold */
function exceedsBalance(quantity: string, available: string): boolean {
  const a = parseScaled(quantity, 9);
  const b = parseScaled(available, 9);
  return a.ok && b.ok && a.value > b.value;
}

type MovementField = 'productUnityId' | 'quantity' | 'occurredOn' | 'document' | 'notes';

export default function StockMovementModal({ extra, closeModal }: ModalBodyProps<'STOCK_MOVEMENT'>) {
  const { direction } = extra;
  const isEntry = direction === 'in';
  const notify = useNotifySuccess();
  // the business's date, as the server sees it: the browser's own date can be a day off near midnight
  const today = useBusinessToday();
  const [product, setProduct] = useState<TProductSelectItem | null>(null);
  const { data: unities = [] } = useProductsUnitySelectQuery(product?.id ?? 0, { skip: !product });
  const { data: suppliers = [] } = useSuppliersSelectQuery(undefined, { skip: !isEntry });
  const { data: balance } = useProductBalanceQuery(product?.sku ?? '', { skip: !product });
  const [addIn, adding] = useAddStockInMutation();
  const [addOut, removing] = useAddStockOutMutation();

  const toInput = (v: FormValues<MovementField>) => ({
    productId: product?.id,
    productUnityId: v.productUnityId || (unities.find((u) => u.isDefault)?.id ?? undefined),
    quantity: decimalInput(v.quantity),
    occurredOn: v.occurredOn || undefined,
    document: v.document,
    notes: v.notes,
  });
  const form = useZodForm(
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

  // A pick (a scanned barcode above all) names the package too, and the next thing to type is the quantity.
  const formElement = useRef<HTMLFormElement>(null);
  const onPick = (picked: TProductSelectItem | null, productUnityId?: number | null) => {
    setProduct(picked);
    form.setValue('productUnityId', productUnityId ? String(productUnityId) : '');
    if (picked) (formElement.current?.elements.namedItem('quantity') as HTMLInputElement | null)?.focus();
  };

  const unity =
    unities.find((u) => String(u.id) === form.values.productUnityId) ?? unities.find((u) => u.isDefault);
  const baseCode = balance?.unity.code ?? unities.find((u) => u.isDefault)?.unity.code ?? '';
  const typed = decimalInput(form.values.quantity ?? '');
  const baseQuantity =
    unity && typed && /^-?\d+(\.\d+)?$/.test(typed) ? timesForDisplay(typed, unity.quantity) : null;
  const exceeds =
    !isEntry && balance && baseQuantity !== null && exceedsBalance(baseQuantity, balance.quantity);
  /** "= 1.500 UN", or for a package "= 1.500 × Caixa c/ 12 UN = 18.000 UN" */
  const quantityReading = (plain: string) =>
    unity && !unity.isDefault && baseQuantity !== null
      ? `${brazilianDecimal(plain)} × ${unity.label} = ${brazilianDecimal(baseQuantity)} ${baseCode}`
      : `${brazilianDecimal(plain)} ${baseCode}`.trim();

  const onSubmit = form.handleSubmit(async (body) => {
    // the body says which form this is: an entry carries its unit cost, an exit its reason
    const result = 'unitCost' in body ? await addIn(body) : await addOut(body);
    if (!form.saved(result)) return;
    notify(isEntry ? messages.success.stockInAdded : messages.success.stockOutAdded);
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
      {product && balance ? (
        <p className="text-sm md:col-span-2" data-testid="available-balance">
          Disponível:{' '}
          <strong>
            {formatQuantity(balance.quantity)} {balance.unity.code}
          </strong>{' '}
          · custo médio {formatMoney(balance.averageCost)}
        </p>
      ) : null}
      <SelectField
        label="Unidade"
        disabled={!product}
        options={unities.map((u) => ({ value: u.id, label: u.label }))}
        {...form.field('productUnityId')}
        value={form.values.productUnityId || String(unity?.id ?? '')}
      />
      <NumberField
        label="Quantidade"
        kind="quantity"
        describe={quantityReading}
        {...form.field('quantity')}
      />
      {exceeds ? (
        <p className="text-warning text-sm md:col-span-2" role="alert">
          A quantidade passa do saldo disponível ({formatQuantity(balance.quantity)} {balance.unity.code}).
        </p>
      ) : null}
      {isEntry ? (
        <>
          <NumberField
            label="Custo unitário (R$)"
            kind="money"
            hint="Preço de uma unidade da embalagem escolhida."
            {...form.field('unitCost')}
          />
          <SelectField
            label="Fornecedor (opcional)"
            placeholder="Sem fornecedor"
            options={suppliers.map((s) => ({
              value: s.id,
              label: `${s.name} (${formatDocument(s.document)})`,
            }))}
            {...form.field('supplierId')}
          />
        </>
      ) : (
        <SelectField
          label="Motivo"
          placeholder="Selecione"
          options={STOCK_REASONS.map((reason) => ({ value: reason, label: STOCK_REASON_LABELS[reason] }))}
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
