import { useState } from 'react';
import type { TNfePreview } from '@armazem/contracts/nfe';
import { formatDate, formatMoney, maskDocument } from '../../../lib/format.ts';
import { useBusinessToday } from '../../../lib/business-today.ts';
import { useNotifySuccess } from '../../../lib/use-notify.ts';
import { featureMessages } from '../../../config/feature-messages.ts';
import { useUnitiesQuery } from '../../../lib/lookups-api.ts';
import type { TChosenEffect } from '@armazem/contracts/fiscal-effects';
import {
  effectProblem,
  importData,
  initialChoice,
  initialEffect,
  isResolved,
  needsProduct,
  packageUnconfirmed,
  sumMoney,
  type ItemChoice,
} from '../nfe-choices.ts';
import { withEffects } from './nfe-effect-cell.tsx';
import { useImportNfeMutation } from '../nfe-api.ts';
import { nfeItemColumns } from './nfe-item-columns.tsx';
import { NoteTable } from './note-table.tsx';
import { NfeBulkCreate } from './nfe-bulk-create.tsx';
import { DateField } from '../../../components/ui/date-field.tsx';

const REGIME = { simples: 'Simples Nacional', presumido: 'Lucro Presumido', real: 'Lucro Real' } as const;

function Totals({ preview }: { preview: TNfePreview }) {
  const t = preview.totals;
  const differs = t.difference !== '0.0000';
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4" data-testid="nfe-totals">
      <dt>Produtos (vProd)</dt>
      <dd className="text-right">{formatMoney(t.products)}</dd>
      <dt>Descontos</dt>
      <dd className="text-right">{formatMoney(t.discount)}</dd>
      <dt>Frete + seguro + outras</dt>
      <dd className="text-right">{formatMoney(sumMoney(t.freight, t.insurance, t.other))}</dd>
      <dt>IPI + ICMS-ST + FCP-ST</dt>
      <dd className="text-right">{formatMoney(sumMoney(t.ipi, t.icmsSt, t.fcpSt))}</dd>
      <dt className="font-semibold">Total da nota (vNF)</dt>
      <dd className="text-right font-semibold">{formatMoney(t.invoice)}</dd>
      <dt className="font-semibold">Soma dos itens</dt>
      <dd className={`text-right font-semibold ${differs ? 'text-error' : ''}`}>
        {formatMoney(t.itemsInvoice)}
        {differs ? ` (diferença ${formatMoney(t.difference)})` : ''}
      </dd>
      {/* a note the business issued takes its goods out at the average: no entry cost to show */}
      {preview.side === 'issued' ? null : (
        <>
          <dt className="font-semibold">Custo que entra no estoque ({REGIME[preview.taxRegime]})</dt>
          <dd className="text-right font-semibold" data-testid="nfe-total-cost">
            {formatMoney(t.totalCost)}
          </dd>
        </>
      )}
    </dl>
  );
}

function PreviewHeader({ preview }: { preview: TNfePreview }) {
  return (
    <>
      <div className="grid gap-1 text-sm sm:grid-cols-2">
        <p>
          <strong>
            NF-e {preview.number}/{preview.series}
          </strong>{' '}
          de {formatDate(preview.issuedOn)}
        </p>
        <p>
          {preview.side === 'issued' ? 'Destinatário' : 'Fornecedor'}:{' '}
          <strong>{preview.supplier.name}</strong> ({maskDocument(preview.supplier.document)})
          {preview.supplier.id ? '' : ' — será cadastrado'}
        </p>
        {preview.establishment ? (
          <p data-testid="nfe-establishment">
            {preview.transferTo
              ? `Transferência de ${preview.establishment.name} para ${preview.transferTo.name}`
              : `${preview.side === 'issued' ? 'Emitida por' : 'Para'} ${preview.establishment.name}`}
          </p>
        ) : null}
        <p className="break-all">Chave: {preview.accessKey}</p>
        <p>{preview.authorized ? 'Autorizada pela SEFAZ' : 'Sem protocolo de autorização'}</p>
        <p data-testid="nfe-signature">
          Assinatura digital conferida: {preview.signature.signer.name}
          {preview.signature.signer.document ? ` (${maskDocument(preview.signature.signer.document)})` : ''},
          certificado emitido por {preview.signature.issuer}, válido de{' '}
          {formatDate(preview.signature.validFrom.slice(0, 10))} a{' '}
          {formatDate(preview.signature.validTo.slice(0, 10))}
        </p>
      </div>
      {[...preview.errors, ...preview.warnings].map((text, index) => (
        <div
          key={text}
          role="alert"
          className={`alert ${index < preview.errors.length ? 'alert-error' : 'alert-warning'}`}
        >
          {text}
        </div>
      ))}
    </>
  );
}

