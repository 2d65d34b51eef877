import { useId, useState, type FormEvent } from 'react';
import type { TCountItem } from '@armazem/contracts/counts';
import { formatScaled, parseTypedScaled } from '@armazem/contracts/decimal';
import { featureMessages } from '../../../config/feature-messages.ts';
import { errorMessage } from '../../../lib/api.ts';
import { formatQuantity } from '../../../lib/format.ts';
import { useSaveCountItemsMutation } from '../counts-api.ts';

/**
 * A total typed over a line: it carries the figure the person saw, so a count someone changed meanwhile is not
 * overwritten; the server's 409 says who changed it and to what, and the line refetches with the current figure.
 */
export function TypedTotal({ countId, item }: { countId: number; item: TCountItem }) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const [seen, setSeen] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveCountItemsMutation();
  const id = useId();
  const start = () => {
    setSeen(item.countedQuantity);
    setValue(item.countedQuantity === null ? '' : formatQuantity(item.countedQuantity));
    setNote(null);
    setEditing(true);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseTypedScaled(value, 3);
    if (!parsed.ok || parsed.value < 0n)
      return setNote({ text: featureMessages.numberField.unreadable, error: true });
    const countedQuantity = formatScaled(parsed.value, 3);
    const result = await save({
      id: countId,
      items: [{ productId: item.product.id, countedQuantity, seenQuantity: seen }],
    });
    if ('error' in result) return setNote({ text: errorMessage(result.error), error: true });
    setEditing(false);
    setNote({
      text: featureMessages.counts.totalSaved(
        item.product.name,
        `${formatQuantity(countedQuantity)} ${item.unity.code}`,
      ),
      error: false,
    });
  };
  return (
    <div className="mt-2 grid gap-1">
      {editing ? (
        <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => void submit(e)}>
          <label className="form-control">
            <span className="label-text text-xs">
              {featureMessages.counts.typedTotalLabel(item.product.name)}
            </span>
            <input
              className="input input-bordered input-sm w-32"
              inputMode="decimal"
              autoComplete="off"
              value={value}
              autoFocus
              aria-invalid={Boolean(note?.error)}
              aria-describedby={note ? `${id}-note` : undefined}
              onChange={(e) => setValue(e.target.value)}
              data-testid="count-total"
            />
          </label>
          <button type="submit" className="btn btn-sm btn-primary" disabled={isLoading}>
            {featureMessages.counts.saveTotal}
          </button>
          <button type="button" className="btn btn-sm" onClick={() => setEditing(false)}>
            {featureMessages.counts.cancel}
          </button>
        </form>
      ) : (
        <button type="button" className="btn btn-xs btn-ghost justify-self-start" onClick={start}>
          {featureMessages.counts.typeTotal}
        </button>
      )}
      {note ? (
        <p
          id={`${id}-note`}
          role={note.error ? 'alert' : 'status'}
          className={`text-sm ${note.error ? 'text-error' : 'text-success'}`}
          data-testid="count-total-note"
        >
          {note.text}
        </p>
      ) : null}
    </div>
  );
}
