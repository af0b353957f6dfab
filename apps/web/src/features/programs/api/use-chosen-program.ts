import { useCompany } from '../../../lib/app-context.tsx';
import { useSearchState } from '../../../lib/search-params.ts';
import { usePrograms } from './programs-api.ts';

/**
 * For the screens that belong to a program but have no program in their route (/raffles, /polls): the
 * company's programs and the one chosen with ?program=, the first one by default.
 */
export function useChosenProgram() {
  const company = useCompany();
  const programs = usePrograms(company.uid);
  const [params, update] = useSearchState();
  const list = programs.data?.results ?? [];
  const wanted = params.get('program');
  const program = list.find((item) => item.uid === wanted) ?? list[0] ?? null;
  const choose = (uid: string) => update({ program: uid, page: null });
  return { programs, list, program, choose };
}
