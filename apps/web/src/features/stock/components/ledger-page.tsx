import type { TProductSelectItem } from '@armazem/contracts/catalog';
import {
  LEDGER_SORTS,
  LEDGER_STATUSES,
  STOCK_REASON_LABELS,
  type TLedgerEntry,
  type TLedgerQuery,
} from '@armazem/contracts/stock';
import { ExportMenu } from '../../../components/ui/export-menu.tsx';
import { ShortHeader, figureColumn, type Column } from '../../../components/ui/data-table.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { ListPage } from '../../../components/ui/list-page.tsx';
import { ModalButton } from '../../../components/ui/modal-button.tsx';
import { formatDate, formatMoney, formatUnitMoney, formatQuantity } from '../../../lib/format.ts';
import { placeScope } from '../../../components/ui/place-select.tsx';
import { usePlaces } from '../../../lib/places-api.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { pageQuery, useListParams } from '../../../lib/use-list-params.ts';
import { featureMessages } from '../../../config/feature-messages.ts';
import { useStockInQuery, useStockOutQuery } from '../stock-api.ts';
import { LEDGER_HEADING_ID, LedgerEntryAction, ledgerRowClass } from './ledger-history.tsx';
import { LedgerFilters } from './ledger-filters.tsx';
import { TransferButton } from './place-parts.tsx';

type LedgerSort = (typeof LEDGER_SORTS)[number];
type LedgerStatus = (typeof LEDGER_STATUSES)[number];

/**
 * Where the row moved stock: a column only when the business has more than one location. Short header and small
 * text, so the whole row still fits a 1280-pixel screen beside the sidebar.
 */
const LOCATION_COLUMN: Column<TLedgerEntry, LedgerSort> = {
  key: 'location',
  header: <ShortHeader short="Dep." full="Depósito" />,
  narrowHidden: true,
  className: 'text-xs',
  cell: (entry) => <span data-testid="ledger-location">{entry.location.name}</span>,
};

function ledgerColumns(isEntry: boolean, withLocation: boolean): Array<Column<TLedgerEntry, LedgerSort>> {
  return [
    {
      key: 'occurredOn',
      header: 'Data',
      sort: 'occurredOn',
      firstOrder: 'desc',
      className: 'whitespace-nowrap',
      cell: (entry) => formatDate(entry.occurredOn),
      narrowHidden: true,
    },
    // the package it was typed in under the product, and who typed it under the document: the whole row, to its
    // action, fits a 1280-pixel screen beside the sidebar
    {
      key: 'product',
      header: 'Produto',
      sort: 'product',
      cell: (entry) => (
        <>
          {/* a phone draws the date over the name, and no code beside it: its columns then fit the screen */}
          <div className="text-base-content/60 text-xs md:hidden">{formatDate(entry.occurredOn)}</div>
          <span className="font-mono text-sm max-md:hidden">{entry.product.sku}</span> {entry.product.name}
          <div className="text-base-content/60 text-xs">{entry.productUnity.label}</div>
        </>
      ),
    },
    figureColumn(
      'quantity',
      'Quantidade',
      (entry) => (
        <>
          {formatQuantity(entry.quantity)}
          <div className="text-base-content/60 text-xs">
            {formatQuantity(entry.baseQuantity)} {entry.baseUnity}
          </div>
        </>
      ),
      { sort: 'quantity', firstOrder: 'desc' },
    ),
    // a phone draws the product (its date over it), the quantity and the row's action: the rest only from 768 px
    figureColumn('unitCost', 'Custo unit.', (entry) => formatUnitMoney(entry.unitCost), {
      narrowHidden: true,
    }),
    figureColumn('totalCost', 'Total', (entry) => formatMoney(entry.totalCost), {
      sort: 'totalCost',
      firstOrder: 'desc',
      narrowHidden: true,
    }),
    isEntry
      ? {
          key: 'supplier',
          header: 'Fornecedor',
          sort: 'supplier',
          cell: (entry) => entry.supplier?.name ?? '—',
          narrowHidden: true,
        }
      : {
          key: 'reason',
          header: 'Motivo',
          cell: (entry) => (entry.reason ? STOCK_REASON_LABELS[entry.reason] : '—'),
          narrowHidden: true,
        },
    ...(withLocation ? [LOCATION_COLUMN] : []),
    {
      key: 'document',
      header: 'Documento',
      narrowHidden: true,
      cell: (entry) => (
        <>
          {entry.document ?? '—'}
          <div className="text-base-content/60 text-xs">por {entry.createdBy.name}</div>
        </>
      ),
    },
    // wide enough for a cancellation's 'Cancelado em … por …: motivo' on a few lines (on a phone, as it fits)
    {
      key: 'actions',
      header: 'Ações',
      className: 'md:min-w-44',
      cell: (entry) => <LedgerEntryAction entry={entry} />,
    },
  ];
}

