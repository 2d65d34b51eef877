import { LedgerPage } from './ledger-page.tsx';

export default function StockInPage() {
  return <LedgerPage direction="in" />;
}
