import { useState } from 'react';
import { useEstablishmentsQuery } from '../../../lib/places-api.ts';
import { movementUrls } from '../movements-api.ts';

/**
 * The month's PDF report: of the first establishment, or of the one chosen when the business has more than one
 * (each CNPJ's month, DESIGN.md §6.3).
 */
export function ReportButton({ year, month }: { year: number; month: number }) {
  const { data: establishments = [] } = useEstablishmentsQuery();
  const [establishmentId, setEstablishmentId] = useState<number | null>(null);
  const first = establishments[0]?.id ?? null;
  const chosen = establishmentId !== null && establishmentId !== first ? establishmentId : null;
  const url = `${movementUrls.report(year, month)}${chosen ? `&establishmentId=${chosen}` : ''}`;
  return (
    <>
      {establishments.length > 1 ? (
        <select
          className="select select-bordered select-sm"
          aria-label="Estabelecimento do relatório"
          value={establishmentId ?? first ?? ''}
          onChange={(e) => setEstablishmentId(Number(e.target.value))}
        >
          {establishments.map((establishment) => (
            <option key={establishment.id} value={establishment.id}>
              {establishment.name}
            </option>
          ))}
        </select>
      ) : null}
      <button type="button" className="btn btn-sm" onClick={() => window.open(url, '_blank', 'noopener')}>
        Relatório PDF
      </button>
    </>
  );
}
