import type { MemberProgram } from '@storefront/contracts/loyalty';
import { useTranslation } from 'react-i18next';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { levelView } from '../progress.ts';

/** Coins, points, gift balance, and the level with the points progress to the next one (spec §9). */
export function ProgramSummary({ program }: { program: MemberProgram }) {
  const { t } = useTranslation('programs');
  const view = levelView(program);
  const currency = useAppRecord().currency.symbol;
  return (
    <section className="program-summary" aria-label={t('summary.title')}>
      <dl className="program-balances">
        <div>
          <dt>{t('summary.coins')}</dt>
          <dd data-testid="program-coins">{program.coins}</dd>
        </div>
        <div>
          <dt>{t('summary.points')}</dt>
          <dd>{program.total_points}</dd>
        </div>
        <div>
          <dt>{t('summary.balance')}</dt>
          <dd>{formatMoney(currency, program.balance)}</dd>
        </div>
      </dl>
      <div className="program-level">
        <h2>{program.level ? t('level.current', { level: program.level.name }) : t('level.none')}</h2>
        <div
          className="progress"
          role="progressbar"
          aria-label={t('level.progress')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={view.percent}
        >
          <div className="progress-fill" style={{ width: `${view.percent}%` }} />
        </div>
        <p>
          <strong>{t('level.percent', { percent: view.percent })}</strong>{' '}
          {view.nextLevel
            ? t('level.toNext', { points: view.pointsToNext, level: view.nextLevel })
            : t('level.top')}
        </p>
        {program.levels.length > 0 && (
          <ol className="program-levels" aria-label={t('level.levels')}>
            {program.levels.map((level) => (
              <li key={level.uid} aria-current={level.uid === program.level?.uid ? 'step' : undefined}>
                <span>{level.name}</span> <small>{t('level.minPoints', { points: level.min_points })}</small>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
