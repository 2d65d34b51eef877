import { Link } from 'react-router';
import type { TAbc, TStockValue } from '@armazem/contracts/reports';
import { ChartFigure } from '../../components/chart/chart.tsx';
import { DataTable, figureColumn, type Column } from '../../components/ui/data-table.tsx';
import { TitleCard } from '../../components/ui/title-card.tsx';
import { paths } from '../../config/paths.ts';
import { useBusinessToday } from '../../lib/business-today.ts';
import { formatDate, formatMoney, formatQuantity } from '../../lib/format.ts';
import {
  daysBack,
  monthName,
  monthsBack,
  useAbcQuery,
  useDeadStockQuery,
  useReorderQuery,
  useStockValueQuery,
} from '../../lib/reports-api.ts';

type MonthEnd = TStockValue['totals'][number];
type AbcClass = TAbc['classes'][number];

const monthColumns: Array<Column<MonthEnd>> = [
  { key: 'month', header: 'Mês', cell: (row) => monthName(row.month) },
  { key: 'date', header: 'Data', cell: (row) => formatDate(row.date), narrowHidden: true },
  figureColumn('value', 'Valor do estoque', (row) => formatMoney(row.totalValue)),
];

const share = (part: string, whole: string) =>
  Number(whole) > 0 ? `${((Number(part) / Number(whole)) * 100).toFixed(1).replace('.', ',')} %` : '—';

/** Stock value at each of the last 12 month ends (the current month: today). */
function StockValueChart({ today }: { today: string }) {
  const { data } = useStockValueQuery({ from: monthsBack(today, 11), to: monthsBack(today, 0) });
  if (!data) return <p>Carregando…</p>;
  const first = data.totals[0];
  const last = data.totals[data.totals.length - 1];
  return (
    <ChartFigure
      testId="dashboard-stock-value-chart"
      summaryTestId="dashboard-stock-value-summary"
      label="Gráfico de linha do valor do estoque no fim de cada mês dos últimos 12 meses"
      spec={{
        type: 'line',
        money: true,
        labels: data.totals.map((row) => monthName(row.month)),
        series: [{ label: 'Valor do estoque', data: data.totals.map((row) => Number(row.totalValue)) }],
      }}
      summary={
        first && last
          ? `O valor do estoque passou de ${formatMoney(first.totalValue)} em ${monthName(first.month)} para ${formatMoney(last.totalValue)} em ${monthName(last.month)}.`
          : ''
      }
      table={
        <DataTable
          label="Valor do estoque no fim de cada mês"
          testId="dashboard-stock-value-table"
          columns={monthColumns}
          rows={data.totals}
          rowKey={(row) => row.month}
          compact
        />
      }
    />
  );
}

/** The ABC curve of the last 90 days' exits, as the value of each class. */
function AbcChart({ today }: { today: string }) {
  const { data } = useAbcQuery({ from: daysBack(today, 89), to: today, pageSize: 1 });
  if (!data) return <p>Carregando…</p>;
  const columns: Array<Column<AbcClass>> = [
    { key: 'class', header: 'Classe', cell: (row) => row.class },
    figureColumn('products', 'Produtos', (row) => row.products),
    figureColumn('value', 'Saídas a custo', (row) => formatMoney(row.exitsValue)),
    figureColumn('share', 'Participação', (row) => share(row.exitsValue, data.exitsValue), {
      narrowHidden: true,
    }),
  ];
  const a = data.classes.find((row) => row.class === 'A');
  return (
    <ChartFigure
      testId="dashboard-abc-chart"
      summaryTestId="dashboard-abc-summary"
      label="Gráfico de barras do valor das saídas dos últimos 90 dias por classe da curva ABC"
      spec={{
        type: 'bar',
        money: true,
        colorOffset: 1,
        labels: data.classes.map((row) => `Classe ${row.class}`),
        series: [{ label: 'Saídas a custo', data: data.classes.map((row) => Number(row.exitsValue)) }],
      }}
      summary={
        a && Number(data.exitsValue) > 0
          ? `Nos últimos 90 dias, ${a.products} ${a.products === 1 ? 'produto' : 'produtos'} da classe A somaram ${share(a.exitsValue, data.exitsValue)} das saídas (${formatMoney(a.exitsValue)} de ${formatMoney(data.exitsValue)}).`
          : 'Nenhuma saída nos últimos 90 dias.'
      }
      table={
        <DataTable
          label="Curva ABC por classe"
          testId="dashboard-abc-table"
          columns={columns}
          rows={data.classes}
          rowKey={(row) => row.class}
          compact
        />
      }
    />
  );
}

/** "O que comprar": the first reorder suggestions, and the stock without exits for 90 days. */
function ToBuy() {
  const { data: reorder } = useReorderQuery({ days: 30, pageSize: 5 });
  const { data: dead } = useDeadStockQuery({ days: 90, pageSize: 1 });
  return (
    <div className="flex flex-col gap-3">
      {reorder && reorder.data.length === 0 ? <p>Nada abaixo do necessário agora.</p> : null}
      <ul className="flex flex-col gap-1" data-testid="dashboard-reorder">
        {reorder?.data.map((row) => (
          <li key={row.product.id} className="flex justify-between gap-3">
            <span className="min-w-0 break-words">
              {row.product.name} <span className="text-xs opacity-80">({row.supplier.name})</span>
            </span>
            <span className="whitespace-nowrap">
              {formatQuantity(row.suggestedQuantity)} {row.unity}
            </span>
          </li>
        ))}
      </ul>
      <Link className="link" to={`${paths.reports}?aba=compra`}>
        Ver a sugestão de compra completa{reorder ? ` (${reorder.total})` : ''}
      </Link>
      <p data-testid="dashboard-dead-stock">
        Estoque parado há 90 dias ou mais: <strong>{dead ? formatMoney(dead.totalValue) : '—'}</strong>
        {dead ? ` em ${dead.total} ${dead.total === 1 ? 'produto' : 'produtos'}` : ''}.{' '}
        <Link className="link" to={`${paths.reports}?aba=parado`}>
          Ver
        </Link>
      </p>
    </div>
  );
}

/** What an owner deciding this week's purchases looks at first (decision 0079). */
export function DashboardCharts() {
  const today = useBusinessToday();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <TitleCard title="Valor do estoque nos últimos 12 meses">
        <StockValueChart today={today} />
      </TitleCard>
      <TitleCard title="Curva ABC das saídas (90 dias)">
        <AbcChart today={today} />
      </TitleCard>
      <TitleCard
        title="O que comprar"
        actions={
          <Link to={paths.reports} className="btn btn-sm">
            Análises
          </Link>
        }
      >
        <ToBuy />
      </TitleCard>
    </div>
  );
}
