import { useState } from 'react';
import { INVENTORY_REASONS, INVENTORY_REASON_LABELS } from '@armazem/contracts/inventory';
import { Icon } from '../../../components/ui/icon.tsx';
import { inventoryUrls, useInventoryQuery } from '../inventory-api.ts';

type Reason = (typeof INVENTORY_REASONS)[number];
type Layout = 'block' | 'efd';

/** What each reason adds under every item of the file (DESIGN.md §6.5, decision 0074). */
const REASON_NOTES: Record<Reason, string> = {
  '01': 'Só o inventário (H005 e H010), sem H020 nem H030.',
  '02': 'Cada item leva um H020 (CST, base e ICMS) calculado das NF-e de entrada que formam o seu valor. O Guia Prático pede o H020 só dos itens cuja tributação mudou: o contador retira os outros.',
  '03': 'Cada item leva um H020 (CST, base e ICMS) calculado das NF-e de entrada que formam o seu valor.',
  '04': 'Cada item leva um H020 (CST, base e ICMS) calculado das NF-e de entrada que formam o seu valor.',
  '05': 'Cada item leva um H020 (CST, base e ICMS) calculado das NF-e de entrada que formam o seu valor.',
  '06': 'Cada item leva um H030 com as médias por unidade do ICMS próprio, da base e do ICMS-ST e do FCP das NF-e de entrada.',
};

/** The items no NF-e entry values: their H020/H030 go with zeros, for the accountant to review. */
function WithoutEntry({
  date,
  establishmentId,
  reason,
}: {
  date: string;
  establishmentId: number | null;
  reason: Reason;
}) {
  const { data } = useInventoryQuery({ date, establishmentId, reason }, { skip: reason === '01' });
  const items = reason === '01' ? [] : (data?.withoutEntry ?? []);
  if (items.length === 0) return null;
  return (
    <div role="alert" className="alert alert-warning basis-full" data-testid="inventory-without-entry">
      <Icon name="alert" className="h-5 w-5" />
      <div>
        <p>
          {items.length === 1 ? '1 item não tem' : `${items.length} itens não têm`} NF-e de entrada: o{' '}
          {reason === '06' ? 'H030' : 'H020'} sai com valores zero. Revise com o contador:
        </p>
        <ul className="list-disc pl-5 text-sm">
          {items.map(({ product }) => (
            <li key={product.id}>
              {product.name} <span className="font-mono">{product.sku}</span>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The file is fetched so that a refusal (what to fill in for the complete file) shows here, not as a download. */
async function download(url: string): Promise<string | null> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    return body?.message ?? 'Não foi possível gerar o arquivo.';
  }
  const name = /filename="([^"]+)"/i.exec(response.headers.get('content-disposition') ?? '')?.[1];
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name ?? 'inventario.txt';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return null;
}

/** Only block H, or the complete EFD file of a month (the inventory's or a later one: February for 31/12). */
function LayoutChoice({
  layout,
  onLayout,
  month,
  onMonth,
  earliest,
}: {
  layout: Layout;
  onLayout: (layout: Layout) => void;
  month: string;
  onMonth: (month: string) => void;
  earliest: string;
}) {
  return (
    <>
      <label className="form-control">
        <span className="label-text">Arquivo</span>
        <select
          className="select select-bordered select-sm"
          value={layout}
          onChange={(e) => onLayout(e.target.value === 'efd' ? 'efd' : 'block')}
          data-testid="inventory-layout"
        >
          <option value="block">Só o bloco H</option>
          <option value="efd">Arquivo EFD completo</option>
        </select>
      </label>
      {layout === 'efd' ? (
        <label className="form-control">
          <span className="label-text">Período do arquivo</span>
          <input
            type="month"
            className="input input-bordered input-sm"
            value={month}
            min={earliest}
            onChange={(e) => onMonth(e.target.value)}
            data-testid="inventory-period"
          />
        </label>
      ) : null}
    </>
  );
}

/** The Bloco H file or the complete EFD file of the date: reason, layout, period, and what each adds. */
export function SpedDownload({ date, establishmentId }: { date: string; establishmentId: number | null }) {
  const [reason, setReason] = useState<Reason>('01');
  const [layout, setLayout] = useState<Layout>('block');
  const [period, setPeriod] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const month = period || date.slice(0, 7);
  const fetchFile = async () => {
    setBusy(true);
    try {
      setProblem(await download(inventoryUrls.sped(date, reason, establishmentId, layout, month)));
    } catch {
      setProblem('Sem conexão com o servidor.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      role="group"
      aria-label="Arquivo do SPED"
      className="border-base-300 flex flex-wrap items-end gap-2 sm:border-l sm:pl-3"
    >
      <label className="form-control">
        <span className="label-text">Motivo do inventário</span>
        <select
          className="select select-bordered select-sm"
          value={reason}
          onChange={(e) => setReason(e.target.value as Reason)}
          data-testid="inventory-reason"
        >
          {INVENTORY_REASONS.map((code) => (
            <option key={code} value={code}>
              {code} — {INVENTORY_REASON_LABELS[code]}
            </option>
          ))}
        </select>
      </label>
      <LayoutChoice
        layout={layout}
        onLayout={setLayout}
        month={month}
        onMonth={setPeriod}
        earliest={date.slice(0, 7)}
      />
      <button
        type="button"
        className="btn btn-sm"
        onClick={() => void fetchFile()}
        disabled={busy}
        data-testid="inventory-sped"
      >
        <Icon name="download" className="h-4 w-4" /> {layout === 'efd' ? 'EFD completa' : 'Bloco H (SPED)'}
      </button>
      <p className="basis-full text-sm" data-testid="inventory-reason-note">
        {REASON_NOTES[reason]}
      </p>
      {problem ? (
        <div role="alert" className="alert alert-error basis-full" data-testid="inventory-sped-problem">
          <span>{problem}</span>
        </div>
      ) : null}
      <WithoutEntry date={date} establishmentId={establishmentId} reason={reason} />
    </div>
  );
}
