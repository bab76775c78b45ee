// A small select with its label beside it, for toolbars and pagers (Field puts a form's label
// above its control, with a hint and an error).
export interface SelectOption {
  value: string;
  label: string;
}

export function InlineSelect({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange(value: string): void;
}) {
  return (
    <label className="inline-field">
      <span>{label}</span>
      <select className="input input-sm" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
