import type { ReactNode } from 'react';
import type { TProductDetail } from '@armazem/contracts/catalog';
import { useAppDispatch } from '../../../app/hooks.ts';
import { DataTable, type Column } from '../../../components/ui/data-table.tsx';
import { DeleteButton } from '../../../components/ui/delete-button.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { ModalButton } from '../../../components/ui/modal-button.tsx';
import { formatQuantity } from '../../../lib/format.ts';
import { openModal } from '../../../lib/modal.ts';

type Unity = TProductDetail['unities'][number];

function unityColumns(baseCode: string, actions: (unity: Unity) => ReactNode): Array<Column<Unity>> {
  return [
    {
      key: 'label',
      header: 'Embalagem',
      cell: (unity) => (
        <>
          {unity.label} {unity.isDefault ? <span className="badge badge-ghost badge-sm">padrão</span> : null}
        </>
      ),
    },
    {
      key: 'quantity',
      header: `Quantidade (${baseCode})`,
      align: 'right',
      cell: (unity) => formatQuantity(unity.quantity),
    },
    { key: 'barcode', header: 'Código de barras', cell: (unity) => unity.barcode ?? '—' },
    { key: 'status', header: 'Situação', cell: (unity) => (unity.status === 'active' ? 'Ativa' : 'Inativa') },
    { key: 'actions', header: 'Ações', align: 'right', className: 'whitespace-nowrap', cell: actions },
  ];
}

/** The product's packages; the default one (the base unit) is neither edited nor deleted here. */
export function ProductUnitiesCard({ product, hidden }: { product: TProductDetail; hidden: boolean }) {
  const dispatch = useAppDispatch();
  const productId = product.id;
  const actions = (unity: Unity) =>
    unity.isDefault ? null : (
      <>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-label={`Editar ${unity.label}`}
          onClick={() =>
            dispatch(openModal('PRODUCT_UNITY_FORM', { productId, unity }, { title: 'Editar embalagem' }))
          }
        >
          <Icon name="edit" className="h-4 w-4" />
        </button>
        <DeleteButton
          label={`Excluir ${unity.label}`}
          onClick={() =>
            dispatch(
              openModal(
                'PRODUCT_UNITY_DELETE',
                { productId, unityId: unity.id, label: unity.label },
                { title: 'Excluir embalagem' },
              ),
            )
          }
        />
      </>
    );
  return (
    <TitleCard
      hidden={hidden}
      title="Embalagens"
      actions={
        <ModalButton
          modal="PRODUCT_UNITY_FORM"
          extra={{ productId }}
          options={{ title: 'Adicionar embalagem' }}
        >
          Adicionar embalagem
        </ModalButton>
      }
    >
      <DataTable
        label="Embalagens"
        testId="unities-table"
        columns={unityColumns(product.baseUnity.code, actions)}
        rows={product.unities}
        rowKey={(unity) => unity.id}
        zebra={false}
      />
    </TitleCard>
  );
}
