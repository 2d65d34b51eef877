import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { BatchImporter } from './batch/batch-importer.tsx';
import { BatchList } from './batch/batch-list.tsx';
import { NfeReceiver } from './nfe-receiver.tsx';
import { NfeReceiptsList } from './nfe-receipts-list.tsx';

type Mode = 'note' | 'batch';
const MODES: ReadonlyArray<{ mode: Mode; label: string }> = [
  { mode: 'note', label: 'Nota a nota' },
  { mode: 'batch', label: 'Lote de documentos' },
];

/** The mode, kept in the URL (`?modo=lote`) so Back and reload keep it. */
function useMode(): [Mode, (mode: Mode) => void] {
  const [params, setParams] = useSearchParams();
  const mode: Mode = params.get('modo') === 'lote' ? 'batch' : 'note';
  // each mode's list keeps its own page and filters: switching starts the other one clean
  return [mode, (next) => setParams(next === 'batch' ? { modo: 'lote' } : {})];
}

/** The two modes as the ARIA tab pattern has them: the arrow keys (and Home/End) move to and select the other. */
function ModeTabs({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = MODES.findIndex((m) => m.mode === mode);
    const next = {
      ArrowRight: MODES[(at + 1) % MODES.length],
      ArrowLeft: MODES[(at - 1 + MODES.length) % MODES.length],
      Home: MODES[0],
      End: MODES[MODES.length - 1],
    }[event.key];
    if (!next) return;
    event.preventDefault();
    onChange(next.mode);
    event.currentTarget.querySelector<HTMLElement>(`[data-tab="${next.mode}"]`)?.focus();
  };
  return (
    <div role="tablist" aria-label="Como importar" className="tabs tabs-box w-fit" onKeyDown={onKeyDown}>
      {MODES.map((m) => (
        <button
          key={m.mode}
          type="button"
          role="tab"
          id={`nfe-tab-${m.mode}`}
          data-tab={m.mode}
          aria-selected={mode === m.mode}
          aria-controls={`nfe-panel-${m.mode}`}
          tabIndex={mode === m.mode ? 0 : -1}
          className={`tab ${mode === m.mode ? 'tab-active' : ''}`}
          onClick={() => onChange(m.mode)}
        >
          {m.label}
        </button>
      ))}
    </div>
  );
}

/** A mode's panel: mounted the first time it is opened, then kept (hidden), so a preview survives a look at the other. */
function ModePanel({ mode, current, children }: { mode: Mode; current: Mode; children: ReactNode }) {
  const [opened, setOpened] = useState(mode === current);
  if (!opened && mode === current) setOpened(true);
  if (!opened && mode !== current) return null;
  return (
    <div
      role="tabpanel"
      id={`nfe-panel-${mode}`}
      aria-labelledby={`nfe-tab-${mode}`}
      hidden={mode !== current}
      className="flex flex-col gap-6"
    >
      {children}
    </div>
  );
}

/**
 * Notas fiscais: one note at a time (receive goods from the supplier's NF-e XML, and the notes received), or a month
 * of documents in one go (DESIGN.md §6.4) and the batches imported.
 */
export default function NfePage() {
  usePageTitle('Notas fiscais');
  const [mode, setMode] = useMode();
  return (
    <div className="flex flex-col gap-6">
      <ModeTabs mode={mode} onChange={setMode} />
      <ModePanel mode="note" current={mode}>
        <NfeReceiver />
        <NfeReceiptsList />
      </ModePanel>
      <ModePanel mode="batch" current={mode}>
        <BatchImporter />
        <BatchList />
      </ModePanel>
    </div>
  );
}
