import type { Program } from '@storefront/contracts/loyalty';
import { Picture } from '../../../components/ui/picture.tsx';

/** The program's badge, name and description, for members and visitors alike. */
export function ProgramHeader({ program }: { program: Pick<Program, 'name' | 'description' | 'image'> }) {
  return (
    <header className="program-header">
      <Picture src={program.image} alt="" width={96} height={96} className="program-image" />
      <div>
        <h1>{program.name}</h1>
        <p>{program.description}</p>
      </div>
    </header>
  );
}
