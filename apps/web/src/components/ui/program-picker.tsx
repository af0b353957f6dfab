/**
 * The program select of the screens that belong to a program but have none in their route (raffles,
 * polls); shown only when the company has several.
 */
export function ProgramPicker({
  programs,
  chosen,
  onChoose,
  label,
}: {
  programs: { uid: string; name: string }[];
  chosen: string | undefined;
  onChoose(uid: string): void;
  label: string;
}) {
  if (programs.length < 2) return null;
  return (
    <label className="select-field">
      {label}
      <select value={chosen} onChange={(event) => onChoose(event.target.value)}>
        {programs.map((item) => (
          <option key={item.uid} value={item.uid}>
            {item.name}
          </option>
        ))}
      </select>
    </label>
  );
}
