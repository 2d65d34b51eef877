import type { ReactNode } from 'react';
import { TitleCard } from '../../components/ui/title-card.tsx';
import { useCategoriesQuery, useUnitiesQuery, useUnityBatchesQuery } from '../../lib/lookups-api.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

function ReferenceTable({
  title,
  note,
  headers,
  rows,
}: {
  title: string;
  note: string;
  headers: string[];
  rows: ReactNode[][] | undefined;
}) {
  usePageTitle(title);
  return (
    <TitleCard title={title}>
      <p className="text-base-content/70 mb-4 text-sm">{note}</p>
      {rows ? (
        <table className="table table-zebra">
          <thead>
            <tr>
              {headers.map((header) => (
                <th key={header}>{header}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((cells, index) => (
              <tr key={index}>
                {cells.map((cell, cellIndex) => (
                  <td key={cellIndex}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </TitleCard>
  );
}

export function CategoriesPage() {
  const { data } = useCategoriesQuery();
  return (
    <ReferenceTable
      title="Categorias"
      note="Categorias usadas para agrupar produtos nos cadastros e nos relatórios."
      headers={['Nome']}
      rows={data?.map((c) => [c.name])}
    />
  );
}

export function UnitiesPage() {
  const { data } = useUnitiesQuery();
  return (
    <ReferenceTable
      title="Unidades"
      note="Unidades de medida. As fracionárias aceitam quantidades com casas decimais (ex.: 1,250 KG)."
      headers={['Código', 'Nome', 'Fracionária']}
      rows={data?.map((u) => [
        <span className="font-mono">{u.code}</span>,
        u.name,
        u.fractional ? 'Sim' : 'Não',
      ])}
    />
  );
}

export function UnityBatchesPage() {
  const { data } = useUnityBatchesQuery();
  return (
    <ReferenceTable
      title="Embalagens"
      note="Tipos de embalagem usados nas unidades dos produtos (ex.: Caixa c/ 12 UN)."
      headers={['Código', 'Nome']}
      rows={data?.map((b) => [<span className="font-mono">{b.code}</span>, b.name])}
    />
  );
}
