import { useSearchParams } from 'react-router';
import { messages } from '../../../config/messages.ts';
import { localToday } from '../../../lib/dates.ts';

/** Estoque's "Saldo em" date, kept in the URL as `date`; absent means today (the current balances). */
export function useBalanceDate(): [string, (date: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const date = searchParams.get('date') ?? '';
  const setDate = (next: string) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (!next || next >= localToday()) params.delete('date');
      else params.set('date', next);
      return params;
    });
  return [date, setDate];
}

export function BalanceDatePicker({ value, onChange }: { value: string; onChange: (date: string) => void }) {
  const today = localToday();
  return (
    <label className="flex items-center gap-2 text-sm">
      {messages.stockHistory.balanceAt}
      <input
        type="date"
        className="input input-sm w-auto"
        aria-label={messages.stockHistory.balanceAt}
        max={today}
        value={value || today}
        onChange={(e) => onChange(e.target.value)}
      />
    </label>
  );
}
