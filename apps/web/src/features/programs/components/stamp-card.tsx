import type { MemberProgram } from '@storefront/contracts/loyalty';
import { useTranslation } from 'react-i18next';
import { stampSlots } from '../progress.ts';

/** The #stamps submodule: the card with available of required stamps and its reward. */
export function StampCard({ program }: { program: MemberProgram }) {
  const { t } = useTranslation('programs');
  const { available, required, rewards } = program.stamps;
  return (
    <section className="stamp-card" aria-labelledby="stamps-title">
      <h2 id="stamps-title">{t('stamps.title')}</h2>
      <p className="stamp-count">{t('stamps.count', { available, required })}</p>
      <ol className="stamp-slots">
        {stampSlots(available, required).map((filled, index) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: slots are positions on the card
            key={index}
            className={filled ? 'stamp filled' : 'stamp'}
            aria-label={t(filled ? 'stamps.filled' : 'stamps.empty', { n: index + 1 })}
          >
            <span aria-hidden="true">{filled ? '★' : index + 1}</span>
          </li>
        ))}
      </ol>
      {program.stamp_reward && <p>{t('stamps.reward', { reward: program.stamp_reward })}</p>}
      {rewards > 0 && <p>{t('stamps.rewards', { count: rewards })}</p>}
    </section>
  );
}
