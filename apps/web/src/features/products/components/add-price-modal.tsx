import { ZNewPrice, type TProductUnity } from '@armazem/contracts/catalog';
import type { ModalBodyProps } from '../../../app/layout/modal-bodies.ts';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { messages } from '../../../config/messages.ts';
import { fieldErrors } from '../../../lib/api.ts';
import { decimalInput } from '../../../lib/format.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useAddPriceMutation } from '../products-api.ts';

export default function AddPriceModal({ extraObject, closeModal }: ModalBodyProps) {
  const { productId, unities } = extraObject as { productId: number; unities: TProductUnity[] };
  const notify = useNotifySuccess();
  const [addPrice, { isLoading }] = useAddPriceMutation();
  const toInput = (v: Record<string, string>) => ({
    costPrice: decimalInput(v.costPrice ?? ''),
    salePrice: decimalInput(v.salePrice ?? ''),
    productUnityId: v.productUnityId ? Number(v.productUnityId) : null,
    ...(v.effectiveFrom ? { effectiveFrom: v.effectiveFrom } : {}),
  });
  const form = useZodForm(
    ZNewPrice,
    { costPrice: '', salePrice: '', productUnityId: '', effectiveFrom: '' },
    toInput,
  );
  const onSubmit = form.handleSubmit(async () => {
    const { costPrice = '', salePrice = '', ...rest } = toInput(form.values);
    const result = await addPrice({ productId, data: { costPrice, salePrice, ...rest } });
    if ('error' in result) {
      form.setErrors(fieldErrors(result.error));
      return;
    }
    notify(messages.success.priceAdded);
    closeModal();
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-x-4 md:grid-cols-2">
      <NumberField label="Preço de custo (R$)" kind="money" autoFocus {...form.field('costPrice')} />
      <NumberField label="Preço de venda (R$)" kind="money" {...form.field('salePrice')} />
      <SelectField
        label="Embalagem"
        placeholder="Unidade base"
        options={unities.filter((u) => !u.isDefault).map((u) => ({ value: u.id, label: u.label }))}
        {...form.field('productUnityId')}
      />
      <TextField
        label="Vigente a partir de"
        type="date"
        hint="Em branco: hoje."
        {...form.field('effectiveFrom')}
      />
      <div className="modal-action md:col-span-2">
        <button type="button" className="btn btn-ghost" onClick={closeModal}>
          Cancelar
        </button>
        <button type="submit" className="btn btn-primary" disabled={isLoading}>
          Salvar
        </button>
      </div>
    </form>
  );
}
