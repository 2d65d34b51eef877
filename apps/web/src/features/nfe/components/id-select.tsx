/** A labelled choice among records by id (a category, a unit), empty until one is chosen. */
export function IdSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: number | null;
  options: ReadonlyArray<{ id: number; text: string }>;
  onChange: (id: number | null) => void;
}) {
  return (
    <label className="fieldset">
      <span className="fieldset-legend">{label}</span>
      <select
        className="select select-sm"
        value={value ?? ''}
        onChange={(e) => onChange(Number(e.target.value) || null)}
      >
        <option value="">Escolha</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.text}
          </option>
        ))}
      </select>
    </label>
  );
}
