import { SelectInput, type SelectInputProps } from 'react-admin';
import { usePrograms } from './programs.ts';

/** The program a campaign or an activity belongs to, or a list's filter by it: the company's programs. */
export function ProgramInput({ source = 'program', ...props }: Omit<SelectInputProps, 'choices'>) {
  const programs = usePrograms();
  return (
    <SelectInput source={source} choices={programs.map((p) => ({ id: p.uid, name: p.name }))} {...props} />
  );
}
