import { ZNewPrice } from '@armazem/contracts/catalog';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ModalForm } from '../../../components/ui/modal-form.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { decimalInput } from '../../../lib/format.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useAddPriceMutation } from '../products-api.ts';
import { DateField } from '../../../components/ui/date-field.tsx';

export default function AddPriceModal({ extra, closeModal }: ModalBodyProps<'PRICE_ADD'>) {
  const { productId, unities } = extra;
  const notify = useNotifySuccess();
  const [addPrice, { isLoading }] = useAddPriceMutation();
  const form = useZodForm(
    ZNewPrice,
    { costPrice: '', salePrice: '', productUnityId: '', effectiveFrom: '' },
    (values) => ({
      costPrice: decimalInput(values.costPrice),
      salePrice: decimalInput(values.salePrice),
      productUnityId: values.productUnityId ? Number(values.productUnityId) : null,
      ...(values.effectiveFrom ? { effectiveFrom: values.effectiveFrom } : {}),
    }),
  );
  const onSubmit = form.handleSubmit(async (data) => {
    if (!form.saved(await addPrice({ productId, data }))) return;
    notify(featureMessages.success.priceAdded);
    closeModal();
  });
  return (
    <ModalForm onSubmit={onSubmit} onCancel={closeModal} busy={isLoading}>
      <NumberField label="Preço de custo (R$)" kind="money" autoFocus {...form.field('costPrice')} />
      <NumberField label="Preço de venda (R$)" kind="money" {...form.field('salePrice')} />
      <SelectField
        label="Embalagem"
        placeholder="Unidade base"
        options={unities.filter((u) => !u.isDefault).map((u) => ({ value: u.id, label: u.label }))}
        {...form.field('productUnityId')}
      />
      <DateField label="Vigente a partir de" hint="Em branco: hoje." {...form.field('effectiveFrom')} />
    </ModalForm>
  );
}
