import { ZNewProductUnity, ZUpdateProductUnity } from '@armazem/contracts/catalog';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ModalForm } from '../../../components/ui/modal-form.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { decimalInput, decimalText } from '../../../lib/format.ts';
import { useUnitiesQuery, useUnityBatchesQuery } from '../../../lib/lookups-api.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import {
  useAddProductUnityMutation,
  useProductQuery,
  useUpdateProductUnityMutation,
} from '../products-api.ts';

/** Adds a package ('Produto Adicionado!') or edits one ('Produto Atualizado!'), as the seed's §8 says. */
export default function ProductUnityModal({ extra, closeModal }: ModalBodyProps<'PRODUCT_UNITY_FORM'>) {
  const { productId, unity } = extra;
  const notify = useNotifySuccess();
  const { data: unities = [] } = useUnitiesQuery({ status: 'active' });
  const { data: batches = [] } = useUnityBatchesQuery({ status: 'active' });
  const { data: product } = useProductQuery(productId);
  const [addUnity, adding] = useAddProductUnityMutation();
  const [updateUnity, updating] = useUpdateProductUnityMutation();
  const initial = {
    unityId: unity ? String(unity.unity.id) : '',
    unityBatchId: unity ? String(unity.unityBatch.id) : '',
    quantity: unity ? decimalText(unity.quantity) : '',
    barcode: unity?.barcode ?? '',
    status: unity?.status ?? 'active',
  };
  const form = useZodForm(unity ? ZUpdateProductUnity : ZNewProductUnity, initial, (values) =>
    unity
      ? {
          quantity: decimalInput(values.quantity),
          barcode: values.barcode,
          status: values.status === 'inactive' ? 'inactive' : 'active',
        }
      : {
          unityId: values.unityId || undefined,
          unityBatchId: values.unityBatchId || undefined,
          quantity: decimalInput(values.quantity),
          barcode: values.barcode,
        },
  );

  const onSubmit = form.handleSubmit(async (data) => {
    // the body says which form this is: a new package names its unit, an edit never does
    const result =
      'unityId' in data
        ? await addUnity({ productId, data })
        : await updateUnity({ productId, unityId: unity?.id ?? 0, data });
    if (!form.saved(result)) return;
    notify(unity ? featureMessages.success.productUpdated : featureMessages.success.productAdded);
    closeModal();
  });

  return (
    <ModalForm onSubmit={onSubmit} onCancel={closeModal} busy={adding.isLoading || updating.isLoading}>
      {unity ? (
        <p className="md:col-span-2">{unity.label}</p>
      ) : (
        <>
          <SelectField
            label="Tipo de embalagem"
            placeholder="Selecione"
            options={batches.map((b) => ({ value: b.id, label: b.name }))}
            {...form.field('unityBatchId')}
          />
          <SelectField
            label="Unidade da embalagem"
            placeholder="Selecione"
            options={unities.map((u) => ({ value: u.id, label: `${u.code} — ${u.name}` }))}
            {...form.field('unityId')}
          />
        </>
      )}
      <NumberField
        label="Quantidade de unidades base"
        kind="quantity"
        unit={product?.baseUnity.code}
        hint="Ex.: 12 para uma caixa com 12 unidades."
        {...form.field('quantity')}
      />
      <TextField label="Código de barras (opcional)" inputMode="numeric" {...form.field('barcode')} />
      {unity ? (
        <SelectField
          label="Situação"
          options={[
            { value: 'active', label: 'Ativa' },
            { value: 'inactive', label: 'Inativa' },
          ]}
          {...form.field('status')}
        />
      ) : null}
    </ModalForm>
  );
}
