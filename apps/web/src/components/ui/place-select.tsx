import type { TLocation } from '@armazem/contracts/places';
import { usePlaces, type Places } from '../../lib/places-api.ts';
import { FieldShell } from './field-shell.tsx';

/** The location options, under each establishment's name when there is more than one establishment. */
function LocationOptions({ groups }: { groups: Places['groups'] }) {
  const option = (location: TLocation) => (
    <option key={location.id} value={location.id}>
      {location.name}
    </option>
  );
  if (groups.length === 1) return <>{groups[0]?.locations.map(option)}</>;
  return (
    <>
      {groups.map(({ establishment, locations }) => (
        <optgroup key={establishment.id} label={establishment.name}>
          {locations.map(option)}
        </optgroup>
      ))}
    </>
  );
}

interface LocationFieldProps {
  label: string;
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  /** the empty choice's text; none: a location must be chosen */
  placeholder?: string;
  hint?: string;
  places: Places;
}

/** A form's location: one select, grouped by establishment. */
export function LocationField({
  label,
  value,
  error,
  onChange,
  placeholder,
  hint,
  places,
  name,
}: LocationFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(control) => (
        <select
          {...control}
          name={name}
          className={`select w-full ${error ? 'select-error' : ''}`}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{placeholder ?? 'Selecione'}</option>
          <LocationOptions groups={places.groups} />
        </select>
      )}
    </FieldShell>
  );
}

/** Where a list or the kardex looks: a whole establishment or one location (both absent: the whole business). */
export interface PlaceScope {
  establishmentId?: number | undefined;
  locationId?: number | undefined;
}

/** The scope as kept in a list's URL (`establishmentId`, `locationId`), or undefined for what is absent. */
export function placeScope(get: (name: string) => string): PlaceScope {
  const establishmentId = Number(get('establishmentId')) || undefined;
  const locationId = Number(get('locationId')) || undefined;
  return locationId ? { locationId } : { establishmentId };
}

const scopeValue = ({ establishmentId, locationId }: PlaceScope) =>
  locationId ? `l:${locationId}` : establishmentId ? `e:${establishmentId}` : '';

/**
 * "Estabelecimento / Depósito": the whole business, one establishment or one location. Shown only when the business
 * has more than one active location; `onChange` receives both ids (the other one empty).
 */
export function PlaceFilter({
  scope,
  onChange,
  allLabel = 'Todos',
  inline = false,
}: {
  scope: PlaceScope;
  onChange: (scope: { establishmentId: number | null; locationId: number | null }) => void;
  /** the empty choice (the whole business); null: none, a place is always chosen (the kardex) */
  allLabel?: string | null;
  /** in a card's header, beside selects without a legend: the name only for screen readers */
  inline?: boolean;
}) {
  const places = usePlaces();
  if (!places.several) return null;
  const several = places.groups.length > 1;
  const label = several ? 'Estabelecimento / Depósito' : 'Depósito';
  return (
    <label className={inline ? '' : 'fieldset'}>
      <span className={inline ? 'sr-only' : 'fieldset-legend'}>{label}</span>
      <select
        className="select select-sm w-auto"
        value={scopeValue(scope)}
        onChange={(event) => {
          const [kind, id] = event.target.value.split(':');
          onChange({
            establishmentId: kind === 'e' ? Number(id) : null,
            locationId: kind === 'l' ? Number(id) : null,
          });
        }}
      >
        {allLabel === null ? null : <option value="">{allLabel}</option>}
        {places.groups.map(({ establishment, locations }) => (
          <optgroup key={establishment.id} label={establishment.name}>
            {several || allLabel === null ? (
              <option value={`e:${establishment.id}`}>{`${establishment.name} (todo)`}</option>
            ) : null}
            {locations.map((location) => (
              <option key={location.id} value={`l:${location.id}`}>
                {location.name}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </label>
  );
}
