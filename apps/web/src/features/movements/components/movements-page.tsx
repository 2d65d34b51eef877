import { useRef } from 'react';
import { MONTH_NAMES } from '@armazem/contracts/movements';
import { isMonthClosed } from '@armazem/contracts/stock-history';
import { ExportMenu } from '../../../components/ui/export-menu.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import { TitleCard } from '../../../components/ui/title-card.tsx';
import { useBusinessToday } from '../../../lib/business-today.ts';
import { useClosingsQuery } from '../../../lib/closings-api.ts';
import { yearMonth } from '../../../lib/dates.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { ReportButton } from './report-button.tsx';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { movementUrls } from '../movements-api.ts';
import { useSheetImport } from '../use-sheet-import.ts';
import { ImportedSheets, MOVEMENT_SORTS, type MovementList, type MovementSort } from './imported-sheets.tsx';
import { MonthClosingPanel } from './month-closing-panel.tsx';
import { SheetImportCard } from './sheet-import-card.tsx';

/** The month shown lives in the URL too; without one (or with one out of range), the business's current month. */
function useShownMonth(list: MovementList) {
  const today = useBusinessToday();
  const currentYear = Number(today.slice(0, 4));
  const urlYear = Number(list.get('year'));
  const urlMonth = Number(list.get('month'));
  const year = Number.isInteger(urlYear) && urlYear >= 2000 && urlYear <= 2100 ? urlYear : currentYear;
  const month =
    Number.isInteger(urlMonth) && urlMonth >= 1 && urlMonth <= 12 ? urlMonth : Number(today.slice(5, 7));
  const years = Array.from({ length: 6 }, (_, i) => currentYear - 4 + i);
  if (!years.includes(year)) years.unshift(year);
  return { year, month, years };
}

interface PeriodProps {
  year: number;
  month: number;
  years: number[];
  onChange: (year: number, month: number) => void;
}

function PeriodSelect({ year, month, years, onChange }: PeriodProps) {
  return (
    <>
      <select
        className="select select-sm w-auto"
        aria-label="Mês"
        value={month}
        onChange={(e) => onChange(year, Number(e.target.value))}
      >
        {MONTH_NAMES.map((name, index) => (
          <option key={name} value={index + 1}>
            {name}
          </option>
        ))}
      </select>
      <select
        className="select select-sm w-auto"
        aria-label="Ano"
        value={year}
        onChange={(e) => onChange(Number(e.target.value), month)}
      >
        {years.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </>
  );
}

/** Movimentação: the month's imported sheets, upload with preview, import, undo and the PDF report. No success toasts (seed §8). */
export default function MovementsPage() {
  usePageTitle('Movimentação');
  const list = useListParams<MovementSort>({ sort: 'createdAt', order: 'desc', sorts: MOVEMENT_SORTS });
  const { year, month, years } = useShownMonth(list);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const sheet = useSheetImport(year, month, fileInputRef);
  // nothing is imported into a closed month: the upload says why instead
  const closed = isMonthClosed(yearMonth(year, month), useClosingsQuery().data?.closedThrough ?? null);
  const changePeriod = (nextYear: number, nextMonth: number) => {
    list.update({ year: nextYear, month: nextMonth });
    sheet.recheck(nextYear, nextMonth);
  };
  return (
    <div className="flex flex-col gap-6">
      <TitleCard
        title="Movimentação mensal"
        actions={
          <>
            <PeriodSelect year={year} month={month} years={years} onChange={changePeriod} />
            <a className="btn btn-sm" href={movementUrls.template()} download>
              <Icon name="download" className="h-4 w-4" />
              Baixar modelo
            </a>
            <ReportButton year={year} month={month} />
            <ExportMenu path="/stock/movement/v1" params={{ year, month }} />
          </>
        }
      >
        <MonthClosingPanel year={year} month={month} />
        <ImportedSheets year={year} month={month} list={list} />
      </TitleCard>
      <SheetImportCard
        sheet={sheet}
        fileInputRef={fileInputRef}
        closedMonth={closed ? `${String(month).padStart(2, '0')}/${year}` : null}
      />
    </div>
  );
}
