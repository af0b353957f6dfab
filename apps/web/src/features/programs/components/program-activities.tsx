import type { Program } from '@storefront/contracts/loyalty';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/ui/link.tsx';
import { useCompany } from '../../../lib/app-context.tsx';

/**
 * Links to the program's raffles and polls, and to subscriptions, shown only where the program runs
 * some and the company sells subscriptions.
 */
export function ProgramActivities({ program }: { program: Pick<Program, 'uid' | 'raffles' | 'polls'> }) {
  const { t } = useTranslation('programs');
  const company = useCompany();
  const query = `?program=${encodeURIComponent(program.uid)}`;
  const links = [
    program.raffles > 0 && { to: `/raffles${query}`, label: t('activities.raffles') },
    program.polls > 0 && { to: `/polls${query}`, label: t('activities.polls') },
    company.subscription_enabled && { to: '/subscription', label: t('activities.subscriptions') },
  ].filter((link): link is { to: string; label: string } => Boolean(link));
  if (links.length === 0) return null;
  return (
    <nav className="program-activities" aria-label={t('activities.label')}>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="button secondary">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
