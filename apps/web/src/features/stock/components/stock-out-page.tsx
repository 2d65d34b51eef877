import { LedgerPage } from './ledger-page.tsx';

export default function StockOutPage() {
  return <LedgerPage direction="out" />;
}
