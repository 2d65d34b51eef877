import { featureMessages } from '../../../config/feature-messages.ts';
import { localToday } from '../../../lib/dates.ts';
import { DateField } from '../../../components/ui/date-field.tsx';

/** Estoque's "Saldo em" date picker; the page keeps the date in the URL as `date` (absent: today). */
export function BalanceDatePicker({ value, onChange }: { value: string; onChange: (date: string) => void }) {
  const today = localToday();
  return (
    <DateField
      label={featureMessages.stockHistory.balanceAt}
      className="w-36 py-0"
      small
      max={today}
      value={value || today}
      onChange={(date) => date && onChange(date)}
    />
  );
}
