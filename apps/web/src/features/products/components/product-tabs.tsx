import type { KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { featureMessages } from '../../../config/feature-messages.ts';

const text = featureMessages.stockHistory;
export type ProductTab = 'overview' | 'kardex' | 'history';

/** The product screen's tab, kept in the URL (`?tab=kardex`) so Back and reload keep it. */
export function useProductTab(): [ProductTab, (tab: ProductTab) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('tab');
  const tab: ProductTab = asked === 'kardex' || asked === 'history' ? asked : 'overview';
  const setTab = (next: ProductTab) => setSearchParams(next === 'overview' ? {} : { tab: next });
  return [tab, setTab];
}

const TABS: readonly ProductTab[] = ['overview', 'kardex', 'history'];

/**
 * The tabs as the ARIA tab pattern has them: Tab reaches the selected one, the arrow keys (and Home/End) move to and
 * select the others.
 */
export function ProductTabs({ tab, onChange }: { tab: ProductTab; onChange: (tab: ProductTab) => void }) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = TABS.indexOf(tab);
    const next = {
      ArrowRight: TABS[(at + 1) % TABS.length],
      ArrowLeft: TABS[(at - 1 + TABS.length) % TABS.length],
      Home: TABS[0],
      End: TABS[TABS.length - 1],
    }[event.key];
    if (!next) return;
    event.preventDefault();
    onChange(next);
    event.currentTarget.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus();
  };
  const item = (value: ProductTab, label: string) => (
    <button
      type="button"
      role="tab"
      data-tab={value}
      aria-selected={tab === value}
      tabIndex={tab === value ? 0 : -1}
      className={`tab ${tab === value ? 'tab-active' : ''}`}
      onClick={() => onChange(value)}
    >
      {label}
    </button>
  );
  return (
    <div role="tablist" className="tabs tabs-box w-fit" onKeyDown={onKeyDown}>
      {item('overview', text.overviewTab)}
      {item('kardex', text.kardexTab)}
      {item('history', featureMessages.audit.historyTitle)}
    </div>
  );
}
