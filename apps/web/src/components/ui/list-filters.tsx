import type { SelectHTMLAttributes } from 'react';
import type { TStatus } from '@armazem/contracts/common';
import { formatDocument } from '@armazem/contracts/documents';
import { useCategoriesQuery, useSuppliersSelectQuery } from '../../lib/lookups-api.ts';

interface CategorySelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
}

/** "Todas as categorias" (the empty value) or one category: a list's filter, or the scope of a count. */
export function CategorySelect({ value, onChange, ...rest }: CategorySelectProps) {
  const { data: categories = [] } = useCategoriesQuery();
  return (
    <select value={value} onChange={(e) => onChange(e.target.value)} {...rest}>
      <option value="">Todas as categorias</option>
      {categories.map((category) => (
        <option key={category.id} value={category.id}>
          {category.name}
        </option>
      ))}
    </select>
  );
}

/** The category filter of list screens. */
export function CategoryFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <CategorySelect
      className="select select-sm w-auto"
      aria-label="Filtrar por categoria"
      value={value}
      onChange={onChange}
    />
  );
}

/** "Todos" (the empty value) or one supplier, by name and document: the supplier filter of list screens. */
export function SupplierFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { data: suppliers = [] } = useSuppliersSelectQuery();
  return (
    <label className="fieldset">
      <span className="fieldset-legend">Fornecedor</span>
      <select className="select select-sm" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Todos</option>
        {suppliers.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name} ({formatDocument(s.document)})
          </option>
        ))}
      </select>
    </label>
  );
}

/** Todos / Ativos / Inativos, for list screens. */
export function StatusFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <select
      className="select select-sm w-auto"
      aria-label="Filtrar por status"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">Todos</option>
      <option value="active">Ativos</option>
      <option value="inactive">Inativos</option>
    </select>
  );
}

/** The status filter's value from the URL, or undefined when it is "Todos" (or not a status). */
export const statusFilterValue = (value: string): TStatus | undefined =>
  value === 'active' || value === 'inactive' ? value : undefined;
