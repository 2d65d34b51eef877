import { featureMessages } from '../../../config/feature-messages.ts';
import { localToday } from '../../../lib/dates.ts';

/** Estoque's "Saldo em" date picker; the page keeps the date in the URL as `date` (absent: today). */
export function BalanceDatePicker({ value, onChange }: { value: string; onChange: (date: string) => void }) {
  const today = localToday();
  return (
    <label className="flex items-center gap-2 text-sm">
      {featureMessages.stockHistory.balanceAt}
      <input
        type="date"
        className="input input-sm w-auto"
        aria-label={featureMessages.stockHistory.balanceAt}
        max={today}
        value={value || today}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
