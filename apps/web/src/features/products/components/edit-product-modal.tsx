import { ZUpdateProduct, type TItemType } from '@armazem/contracts/catalog';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ModalForm } from '../../../components/ui/modal-form.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { decimalInput, decimalText } from '../../../lib/format.ts';
import { useCategoriesQuery } from '../../../lib/lookups-api.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useUpdateProductMutation } from '../products-api.ts';
import { FiscalFields } from './fiscal-fields.tsx';

export default function EditProductModal({ extra, closeModal }: ModalBodyProps<'PRODUCT_EDIT'>) {
  const { product } = extra;
  const notify = useNotifySuccess();
  const { data: active = [], isSuccess } = useCategoriesQuery({ status: 'active' });
  // the product keeps a category deactivated after it was given: it stays in the list, marked (while the active
  // ones load, the product's own is the only choice, unmarked)
  const current = product.category;
  let categories = isSuccess ? active : [current];
  if (isSuccess && !active.some((c) => c.id === current.id))
    categories = [...active, { id: current.id, name: `${current.name} (desativada)` }];
  const [updateProduct, { isLoading }] = useUpdateProductMutation();
  const form = useZodForm(
    ZUpdateProduct,
    {
      name: product.name,
      description: product.description ?? '',
      categoryId: String(product.category.id),
      minStock: decimalText(product.minStock),
      barcode: product.barcode ?? '',
      ncm: product.ncm ?? '',
      cest: product.cest ?? '',
      itemType: product.itemType as string,
    },
    (values) => ({
      name: values.name,
      description: values.description,
      categoryId: values.categoryId,
      minStock: decimalInput(values.minStock) ?? '0',
      barcode: values.barcode,
      ncm: values.ncm,
      cest: values.cest,
      itemType: values.itemType as TItemType,
    }),
  );
  const onSubmit = form.handleSubmit(async (data) => {
    if (!form.saved(await updateProduct({ productId: product.id, data }))) return;
    notify(featureMessages.success.productUpdated);
    closeModal();
  });
  return (
    <ModalForm onSubmit={onSubmit} onCancel={closeModal} busy={isLoading}>
      <TextField label="Nome" {...form.field('name')} />
      <SelectField
        label="Categoria"
        options={categories.map((c) => ({ value: c.id, label: c.name }))}
        {...form.field('categoryId')}
      />
      <NumberField
        label={`Estoque mínimo (${product.baseUnity.code})`}
        kind="quantity"
        unit={product.baseUnity.code}
        {...form.field('minStock')}
      />
      <TextField label="Código de barras (GTIN/EAN)" inputMode="numeric" {...form.field('barcode')} />
      <TextField label="Descrição" className="md:col-span-2" {...form.field('description')} />
      <FiscalFields ncm={form.field('ncm')} cest={form.field('cest')} itemType={form.field('itemType')} />
    </ModalForm>
  );
}
