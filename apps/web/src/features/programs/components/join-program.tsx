import type { MemberProgram } from '@storefront/contracts/loyalty';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.tsx';
import { useJoinProgram } from '../api/programs-api.ts';

/** A signed-in visitor who is not a member yet joins here (POST v5/me/programs/). */
export function JoinProgram({ program }: { program: MemberProgram }) {
  const { t } = useTranslation('programs');
  const join = useJoinProgram(program.uid);
  return (
    <section className="panel program-join" aria-labelledby="join-title">
      <h2 id="join-title">{t('join.title', { name: program.name })}</h2>
      <p>{t('join.text')}</p>
      <button
        type="button"
        className="button"
        disabled={join.isPending}
        onClick={() =>
          join.mutate(undefined, { onSuccess: () => toast.success(t('join.joined', { name: program.name })) })
        }
      >
        {join.isPending ? t('join.joining') : t('join.button')}
      </button>
      {join.isError && (
        <p className="form-error" role="alert">
          {(join.error instanceof ApiError && join.error.firstMessage()) || t('common:errors.generic')}
        </p>
      )}
    </section>
  );
}
