import { useState } from 'react';
import type { TCountDetail } from '@armazem/contracts/counts';
import { Icon } from '../../../components/ui/icon.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import {
  countUrls,
  usePostCountMutation,
  useRemoveCountMutation,
  useUploadCountSheetMutation,
} from '../counts-api.ts';

type RowError = { line: number; message: string };

/** Sheet download and upload (with the rows in error when refused). */
function SheetActions({ count }: { count: TCountDetail }) {
  const [upload, { isLoading }] = useUploadCountSheetMutation();
  const [errors, setErrors] = useState<RowError[]>([]);
  const notify = useNotifySuccess();
  const send = async (file: File | undefined) => {
    if (!file) return;
    setErrors([]);
    const result = await upload({ id: count.id, file });
    if ('error' in result) {
      const data = (result.error as { data?: { rows?: RowError[] } }).data;
      setErrors(data?.rows ?? []);
    } else notify('Planilha de contagem registrada com sucesso!');
  };
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <a className="btn btn-sm" href={countUrls.sheet(count.id)} download>
          <Icon name="download" className="h-4 w-4" /> Baixar planilha de contagem
        </a>
        {count.status === 'open' ? (
          <label className="btn btn-sm">
            <Icon name="upload" className="h-4 w-4" /> Enviar planilha preenchida
            <input
              type="file"
              className="hidden"
              accept=".xlsx,.csv"
              disabled={isLoading}
              onChange={(e) => void send(e.target.files?.[0])}
            />
          </label>
        ) : null}
      </div>
      {errors.length > 0 ? (
        <div role="alert" className="alert alert-error">
          <ul>
            {errors.slice(0, 50).map((row) => (
              <li key={row.line}>
                Linha {row.line}: {row.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** Post (with confirmation), discard an open count, undo a posted one. */
// eslint-disable-next-line max-lines-per-function -- one JSX tree: the buttons and their two confirmations
export function CountActions({ count }: { count: TCountDetail }) {
  const [confirming, setConfirming] = useState<'post' | 'remove' | null>(null);
  const [uncountedAsZero, setUncountedAsZero] = useState(false);
  const [postCount, posting] = usePostCountMutation();
  const [removeCount, removing] = useRemoveCountMutation();
  const notify = useNotifySuccess();
  const { totals } = count;
  const doPost = async () => {
    const result = await postCount({ id: count.id, uncountedAsZero });
    if ('data' in result) notify('Balanço lançado no estoque com sucesso!');
    setConfirming(null);
  };
  const doRemove = async () => {
    const result = await removeCount(count.id);
    if (!('error' in result))
      notify(count.status === 'posted' ? 'Balanço desfeito com sucesso!' : 'Balanço descartado com sucesso!');
    setConfirming(null);
  };
  return (
    <div className="grid gap-3">
      <SheetActions count={count} />
      <div className="flex flex-wrap gap-2">
        {count.status === 'open' ? (
          <button className="btn btn-primary" onClick={() => setConfirming('post')}>
            Lançar no estoque
          </button>
        ) : null}
        {count.status !== 'discarded' ? (
          <button className="btn btn-outline btn-error" onClick={() => setConfirming('remove')}>
            {count.status === 'posted' ? 'Desfazer balanço' : 'Descartar balanço'}
          </button>
        ) : null}
      </div>
      {confirming === 'post' ? (
        <div
          role="alertdialog"
          aria-label="Confirmar lançamento"
          className="alert flex flex-col items-start gap-2"
        >
          <p>
            {totals.withDifference} produtos com diferença: sobras de {formatMoney(totals.surplusValue)} e
            faltas de {formatMoney(totals.shortageValue)}. {totals.uncounted} produtos não foram contados.
          </p>
          <label className="label cursor-pointer gap-2">
            <input
              type="checkbox"
              className="checkbox"
              checked={uncountedAsZero}
              onChange={(e) => setUncountedAsZero(e.target.checked)}
            />
            <span>Considerar os não contados como zero (zera o saldo deles)</span>
          </label>
          <div className="flex gap-2">
            <button className="btn btn-primary" disabled={posting.isLoading} onClick={() => void doPost()}>
              Confirmar lançamento
            </button>
            <button className="btn" onClick={() => setConfirming(null)}>
              Voltar
            </button>
          </div>
        </div>
      ) : null}
      {confirming === 'remove' ? (
        <div role="alertdialog" aria-label="Confirmar" className="alert flex flex-col items-start gap-2">
          <p>
            {count.status === 'posted'
              ? 'Os ajustes deste balanço serão cancelados e o estoque volta ao que era.'
              : 'As contagens deste balanço serão descartadas.'}
          </p>
          <div className="flex gap-2">
            <button className="btn btn-error" disabled={removing.isLoading} onClick={() => void doRemove()}>
              Confirmar
            </button>
            <button className="btn" onClick={() => setConfirming(null)}>
              Voltar
            </button>
          </div>
        </div>
      ) : null}
      {posting.error || removing.error ? (
        <p className="text-error">{errorMessage(posting.error ?? removing.error)}</p>
      ) : null}
    </div>
  );
}
