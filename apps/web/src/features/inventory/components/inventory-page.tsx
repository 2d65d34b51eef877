import { useState } from 'react';
import type { TInventory } from '@armazem/contracts/inventory';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { DataTable, SummaryRow, figureColumn, type Column } from '../../../components/ui/data-table.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import {
  formatMoney,
  formatUnitMoney,
  formatNcm,
  formatQuantity,
  maskDocument,
} from '../../../lib/format.ts';
import { useBusinessToday } from '../../../lib/business-today.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { inventoryUrls, useInventoryQuery } from '../inventory-api.ts';
import { useEstablishmentsQuery } from '../../../lib/places-api.ts';
import { SpedDownload } from './sped-download.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';

type Row = TInventory['data'][number];

const columns: Array<Column<Row>> = [
  {
    key: 'ncm',
    header: 'NCM',
    cell: (row) => <span className="font-mono">{row.ncm ? formatNcm(row.ncm) : 'Sem NCM'}</span>,
  },
  {
    key: 'product',
    header: 'Produto',
    cell: (row) => (
      <>
        {row.product.name} <span className="font-mono text-xs opacity-70">{row.product.sku}</span>
        {row.participant ? (
          <span className="block text-xs opacity-80" data-testid="inventory-participant">
            {row.position === 'sent' ? 'nosso, em poder de ' : 'de '}
            {row.participant.name}
            {row.position === 'held' ? ', em nosso poder' : ''}
          </span>
        ) : null}
      </>
    ),
  },
  figureColumn('quantity', 'Quantidade', (row) => `${formatQuantity(row.quantity)} ${row.unity.code}`),
  figureColumn('unitCost', 'Valor unitário', (row) => formatUnitMoney(row.unitCost)),
  figureColumn('totalValue', 'Valor', (row) => formatMoney(row.totalValue)),
];

/** Modelo 7's lists: ours with third parties and theirs with us apart from own goods with us. */
const LIST_NAMES = { own: '', sent: ' (nossos com terceiros)', held: ' (de terceiros conosco)' } as const;
const groupKey = (row: { position: Row['position']; ncm: string | null }) =>
  `${row.position}|${row.ncm ?? ''}`;

/**
 * The rows in the server's order (own, ours with third parties, theirs with us; each by NCM, then name; without NCM
 * last), each NCM closed by its total.
 */
function InventoryTable({ inventory, busy }: { inventory: TInventory; busy: boolean }) {
  const totals = new Map(inventory.totalsByNcm.map((t) => [groupKey(t), t.totalValue]));
  return (
    <DataTable
      label="Inventário por NCM"
      testId="inventory-table"
      columns={columns}
      rows={inventory.data}
      rowKey={(row) => `${row.product.id}|${row.position}|${row.participant?.id ?? ''}`}
      busy={busy}
      zebra={false}
      compact
      groupBy={groupKey}
      groupEnd={(row) => (
        <SummaryRow
          className="font-semibold"
          label={`Total da classificação ${row.ncm ? formatNcm(row.ncm) : 'Sem NCM'}${LIST_NAMES[row.position]}`}
          span={4}
          figures={[{ value: formatMoney(totals.get(groupKey(row)) ?? '0') }]}
        />
      )}
      footer={
        <>
          <SummaryRow
            className="text-base"
            label="Total geral (mercadorias da empresa)"
            span={4}
            figures={[{ value: formatMoney(inventory.totalValue), testId: 'inventory-total' }]}
          />
          {Number(inventory.heldValue) > 0 ? (
            <SummaryRow
              label="Mercadorias de terceiros em nosso poder (fora do total)"
              span={4}
              figures={[{ value: formatMoney(inventory.heldValue), testId: 'inventory-held-total' }]}
            />
          ) : null}
        </>
      }
    />
  );
}

/** The book (PDF, XLSX) and the Bloco H file of the date, each with what it needs. */
function InventoryDownloads({ date, establishmentId }: { date: string; establishmentId: number | null }) {
  return (
    <>
      <div role="group" aria-label="Livro Registro de Inventário" className="flex flex-wrap items-end gap-2">
        <a
          className="btn btn-sm"
          href={inventoryUrls.book(date, 'pdf', establishmentId)}
          download
          data-testid="inventory-pdf"
        >
          <Icon name="download" className="h-4 w-4" /> Livro (PDF)
        </a>
        <a
          className="btn btn-sm"
          href={inventoryUrls.book(date, 'xlsx', establishmentId)}
          download
          data-testid="inventory-xlsx"
        >
          <Icon name="download" className="h-4 w-4" /> Livro (XLSX)
        </a>
      </div>
      <SpedDownload date={date} establishmentId={establishmentId} />
    </>
  );
}

/** Each CNPJ files its own inventory: the establishment's, shown only when the business has more than one. */
function EstablishmentChoice({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (establishmentId: number | null) => void;
}) {
  const { data: establishments = [] } = useEstablishmentsQuery();
  if (establishments.length < 2) return null;
  return (
    <label className="form-control">
      <span className="label-text">Estabelecimento</span>
      <select
        className="select select-bordered"
        value={value ?? establishments[0]?.id ?? ''}
        onChange={(e) =>
          onChange(Number(e.target.value) === establishments[0]?.id ? null : Number(e.target.value))
        }
        data-testid="inventory-establishment"
      >
        {establishments.map((establishment) => (
          <option key={establishment.id} value={establishment.id}>
            {establishment.name}
            {establishment.document ? ` — ${maskDocument(establishment.document)}` : ''}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Balances and values at the end of a date, by NCM; the Registro de Inventário and the Bloco H file. */
export default function InventoryPage() {
  usePageTitle('Inventário');
  const today = useBusinessToday();
  const [date, setDate] = useState(today);
  const [establishmentId, setEstablishmentId] = useState<number | null>(null);
  const { data: inventory, isFetching } = useInventoryQuery({ date, establishmentId });
  return (
    <TitleCard title="Inventário">
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <DateField
          label="Estoque no fim do dia"
          className="w-44"
          value={date}
          max={today}
          onChange={(next) => next && setDate(next)}
          data-testid="inventory-date"
        />
        <EstablishmentChoice value={establishmentId} onChange={setEstablishmentId} />
        <InventoryDownloads date={date} establishmentId={establishmentId} />
      </div>
      {inventory?.warnings.map((warning) => (
        <div key={warning} role="alert" className="alert alert-warning mb-3">
          <Icon name="alert" className="h-5 w-5" />
          <span>{warning}</span>
        </div>
      ))}
      {inventory && inventory.data.length === 0 ? <p>Nenhum produto com saldo nesta data.</p> : null}
      {inventory && inventory.data.length > 0 ? (
        <>
          <InventoryTable inventory={inventory} busy={isFetching} />
          <p className="mt-3 text-sm">
            Como pede o SPED, cada item vale o seu valor em estoque arredondado em centavos, e o total soma os
            itens: pode diferir em alguns centavos do valor em estoque, que soma os valores exatos. O valor
            unitário aparece com até 4 casas; o arquivo do SPED o leva com 6.
          </p>
        </>
      ) : null}
    </TitleCard>
  );
}