function ItemsTable({
  preview,
  choices,
  setChoice,
  effects,
  setEffect,
}: {
  preview: TNfePreview;
  choices: ReadonlyMap<number, ItemChoice | null>;
  setChoice: (item: number, choice: ItemChoice | null) => void;
  effects: ReadonlyMap<number, TChosenEffect | null>;
  setEffect: (item: number, effect: TChosenEffect | null) => void;
}) {
  const { data: unities = [] } = useUnitiesQuery({ status: 'active' });
  const defaults = {
    baseUnityId: unities.find((u) => u.code === 'UN')?.id ?? null,
    importable: preview.errors.length === 0,
  };
  return (
    <NoteTable
      label={`Itens da NF-e ${preview.number}`}
      columns={withEffects(
        nfeItemColumns(choices, setChoice, defaults),
        effects,
        setEffect,
        preview.transferTo !== null,
      )}
      rows={preview.items}
      rowKey={(item) => item.item}
      rowTestId={(item) => `nfe-item-${item.item}`}
    />
  );
}

/**
 * How many items cannot be imported yet: an effect still to choose (or one not posted here), no product chosen for
 * an item that moves stock, or a new product's fields not filled right.
 */
function useUnresolved(
  preview: TNfePreview,
  choices: ReadonlyMap<number, ItemChoice | null>,
  effects: ReadonlyMap<number, TChosenEffect | null>,
): number {
  const { data: unities = [] } = useUnitiesQuery({ status: 'active' });
  const fractional = (unityId: number) => unities.find((u) => u.id === unityId)?.fractional ?? false;
  return preview.items.filter((item) => {
    const effect = effects.get(item.item) ?? null;
    if (effectProblem(effect, preview.transferTo !== null)) return true;
    const choice = choices.get(item.item) ?? null;
    return needsProduct(effect) && (!isResolved(choice, fractional) || packageUnconfirmed(item, choice));
  }).length;
}

/** Each item's effect as the person sees it: the table's, or their choice for an `ask` item. */
function useItemEffects(preview: TNfePreview) {
  const [effects, setEffects] = useState(
    () => new Map(preview.items.map((item) => [item.item, initialEffect(item)])),
  );
  const setEffect = (item: number, effect: TChosenEffect | null) =>
    setEffects((current) => new Map(current).set(item, effect));
  return [effects, setEffect] as const;
}

function OccurredOnField(props: {
  value: string;
  min: string;
  max: string;
  onChange: (value: string) => void;
}) {
  return (
    <DateField
      label="Data da entrada"
      className="w-36"
      small
      value={props.value}
      min={props.min}
      max={props.max}
      onChange={(date) => date && props.onChange(date)}
    />
  );
}

/** One note's preview: header, warnings, the items to resolve, totals against the invoice's, and "Importar". */
export function NfePreviewPanel({
  file,
  preview,
  onDone,
}: {
  file: File;
  preview: TNfePreview;
  onDone: () => void;
}) {
  const today = useBusinessToday();
  const [choices, setChoices] = useState(
    () => new Map(preview.items.map((item) => [item.item, initialChoice(item)])),
  );
  const [effects, setEffect] = useItemEffects(preview);
  const [occurredOn, setOccurredOn] = useState(today < preview.issuedOn ? preview.issuedOn : today);
  const [acceptUnauthorized, setAcceptUnauthorized] = useState(false);
  const [importNfe, { isLoading }] = useImportNfeMutation();
  const notify = useNotifySuccess();
  const unresolved = useUnresolved(preview, choices, effects);
  const blocked =
    preview.errors.length > 0 || unresolved > 0 || (!preview.authorized && !acceptUnauthorized) || isLoading;
  const run = async () => {
    const data = importData(preview, choices, { occurredOn, acceptUnauthorized, effects });
    const result = await importNfe({ file, data });
    if ('error' in result) return;
    notify(featureMessages.success.nfeImported(result.data.entries));
    onDone();
  };
  return (
    <div className="flex flex-col gap-4" data-testid="nfe-preview">
      <PreviewHeader preview={preview} />
      <NfeBulkCreate
        preview={preview}
        choices={choices}
        effects={effects}
        onCreate={(created) => setChoices((current) => new Map([...current, ...created]))}
      />
      <ItemsTable
        preview={preview}
        choices={choices}
        setChoice={(item, choice) => setChoices((current) => new Map(current).set(item, choice))}
        effects={effects}
        setEffect={setEffect}
      />
      <Totals preview={preview} />
      <div className="flex flex-wrap items-end gap-4">
        <OccurredOnField value={occurredOn} min={preview.issuedOn} max={today} onChange={setOccurredOn} />
        {!preview.authorized ? (
          <label className="label gap-2">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={acceptUnauthorized}
              onChange={(e) => setAcceptUnauthorized(e.target.checked)}
            />
            Importar mesmo sem autorização
          </label>
        ) : null}
        <p className="text-sm" data-testid="nfe-unresolved">
          {unresolved > 0
            ? `${unresolved} ${unresolved === 1 ? 'item a resolver' : 'itens a resolver'}`
            : 'Todos os itens resolvidos'}
        </p>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={blocked}
          onClick={() => void run()}
        >
          {isLoading ? <span className="loading loading-spinner loading-sm" /> : null}
          Importar
        </button>
      </div>
    </div>
  );
}
