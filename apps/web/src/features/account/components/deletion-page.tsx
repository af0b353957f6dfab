import { PAGE_SIZE } from '@storefront/contracts/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Link } from '../../../components/ui/link.tsx';
import { pageCount } from '../../../components/ui/page-items.ts';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { useAppRecord, useCompany } from '../../../lib/app-context.tsx';
import { addTranslations } from '../../../lib/i18n.ts';
import { clearSession } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.tsx';
import {
  type DeletionLink,
  useDeleteAccount,
  useDeletionLink,
  useDeletionPrograms,
} from '../api/account-api.ts';
import en from '../locales/en.json';
import es from '../locales/es.json';
import './account.css';
import { Picture } from '../../../components/ui/picture.tsx';

addTranslations('account', { es, en });

/**
 * /me/delete/:uidApp/:uidUser/:token (and the app's prefixed variant): the link is checked first, then
 * the page lists what the member loses and deletes the account (spec §2 Account deletion page, §4).
 */
export function Component() {
  const { t } = useTranslation('account');
  const { deletionPrefix, uidApp = '', uidUser = '', token = '' } = useParams();
  const link: DeletionLink = { prefix: deletionPrefix ?? null, uidApp, uidUser, token };
  const app = useAppRecord();
  const company = useCompany();
  const queryClient = useQueryClient();
  const check = useDeletionLink(link);
  const deleteAccount = useDeleteAccount(link);
  const logo = company.logo_rectangle ?? company.logo ?? app.logo;

  // Once the account is deleted the link is spent: asking for it again (the cleared cache does) is no news.
  const deleted = deleteAccount.isSuccess;
  useEffect(() => {
    if (check.isError && !deleted) toast.error(t('deletion.expiredToast'), { id: 'deletion-link' });
  }, [check.isError, deleted, t]);

  const confirm = () =>
    deleteAccount.mutate(undefined, {
      onSuccess: () => {
        // The server ended every session of the account; forget this browser's one too.
        clearSession();
        queryClient.clear();
      },
      onError: () => toast.error(t('deletion.expiredToast'), { id: 'deletion-link' }),
    });

  return (
    <section className="panel account-panel deletion-panel" aria-labelledby="deletion-title">
      {logo && <Picture src={logo} alt={company.name} className="deletion-logo" width={240} height={80} />}
      <h1 id="deletion-title">{t('deletion.title')}</h1>
      {check.isPending && !deleted && <p role="status">{t('deletion.loading')}</p>}
      {((check.isError && !deleted) || deleteAccount.isError) && <p role="alert">{t('deletion.expired')}</p>}
      {deleted && (
        <>
          <p role="status" className="deletion-farewell">
            {t('deletion.farewell')}
          </p>
          <Link to="/" className="button" reloadDocument>
            {t('deletion.home')}
          </Link>
        </>
      )}
      {check.isSuccess && deleteAccount.isIdle && (
        <>
          <p className="account-warning">{t('deletion.warning')}</p>
          <ProgramsToLose link={link} />
          <button type="button" className="button deletion-submit" onClick={confirm}>
            {t('deletion.submit')}
          </button>
        </>
      )}
      {deleteAccount.isPending && <p role="status">{t('deletion.deleting')}</p>}
    </section>
  );
}

/** The collapsible, paged list of programs with their coins and points. */
function ProgramsToLose({ link }: { link: DeletionLink }) {
  const { t } = useTranslation('account');
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const programs = useDeletionPrograms(link, page, open);
  const listId = useId();
  return (
    <div className="deletion-programs">
      <button
        type="button"
        className="deletion-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((shown) => !shown)}
      >
        {t('deletion.programs')}
        <span aria-hidden="true">{open ? '▲' : '▼'}</span>
      </button>
      <div id={listId} hidden={!open}>
        {programs.isPending && <p role="status">{t('deletion.loading')}</p>}
        {programs.isError && <p role="alert">{t('deletion.expired')}</p>}
        {programs.data && programs.data.results.length === 0 && <p>{t('deletion.empty')}</p>}
        {programs.data && programs.data.results.length > 0 && (
          <>
            <table className="deletion-table">
              <thead>
                <tr>
                  <th scope="col">{t('deletion.name')}</th>
                  <th scope="col">{t('deletion.coins')}</th>
                  <th scope="col">{t('deletion.points')}</th>
                </tr>
              </thead>
              <tbody>
                {programs.data.results.map((program) => (
                  <tr key={program.uid}>
                    <td>{program.name}</td>
                    <td>{program.coins}</td>
                    <td>{program.total_points}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pagination
              page={page}
              pageCount={pageCount(programs.data.count, PAGE_SIZE)}
              onPageChange={setPage}
              label={t('deletion.programs')}
            />
          </>
        )}
      </div>
    </div>
  );
}
