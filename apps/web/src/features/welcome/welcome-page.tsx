import { Link } from 'react-router';
import type { TStockSummary } from '@armazem/contracts/stock';
import { useAppSelector } from '../../app/hooks.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { DataTable, type Column } from '../../components/ui/data-table.tsx';
import { TitleCard } from '../../components/ui/title-card.tsx';
import { paths } from '../../config/paths.ts';
import { entryQuantity, formatDate, formatMoney } from '../../lib/format.ts';
import { useStockSummaryQuery } from '../../lib/lookups-api.ts';
import { formatMovement } from '../../lib/movement-label.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { FirstSteps } from './first-steps.tsx';
import { DashboardCharts } from './dashboard-charts.tsx';

type Movement = TStockSummary['latestMovements'][number];

const latestColumns: Array<Column<Movement>> = [
  // a phone draws the kind, the product and the quantity: the date and the total only from 768 px
  { key: 'date', header: 'Data', cell: (entry) => formatDate(entry.occurredOn), narrowHidden: true },
  {
    key: 'kind',
    header: 'Tipo',
    cell: (entry) => (
      <span className={`badge badge-sm h-auto ${entry.direction === 'in' ? 'badge-success' : 'badge-error'}`}>
        {formatMovement(entry)}
      </span>
    ),
  },
  { key: 'product', header: 'Produto', cell: (entry) => entry.product.name },
  {
    key: 'quantity',
    header: 'Quantidade',
    align: 'right',
    cell: (entry) => entryQuantity(entry),
  },
  {
    key: 'total',
    header: 'Total',
    align: 'right',
    cell: (entry) => formatMoney(entry.totalCost),
    narrowHidden: true,
  },
];

export default function WelcomePage() {
  usePageTitle('Início');
  const user = useAppSelector((state) => state.auth.user);
  const { data: summary } = useStockSummaryQuery();
  return (
    <div className="flex flex-col gap-6">
      <h2 className="text-2xl font-semibold">Olá, {user?.name.split(' ')[0] ?? ''}!</h2>
      <FirstSteps />
      <div className="grid gap-4 md:grid-cols-3">
        <Link to={paths.products} className="stat bg-base-100 rounded-box shadow-sm">
          <div className="stat-title">Produtos ativos</div>
          <div className="stat-value" data-testid="dashboard-products">
            {summary ? summary.activeProducts.toLocaleString('pt-BR') : '—'}
          </div>
        </Link>
        <Link to={paths.stock} className="stat bg-base-100 rounded-box shadow-sm">
          <div className="stat-title">Valor em estoque</div>
          <div className="stat-value text-3xl" data-testid="dashboard-value">
            {summary ? formatMoney(summary.stockValue) : '—'}
          </div>
          <div className="stat-desc">pelo custo médio ponderado</div>
        </Link>
        <Link to={paths.stock} className="stat bg-base-100 rounded-box shadow-sm">
          <div className="stat-title">Abaixo do mínimo</div>
          <div
            className={`stat-value ${summary && summary.belowMinimum > 0 ? 'text-warning' : ''}`}
            data-testid="dashboard-below"
          >
            {summary ? summary.belowMinimum : '—'}
          </div>
        </Link>
      </div>
      <DashboardCharts />
      <TitleCard
        title="Últimas movimentações"
        actions={
          <>
            <Link to={paths.stockIn} className="btn btn-sm">
              Entradas
            </Link>
            <Link to={paths.stockOut} className="btn btn-sm">
              Saídas
            </Link>
          </>
        }
      >
        {summary && summary.latestMovements.length === 0 ? (
          <EmptyState>
            <p>Nenhuma movimentação ainda.</p>
            <p>
              Comece cadastrando{' '}
              <Link className="link" to={paths.products}>
                produtos
              </Link>{' '}
              e registrando uma{' '}
              <Link className="link" to={paths.stockIn}>
                entrada
              </Link>
              .
            </p>
          </EmptyState>
        ) : null}
        {summary && summary.latestMovements.length > 0 ? (
          <DataTable
            label="Últimas movimentações"
            columns={latestColumns}
            rows={summary.latestMovements}
            rowKey={(entry) => entry.id}
            zebra={false}
          />
        ) : null}
      </TitleCard>
    </div>
  );
}
