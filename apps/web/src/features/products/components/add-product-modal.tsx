import { useNavigate } from 'react-router';
import { ZNewProduct, type TItemType } from '@armazem/contracts/catalog';
import { paths } from '../../../config/paths.ts';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ModalForm } from '../../../components/ui/modal-form.tsx';
import { NumberField } from '../../../components/ui/number-field.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { decimalInput } from '../../../lib/format.ts';
import { useCategoriesQuery, useUnitiesQuery } from '../../../lib/lookups-api.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { useZodForm } from '../../../lib/use-zod-form.ts';
import { useAddProductMutation } from '../products-api.ts';
import { FiscalFields } from './fiscal-fields.tsx';

const EMPTY = {
  sku: '',
  name: '',
  description: '',
  categoryId: '',
  baseUnityId: '',
  minStock: '',
  barcode: '',
  ncm: '',
  cest: '',
  itemType: '00',
  costPrice: '',
  salePrice: '',
};

export default function AddProductModal({ closeModal }: ModalBodyProps<'PRODUCT_ADD'>) {
  const notify = useNotifySuccess();
  const { data: categories = [] } = useCategoriesQuery({ status: 'active' });
  const { data: unities = [] } = useUnitiesQuery({ status: 'active' });
  const [addProduct, { isLoading }] = useAddProductMutation();
  const navigate = useNavigate();
  const form = useZodForm(ZNewProduct, EMPTY, (values) => ({
    sku: values.sku,
    name: values.name,
    description: values.description,
    categoryId: values.categoryId || undefined,
    baseUnityId: values.baseUnityId || undefined,
    minStock: decimalInput(values.minStock),
    barcode: values.barcode,
    ncm: values.ncm,
    cest: values.cest,
    itemType: values.itemType as TItemType,
    // the first price, optional: both fields or neither (the API says which is missing)
    ...(values.costPrice || values.salePrice
      ? { costPrice: decimalInput(values.costPrice), salePrice: decimalInput(values.salePrice) }
      : {}),
  }));

  const onSubmit = form.handleSubmit(async (body) => {
    const result = await addProduct(body);
    if (!form.saved(result) || !('data' in result) || !result.data) return;
    notify(featureMessages.success.productAdded);
    closeModal();
    // the new product opens: its packages, prices and suppliers are what comes next (issue 33)
    void navigate(`${paths.products}/${result.data.id}`);
  });

  return (
    <ModalForm onSubmit={onSubmit} onCancel={closeModal} busy={isLoading}>
      <TextField label="Código (SKU)" autoFocus {...form.field('sku')} />
      <TextField label="Nome" {...form.field('name')} />
      <SelectField
        label="Categoria"
        placeholder="Selecione"
        options={categories.map((c) => ({ value: c.id, label: c.name }))}
        {...form.field('categoryId')}
      />
      <SelectField
        label="Unidade base"
        placeholder="Selecione"
        options={unities.map((u) => ({ value: u.id, label: `${u.code} — ${u.name}` }))}
        {...form.field('baseUnityId')}
      />
      <NumberField
        label="Estoque mínimo"
        kind="quantity"
        unit={unities.find((u) => String(u.id) === form.values.baseUnityId)?.code}
        {...form.field('minStock')}
      />
      <NumberField label="Preço de custo (R$)" kind="money" hint="Opcional." {...form.field('costPrice')} />
      <NumberField label="Preço de venda (R$)" kind="money" hint="Opcional." {...form.field('salePrice')} />
      <TextField label="Código de barras (GTIN/EAN)" inputMode="numeric" {...form.field('barcode')} />
      <TextField label="Descrição" className="md:col-span-2" {...form.field('description')} />
      <FiscalFields ncm={form.field('ncm')} cest={form.field('cest')} itemType={form.field('itemType')} />
    </ModalForm>
  );
}
