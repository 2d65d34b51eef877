import { useId } from 'react';
import type { TCountItem } from '@armazem/contracts/counts';
import { numberReading } from '../../../lib/format.ts';
import { featureMessages } from '../../../config/feature-messages.ts';
import {
  useCountScan,
  useTypedCodeUnit,
  type OnScanned,
  type ScanField,
  type ScanMessage,
} from '../use-count-scan.ts';

export type { OnScanned } from '../use-count-scan.ts';

/** Under the fields: how the quantity was read as it is typed, then the last scan's result or its problem. */
function ScanNotes({ id, reading, message }: { id: string; reading: string | null; message: ScanMessage }) {
  return (
    <>
      {reading ? (
        <p
          id={`${id}-reading`}
          className="col-span-2 text-sm sm:col-span-3"
          aria-live="polite"
          data-testid="number-reading"
        >
          {reading.startsWith('=') ? `Quantidade ${reading}` : reading}
        </p>
      ) : null}
      {message ? (
        <p
          id={`${id}-message`}
          role={message.error ? 'alert' : 'status'}
          className={`col-span-2 sm:col-span-3 ${message.error ? 'text-error' : 'text-success'} font-semibold`}
          data-testid="count-last"
        >
          {message.text}
        </p>
      ) : null}
    </>
  );
}

/**
 * The scanner's field: a code then Enter adds one package of what it names, or as many packages as the quantity
 * typed beside it (20 × "Pacote c/ 100" = 2.000 UN); the server adds it and the answer shows that reading. A typed
 * quantity shows how it was read ("= 1.500") while it is typed, before Enter sends it (DESIGN.md §4).
 */
export function ScanPanel({
  countId,
  items,
  onScanned,
}: {
  countId: number;
  items: readonly TCountItem[];
  onScanned: OnScanned;
}) {
  const { code, setCode, quantity, setQuantity, message, submit, isLoading, codeField, quantityField } =
    useCountScan(countId, onScanned);
  const unit = useTypedCodeUnit(items, code);
  const reading = numberReading(quantity, { kind: 'quantity', unit });
  const id = useId();
  const about = (field: ScanField) => Boolean(message?.error && message.field === field);
  const describedBy = (field: ScanField, ...others: Array<string | null>) =>
    [...others, about(field) ? `${id}-message` : null].filter(Boolean).join(' ') || undefined;
  return (
    <form
      className="grid grid-cols-[1fr_6rem] gap-2 sm:grid-cols-[1fr_8rem_auto]"
      onSubmit={(e) => void submit(e)}
    >
      <label className="form-control">
        <span className="label-text">Código ou código de barras</span>
        <input
          ref={codeField}
          className="input input-bordered input-lg w-full font-mono"
          value={code}
          autoFocus
          autoComplete="off"
          inputMode="text"
          aria-invalid={about('code')}
          aria-describedby={describedBy('code')}
          onChange={(e) => setCode(e.target.value)}
          data-testid="count-scan"
        />
      </label>
      <label className="form-control">
        <span className="label-text">Quantidade</span>
        <input
          ref={quantityField}
          className="input input-bordered input-lg w-full"
          value={quantity}
          inputMode="decimal"
          autoComplete="off"
          placeholder="1 emb."
          title={featureMessages.counts.scanQuantityTitle}
          aria-invalid={about('quantity')}
          aria-describedby={describedBy('quantity', reading ? `${id}-reading` : null)}
          onChange={(e) => setQuantity(e.target.value)}
          data-testid="count-quantity"
        />
      </label>
      <ScanNotes id={id} reading={reading} message={message} />
      {/* the button sits beside the fields on wider screens; on a phone under them and their messages */}
      <button
        type="submit"
        className="btn btn-primary btn-lg col-span-2 sm:col-span-1 sm:col-start-3 sm:row-start-1 sm:self-end"
        disabled={isLoading}
      >
        Contar
      </button>
    </form>
  );
}
