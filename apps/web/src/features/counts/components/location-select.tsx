import { useCountEstablishmentsQuery, useCountLocationsQuery } from '../counts-api.ts';
import { FieldShell } from '../../../components/ui/field-shell.tsx';

/**
 * The location a new count counts (DESIGN.md §6.3): shown only when there is more than one active location; left
 * empty, the server takes the user's default location, else the matriz's. With more than one establishment the
 * locations are grouped under their establishment's name.
 */
export function CountLocationSelect({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const { data: locations } = useCountLocationsQuery();
  const { data: establishments } = useCountEstablishmentsQuery();
  const active = (locations ?? []).filter((location) => location.status === 'active');
  if (active.length < 2) return null;
  const groups = (establishments ?? [])
    .map((establishment) => ({
      establishment,
      locations: active.filter((location) => location.establishmentId === establishment.id),
    }))
    .filter((group) => group.locations.length > 0);
  const option = (location: (typeof active)[number]) => (
    <option key={location.id} value={String(location.id)}>
      {location.name}
    </option>
  );
  return (
    <FieldShell label="Depósito">
      {(control) => (
        <select
          {...control}
          className="select w-full"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          data-testid="count-location"
        >
          <option value="">Depósito padrão</option>
          {groups.length > 1
            ? groups.map((group) => (
                <optgroup key={group.establishment.id} label={group.establishment.name}>
                  {group.locations.map(option)}
                </optgroup>
              ))
            : active.map(option)}
        </select>
      )}
    </FieldShell>
  );
}
