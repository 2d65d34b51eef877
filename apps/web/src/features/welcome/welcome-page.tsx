import { Link } from 'react-router';
import { STOCK_REASON_LABELS } from '@armazem/contracts/stock';
import { useAppSelector } from '../../app/hooks.ts';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { TableScroll } from '../../components/ui/table-scroll.tsx';
import { TitleCard } from '../../components/ui/title-card.tsx';
import { paths } from '../../config/paths.ts';
import { formatDate, formatMoney, formatQuantity } from '../../lib/format.ts';
import { useStockSummaryQuery } from '../../lib/lookups-api.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

// eslint-disable-next-line max-lines-per-function -- one JSX tree: the dashboard's cards and the latest movements, no logic
export default function WelcomePage() {
  usePageTitle('Início');
  const user = useAppSelector((state) => state.auth.user);
  const { data: summary } = useStockSummaryQuery();
  return (
    <div className="flex flex-col gap-6">
      <h2 className="text-2xl font-semibold">Olá, {user?.name.split(' ')[0] ?? ''}!</h2>
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
          <TableScroll label="Últimas movimentações">
            <table className="table">
              <thead>
                <tr>
                  <th>Data</th>
                  <th>Tipo</th>
                  <th>Produto</th>
                  <th className="text-right">Quantidade</th>
                  <th className="text-right">Total</th>
                </tr>
              </thead>
              <tbody>
                {summary.latestMovements.map((entry) => (
                  <tr key={entry.id}>
                    <td>{formatDate(entry.occurredOn)}</td>
                    <td>
                      {entry.direction === 'in' ? (
                        <span className="badge badge-success badge-sm">Entrada</span>
                      ) : (
                        <span className="badge badge-error badge-sm">
                          Saída{entry.reason ? ` · ${STOCK_REASON_LABELS[entry.reason]}` : ''}
                        </span>
                      )}
                    </td>
                    <td>{entry.product.name}</td>
                    <td className="text-right">
                      {formatQuantity(entry.quantity)} {entry.productUnity.label}
                    </td>
                    <td className="text-right">{formatMoney(entry.totalCost)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        ) : null}
      </TitleCard>
    </div>
  );
}
