import type { TStockRow } from '@armazem/contracts/stock';
import { Icon } from '../../../components/ui/icon.tsx';
import { ModalButton } from '../../../components/ui/modal-button.tsx';
import { formatQuantity } from '../../../lib/format.ts';
import { usePlaces } from '../../../lib/places-api.ts';

/** "Transferir": shown only when there is somewhere to transfer to (two active locations or more). */
export function TransferButton() {
  const { several } = usePlaces();
  if (!several) return null;
  return (
    <ModalButton
      modal="STOCK_MOVEMENT"
      extra={{ direction: 'transfer' }}
      options={{ title: 'Transferência entre depósitos', size: 'lg' }}
      plain
    >
      <Icon name="warehouse" className="h-4 w-4" />
      Transferir
    </ModalButton>
  );
}

/**
 * A balance row's quantity per location, one short line under its total, when more than one location holds the
 * product. The establishment's name goes before the location's when the business has more than one.
 */
export function LocationQuantities({ row }: { row: TStockRow }) {
  const { groups } = usePlaces();
  const holding = row.locations.filter((location) => Number(location.quantity) !== 0);
  if (holding.length < 2) return null;
  const establishmentName = (id: number) =>
    groups.length > 1 ? `${groups.find((g) => g.establishment.id === id)?.establishment.name ?? ''} ` : '';
  return (
    <span className="text-base-content/70 block text-xs" data-testid="stock-locations">
      {holding
        .map(
          (location) =>
            `${establishmentName(location.establishmentId)}${location.name}: ${formatQuantity(location.quantity)}`,
        )
        .join(' · ')}
    </span>
  );
}
