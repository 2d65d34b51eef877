import { useState } from 'react';
import { formatDocument } from '@armazem/contracts/documents';
import type { ModalBodyProps } from '../../../lib/modal.ts';
import { ModalActions } from '../../../components/ui/modal-actions.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { featureMessages } from '../../../config/feature-messages.ts';
import { useLinkSupplierProductMutation, useSuppliersSelectQuery } from '../../../lib/lookups-api.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';

/** Links a supplier from the product's side: the product reloads. */
export default function LinkSupplierModal({ extra, closeModal }: ModalBodyProps<'PRODUCT_SUPPLIER_LINK'>) {
  const { productId, linkedIds } = extra;
  const notify = useNotifySuccess();
  const { data: suppliers = [] } = useSuppliersSelectQuery();
  const [link, { isLoading }] = useLinkSupplierProductMutation();
  const [supplierId, setSupplierId] = useState('');
  const available = suppliers.filter((supplier) => !linkedIds.includes(supplier.id));
  const submit = async () => {
    if (!supplierId) return;
    const result = await link({ supplierId: Number(supplierId), productId, linked: true, origin: 'product' });
    if ('data' in result) {
      notify(featureMessages.success.productLinked);
      closeModal();
    }
  };
  return (
    <div>
      {available.length === 0 ? (
        <p>Não há fornecedores ativos disponíveis. Cadastre um em Fornecedores.</p>
      ) : (
        <SelectField
          label="Fornecedor"
          placeholder="Selecione"
          value={supplierId}
          onChange={setSupplierId}
          options={available.map((s) => ({
            value: s.id,
            label: `${s.name} (${formatDocument(s.document)})`,
          }))}
        />
      )}
      <ModalActions
        onCancel={closeModal}
        confirmLabel="Vincular"
        onConfirm={submit}
        disabled={!supplierId || isLoading}
      />
    </div>
  );
}
