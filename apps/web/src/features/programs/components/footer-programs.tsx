import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/ui/link.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { usePrograms } from '../api/programs-api.ts';
import './footer-programs.css';

interface FooterProgramsProps {
  companyUid: string;
  /** The /c/{companyUid} prefix of the company's routes, or ''. */
  prefix: string;
}

/** Placeholder lines while the column's code or the programs load. */
export function FooterProgramsPlaceholder() {
  const { t } = useTranslation();
  return (
    <div className="footer-programs" role="status" aria-live="polite">
      <span className="visually-hidden">{t('loading')}</span>
      {[0, 1, 2].map((line) => (
        <Skeleton key={line} width="10rem" height="1rem" />
      ))}
    </div>
  );
}

/** The footer's Our Program column: each program of the company with its Stamps, products and promotions links. */
export default function FooterPrograms({ companyUid, prefix }: FooterProgramsProps) {
  const { t } = useTranslation();
  const programs = usePrograms(companyUid);
  if (programs.isPending) return <FooterProgramsPlaceholder />;
  const list = programs.data?.results ?? [];
  if (list.length === 0) return null;
  return (
    <nav className="footer-programs" aria-label={t('footer.ourProgram')}>
      <h2>{t('footer.ourProgram')}</h2>
      {list.map((program) => {
        const base = `${prefix}/program/${program.uid}`;
        // /raffles and /polls show the first program unless told which (decision 009).
        const which = list.length > 1 ? `?program=${encodeURIComponent(program.uid)}` : '';
        return (
          <div key={program.uid}>
            {list.length > 1 && <h3>{program.name}</h3>}
            <ul>
              <li>
                <Link to={`${base}#stamps`}>{t('footer.stamps')}</Link>
              </li>
              <li>
                <Link to={`${base}#products`}>{t('footer.redeemProducts')}</Link>
              </li>
              <li>
                <Link to={`${base}#promotions`}>{t('footer.promotions')}</Link>
              </li>
              {program.raffles > 0 && (
                <li>
                  <Link to={`/raffles${which}`}>{t('footer.raffles')}</Link>
                </li>
              )}
              {program.polls > 0 && (
                <li>
                  <Link to={`/polls${which}`}>{t('footer.polls')}</Link>
                </li>
              )}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