/**
 * What the empty list says. Showing the active rows only (Situação's default), it may hide cancelled ones: then it
 * says where they are, so whoever has just cancelled the only one does not think it is gone. Nothing until known.
 */
function useEmptyText(
  isEntry: boolean,
  params: TLedgerQuery & { status: LedgerStatus },
  otherFilters: boolean,
  empty: boolean,
) {
  const skip = !empty || params.status !== 'active';
  const cancelledQuery = { ...params, page: 1, pageSize: 1, status: 'cancelled' as const };
  const cancelledIn = useStockInQuery(cancelledQuery, { skip: skip || !isEntry });
  const cancelledOut = useStockOutQuery(cancelledQuery, { skip: skip || isEntry });
  const cancelled = isEntry ? cancelledIn : cancelledOut;
  const what = isEntry ? 'entrada' : 'saída';
  if (!skip && cancelled.isFetching) return undefined;
  if (!skip && (cancelled.data?.total ?? 0) > 0) {
    const { statusFilter, statuses } = featureMessages.stockHistory;
    return `Nenhuma ${what} ativa${otherFilters ? ' com esses filtros' : ''}. As canceladas aparecem em ${statusFilter}: ${statuses.cancelled}.`;
  }
  if (otherFilters || params.status !== 'active') return 'Nenhum registro com esses filtros.';
  return `Nenhuma ${what} registrada ainda.`;
}

/** Entradas and Saídas: the ledger of one direction, newest first, with filters. The router passes the direction. */
export default function LedgerPage({ direction }: { direction: 'in' | 'out' }) {
  const isEntry = direction === 'in';
  const title = isEntry ? 'Entradas' : 'Saídas';
  usePageTitle(title);
  const list = useListParams({ sort: 'occurredOn', order: 'desc', sorts: LEDGER_SORTS });
  const from = list.get('from');
  const to = list.get('to');
  const productId = Number(list.get('productId')) || null;
  // the picked product travels in the URL with its code and name, so a reload shows it without a lookup
  const product: TProductSelectItem | null = productId
    ? { id: productId, sku: list.get('productSku'), name: list.get('productName') }
    : null;
  const supplierId = list.get('supplierId');
  const status = LEDGER_STATUSES.find((value) => value === list.get('status')) ?? 'active';
  const rangeInverted = Boolean(from && to && from > to);
  const params = {
    ...pageQuery(list, {
      from,
      to,
      productId: productId ?? undefined,
      supplierId: supplierId ? Number(supplierId) : undefined,
      ...placeScope(list.get),
    }),
    status,
  };
  const entries = useStockInQuery(params, { skip: !isEntry || rangeInverted });
  const exits = useStockOutQuery(params, { skip: isEntry || rangeInverted });
  const ledger = isEntry ? entries : exits;
  const places = usePlaces();
  const empty = useEmptyText(
    isEntry,
    params,
    Boolean(from || to || product || supplierId || params.establishmentId || params.locationId),
    ledger.data?.total === 0,
  );

  return (
    <ListPage
      title={title}
      toolbar={
        <>
          <ExportMenu path={isEntry ? '/stock/in/v1' : '/stock/out/v1'} params={params} />
          <ModalButton
            modal="STOCK_MOVEMENT"
            extra={{ direction }}
            options={{ title: isEntry ? 'Nova entrada de estoque' : 'Nova saída de estoque', size: 'lg' }}
          >
            <Icon name="plus" className="h-4 w-4" />
            {isEntry ? 'Registrar entrada' : 'Registrar saída'}
          </ModalButton>
          <TransferButton />
        </>
      }
      above={<LedgerFilters {...{ isEntry, list, product, status, rangeInverted }} />}
      // an inverted range or a failed call shows no rows rather than the previous, stale ones
      data={rangeInverted || ledger.isError ? undefined : ledger.data}
      busy={ledger.isFetching}
      list={list}
      empty={empty}
      headingId={LEDGER_HEADING_ID}
      table={{
        columns: ledgerColumns(isEntry, places.several),
        testId: 'ledger-table',
        rowKey: (entry) => entry.id,
        zebra: false,
        // ten facts a row: compact cells keep the whole row on a 1280-pixel screen
        compact: true,
        rowClassName: ledgerRowClass,
        rowData: (entry) => ({ 'data-cancelled': Boolean(entry.cancelledAt) }),
      }}
    />
  );
}
