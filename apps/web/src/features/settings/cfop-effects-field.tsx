import { useState } from 'react';
import { CHOSEN_EFFECTS, EFFECT_LABELS, type TChosenEffect } from '@armazem/contracts/fiscal-effects';

/**
 * The admin's effect per CFOP, over the table of the user guide ("O que cada nota faz no estoque"): a list of the
 * CFOPs changed, each removable, and a row to add one. Saved with the rest of the settings.
 */
export function CfopEffectsField({
  value,
  onChange,
  disabled,
}: {
  value: Readonly<Record<string, TChosenEffect>>;
  onChange: (value: Record<string, TChosenEffect>) => void;
  disabled: boolean;
}) {
  const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
  return (
    <fieldset className="fieldset" data-testid="cfop-effects">
      <legend className="fieldset-legend">Efeito no estoque por CFOP (sobrepõe a tabela do guia)</legend>
      {entries.length === 0 ? (
        <p className="text-sm opacity-80">Nenhum CFOP alterado: vale a tabela do guia.</p>
      ) : null}
      <ul className="flex flex-col gap-1">
        {entries.map(([code, chosen]) => (
          <li key={code} className="flex items-center gap-2 text-sm">
            <span className="font-mono">
              {code[0]}.{code.slice(1)}
            </span>
            <span>→ {EFFECT_LABELS[chosen]}</span>
            {disabled ? null : (
              <button
                type="button"
                className="btn btn-ghost btn-xs"
                aria-label={`Remover o efeito do CFOP ${code}`}
                onClick={() => onChange(Object.fromEntries(entries.filter(([other]) => other !== code)))}
              >
                Remover
              </button>
            )}
          </li>
        ))}
      </ul>
      {disabled ? null : <AddCfopEffect onAdd={(code, chosen) => onChange({ ...value, [code]: chosen })} />}
    </fieldset>
  );
}

/** The row that adds a CFOP and its effect. */
function AddCfopEffect({ onAdd }: { onAdd: (cfop: string, effect: TChosenEffect) => void }) {
  const [cfop, setCfop] = useState('');
  const [effect, setEffect] = useState<TChosenEffect>('purchase');
  const digits = cfop.replace(/\D/g, '');
  const valid = /^[1235-7][0-9]{3}$/.test(digits);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col text-sm">
        CFOP
        <input
          className="input input-sm w-24"
          inputMode="numeric"
          placeholder="5.949"
          value={cfop}
          onChange={(e) => setCfop(e.target.value)}
        />
      </label>
      <label className="flex flex-col text-sm">
        Efeito
        <select
          className="select select-sm"
          value={effect}
          onChange={(e) => setEffect(e.target.value as TChosenEffect)}
        >
          {CHOSEN_EFFECTS.map((choice) => (
            <option key={choice} value={choice}>
              {EFFECT_LABELS[choice]}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="btn btn-sm"
        disabled={!valid}
        onClick={() => {
          onAdd(digits, effect);
          setCfop('');
        }}
      >
        Adicionar
      </button>
    </div>
  );
}
