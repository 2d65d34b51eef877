import { useMemo, useState } from 'react';
import type { TCountItem } from '@armazem/contracts/counts';
import { messages } from '../../../config/messages.ts';
import { featureMessages } from '../../../config/feature-messages.ts';
import { formatDateTime, formatMoney, formatQuantity } from '../../../lib/format.ts';
import { useUncountedQuery } from '../counts-api.ts';
import { TypedTotal } from './typed-total.tsx';

const SHOWN = 200;

const differenceClass = (difference: string | null) =>
  difference === null || Number(difference) === 0
    ? ''
    : difference.startsWith('-')
      ? 'text-error'
      : 'text-success';

/** Who counted what of a line ("Ana: 12 UN · João: 8 UN") and when it was last counted. */
function CountedBy({ item }: { item: TCountItem }) {
  if (item.countedBy.length === 0) return null;
  const parts = item.countedBy
    .map((part) => `${part.user.name}: ${formatQuantity(part.quantity)} ${item.unity.code}`)
    .join(' · ');
  return (
    <p className="mt-1 text-xs" data-testid="count-parts">
      {featureMessages.counts.countedBy(parts)}
      {item.countedAt ? ` ${featureMessages.counts.lastCountedAt(formatDateTime(item.countedAt))}` : ''}
    </p>
  );
}

function Difference({ item }: { item: TCountItem }) {
  if (item.expectedQuantity === null) return <>{featureMessages.counts.hidden}</>;
  return (
    <>
      {item.difference === null
        ? '—'
        : `${Number(item.difference) > 0 ? '+' : ''}${formatQuantity(item.difference)} ${item.unity.code}`}
      {item.differenceValue !== null && Number(item.differenceValue) !== 0
        ? ` (${formatMoney(item.differenceValue)})`
        : ''}
    </>
  );
}

function Line({ item, countId, open }: { item: TCountItem; countId: number; open: boolean }) {
  return (
    <li className="border-base-300 rounded-box border p-3" data-testid="count-line">
      <div className="flex flex-wrap justify-between gap-2">
        <span className="font-semibold break-words">{item.product.name}</span>
        <span className="font-mono text-sm opacity-80">{item.product.sku}</span>
      </div>
      <dl className="mt-1 grid grid-cols-3 gap-1 text-sm">
        <div>
          <dt className="opacity-70">Esperado</dt>
          <dd>
            {item.expectedQuantity === null
              ? featureMessages.counts.hidden
              : `${formatQuantity(item.expectedQuantity)} ${item.unity.code}`}
          </dd>
        </div>
        <div>
          <dt className="opacity-70">Contado</dt>
          <dd data-testid="count-counted">
            {item.countedQuantity === null
              ? '—'
              : `${formatQuantity(item.countedQuantity)} ${item.unity.code}`}
          </dd>
        </div>
        <div>
          <dt className="opacity-70">Diferença</dt>
          <dd className={differenceClass(item.difference)}>
            <Difference item={item} />
          </dd>
        </div>
      </dl>
      <CountedBy item={item} />
      {open ? <TypedTotal countId={countId} item={item} /> : null}
    </li>
  );
}

/** The count's lines as cards (a phone in one hand): expected, counted, difference and its value, who counted. */
export function CountLines({
  items,
  countId,
  open,
}: {
  items: readonly TCountItem[];
  countId: number;
  open: boolean;
}) {
  const [q, setQ] = useState('');
  const filtered = useMemo(() => {
    const words = q.trim().toLowerCase().split(/\s+/).filter(Boolean);
    if (words.length === 0) return items;
    return items.filter((item) => {
      const text = `${item.product.sku} ${item.product.name} ${item.product.barcode ?? ''}`.toLowerCase();
      return words.every((word) => text.includes(word));
    });
  }, [items, q]);
  return (
    <div className="grid gap-2">
      <label className="form-control">
        <span className="label-text">Procurar na lista</span>
        <input className="input input-bordered w-full" value={q} onChange={(e) => setQ(e.target.value)} />
      </label>
      {filtered.length > SHOWN ? (
        <p className="text-sm opacity-80">
          Mostrando {SHOWN} de {filtered.length} produtos: use a busca para achar os outros.
        </p>
      ) : null}
      <ul className="grid gap-2" data-testid="count-lines">
        {filtered.slice(0, SHOWN).map((item) => (
          <Line key={item.product.id} item={item} countId={countId} open={open} />
        ))}
      </ul>
    </div>
  );
}

/** The products of the count not counted yet (GET …/uncounted), to find before posting. */
export function UncountedList({ countId }: { countId: number }) {
  const { data } = useUncountedQuery(countId);
  if (!data) return <p>{messages.loading}</p>;
  if (data.length === 0) return <p data-testid="uncounted-empty">{featureMessages.counts.allCounted}</p>;
  return (
    <ul className="grid gap-1" data-testid="uncounted-list">
      {data.slice(0, SHOWN).map((item) => (
        <li key={item.product.id} className="flex flex-wrap justify-between gap-2 border-b py-1">
          <span className="break-words">{item.product.name}</span>
          <span className="font-mono text-sm opacity-80">{item.product.sku}</span>
        </li>
      ))}
      {data.length > SHOWN ? (
        <li className="text-sm opacity-80">
          Mostrando {SHOWN} de {data.length.toLocaleString('pt-BR')} produtos não contados.
        </li>
      ) : null}
    </ul>
  );
}
