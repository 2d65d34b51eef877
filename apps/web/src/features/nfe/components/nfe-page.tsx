import { usePageTitle } from '../../../lib/use-page-title.ts';
import { NfeReceiver } from './nfe-receiver.tsx';
import { NfeReceiptsList } from './nfe-receipts-list.tsx';

/** Notas fiscais: receive goods from the supplier's NF-e XML, and the notes received. */
export default function NfePage() {
  usePageTitle('Notas fiscais');
  return (
    <div className="flex flex-col gap-6">
      <NfeReceiver />
      <NfeReceiptsList />
    </div>
  );
}
