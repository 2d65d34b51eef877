import { useSearchParams } from 'react-router';
import { messages } from '../../../config/messages.ts';

const text = messages.stockHistory;
export type ProductTab = 'overview' | 'kardex';

/** The product screen's tab, kept in the URL (`?tab=kardex`) so Back and reload keep it. */
export function useProductTab(): [ProductTab, (tab: ProductTab) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: ProductTab = searchParams.get('tab') === 'kardex' ? 'kardex' : 'overview';
  const setTab = (next: ProductTab) => setSearchParams(next === 'kardex' ? { tab: next } : {});
  return [tab, setTab];
}

export function ProductTabs({ tab, onChange }: { tab: ProductTab; onChange: (tab: ProductTab) => void }) {
  const item = (value: ProductTab, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={tab === value}
      className={`tab ${tab === value ? 'tab-active' : ''}`}
      onClick={() => onChange(value)}
    >
      {label}
    </button>
  );
  return (
    <div role="tablist" className="tabs tabs-box w-fit">
      {item('overview', text.overviewTab)}
      {item('kardex', text.kardexTab)}
    </div>
  );
}
