import { useRef, useState } from 'react';
import type { TProductSelectItem, TProductUnitySelectItem } from '@armazem/contracts/catalog';
import { ZNewTransfer } from '@armazem/contracts/stock';
import { ModalForm } from '../../../components/ui/modal-form.tsx';
import { LocationField } from '../../../components/ui/place-select.tsx';
import { ProductPicker } from '../../../components/ui/product-picker.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { useBusinessToday } from '../../../lib/business-today.ts';
import { decimalInput } from '../../../lib/format.ts';
import { useProductsUnitySelectQuery } from '../../../lib/lookups-api.ts';
import { usePlaces } from '../../../lib/places-api.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { readQuantity } from '../quantity-reading.ts';
import { useAddTransferMutation } from '../stock-api.ts';
import { AvailableBalance, QuantityField, balanceAt, useBalanceOn } from './movement-fields.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';

/** The transfer's form: the typed strings, then exactly the body POST /stock/transfers/v1 takes. */
function useTransferForm(
  product: TProductSelectItem | null,
  unities: TProductUnitySelectItem[],
  today: string,
) {
  return useZodForm(
    ZNewTransfer,
    {
      productUnityId: '',
      quantity: '',
      fromLocationId: '',
      toLocationId: '',
      occurredOn: today,
      document: '',
      notes: '',
    },
    (v) => ({
      productId: product?.id,
      productUnityId: v.productUnityId || (unities.find((u) => u.isDefault)?.id ?? undefined),
      quantity: decimalInput(v.quantity),
      fromLocationId: v.fromLocationId || undefined,
      toLocationId: v.toLocationId || undefined,
      occurredOn: v.occurredOn || undefined,
      document: v.document,
      notes: v.notes,
    }),
  );
}

/** Transferir: a quantity of one product from one location to another, both sides saved together. */
export default function TransferForm({ closeModal }: { closeModal: () => void }) {
  const notify = useNotifySuccess();
  const today = useBusinessToday();
  const places = usePlaces();
  const [product, setProduct] = useState<TProductSelectItem | null>(null);
  const { data: unities = [] } = useProductsUnitySelectQuery(product?.id ?? 0, { skip: !product });
  const [addTransfer, { isLoading }] = useAddTransferMutation();
  const form = useTransferForm(product, unities, today);
  const { values } = form;
  const { balance: wholeBalance, pastDate } = useBalanceOn(product, values.occurredOn, today);
  // what the origin holds: the warning compares the quantity with it, as the server will
  const balance = values.fromLocationId ? balanceAt(wholeBalance, values.fromLocationId) : null;
  const origin = places.locations.find((l) => String(l.id) === values.fromLocationId);
  const reading = readQuantity({
    unities,
    productUnityId: values.productUnityId,
    typed: values.quantity,
    balance,
    isExit: true,
  });

  const formElement = useRef<HTMLFormElement>(null);
  const onPick = (picked: TProductSelectItem | null, productUnityId?: number | null) => {
    setProduct(picked);
    form.setValue('productUnityId', productUnityId ? String(productUnityId) : '');
    if (picked) (formElement.current?.elements.namedItem('quantity') as HTMLInputElement | null)?.focus();
  };

  const onSubmit = form.handleSubmit(async (body) => {
    if (!form.saved(await addTransfer(body))) return;
    notify(featureMessages.success.transferAdded);
    closeModal();
  });

  return (
    <ModalForm
      formRef={formElement}
      onSubmit={onSubmit}
      onCancel={closeModal}
      busy={isLoading}
      submitLabel="Transferir"
    >
      <div className="md:col-span-2">
        <ProductPicker label="Produto" value={product} error={form.errors.productId} onChange={onPick} />
      </div>
      {product && balance ? (
        <AvailableBalance balance={balance} date={pastDate} where={origin?.name} />
      ) : null}
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
      <LocationField label="Origem" places={places} {...form.field('fromLocationId')} />
      <LocationField label="Destino" places={places} {...form.field('toLocationId')} />
      <DateField label="Data" max={today} {...form.field('occurredOn')} />
      <TextField label="Documento (opcional)" {...form.field('document')} />
      <TextField label="Observações (opcional)" className="md:col-span-2" {...form.field('notes')} />
    </ModalForm>
  );
}
