import { PROMOTIONS_PAGE_SIZE } from '@storefront/contracts/constants';
import type { Promotion } from '@storefront/contracts/loyalty';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../components/ui/link.tsx';
import { pageCount } from '../../../components/ui/page-items.ts';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { addTranslations } from '../../../lib/i18n.ts';
import { pageParam, useSearchState } from '../../../lib/search-params.ts';
import { type PromotionFilters, usePromotions } from '../api/promotions-api.ts';
import en from '../locales/promotions/en.json';
import es from '../locales/promotions/es.json';
import { PromotionDetail } from './promotion-detail.tsx';
import { PromotionPrice } from './promotion-price.tsx';
import '../../../components/ui/content.css';
import './promotions.css';
import { CARD_PICTURE_SIZES, Picture } from '../../../components/ui/picture.tsx';

addTranslations('promotions', { es, en });

/**
 * The program's #promotions submodule: pages of 24, the tagged filter, ordering by discount, and the
 * detail of one promotion. The page, filters and open promotion live in the URL, so back and links work.
 * A visitor sees the same pages, each promotion asking to sign in to redeem it.
 */
export function PromotionsSection({
  programUid,
  coins,
  visitor = false,
}: {
  programUid: string;
  coins: number;
  visitor?: boolean;
}) {
  const { t, i18n } = useTranslation('promotions');
  const [params, update] = useSearchState();
  const filters: PromotionFilters = {
    page: pageParam(params.get('page')),
    tagged: params.get('tagged') === 'true',
    ordering: params.get('ordering') === 'rate_discount' ? 'rate_discount' : '-rate_discount',
  };
  const promotions = usePromotions(programUid, filters, visitor);
  const open = visitor ? null : params.get('promotion');

  return (
    <section className="promotions" aria-labelledby="promotions-title">
      <h2 id="promotions-title">{t('title')}</h2>
      <div className="promotions-filters">
        <label className="checkbox-field">
          <input
            type="checkbox"
            checked={filters.tagged}
            onChange={(event) => update({ tagged: event.target.checked ? 'true' : null, page: null })}
          />
          {t('tagged')}
        </label>
        <label className="select-field">
          {t('ordering')}
          <select
            value={filters.ordering}
            onChange={(event) =>
              update({
                ordering: event.target.value === 'rate_discount' ? 'rate_discount' : null,
                page: null,
              })
            }
          >
            <option value="-rate_discount">{t('orderDesc')}</option>
            <option value="rate_discount">{t('orderAsc')}</option>
          </select>
        </label>
      </div>

      {promotions.isPending ? (
        <LoadingState count={6} />
      ) : promotions.isError ? (
        <ErrorState onRetry={() => promotions.refetch()} />
      ) : promotions.data.results.length === 0 ? (
        <EmptyState message={t('empty')} />
      ) : (
        <>
          <ul className="promotion-grid" aria-busy={promotions.isPlaceholderData}>
            {promotions.data.results.map((promotion) => (
              <li key={promotion.uid}>
                <PromotionCard
                  promotion={promotion}
                  language={i18n.language}
                  onOpen={visitor ? null : () => update({ promotion: promotion.uid })}
                />
              </li>
            ))}
          </ul>
          <Pagination
            page={filters.page}
            pageCount={pageCount(promotions.data.count, PROMOTIONS_PAGE_SIZE)}
            onPageChange={(page) => update({ page: page === 1 ? null : page })}
            label={t('title')}
          />
        </>
      )}

      {open && (
        <PromotionDetail
          programUid={programUid}
          promotionUid={open}
          coins={coins}
          onClose={() => update({ promotion: null })}
        />
      )}
    </section>
  );
}

function PromotionCard({
  promotion,
  language,
  onOpen,
}: {
  promotion: Promotion;
  language: string;
  /** Opens the detail; null for a visitor, who is asked to sign in instead. */
  onOpen: (() => void) | null;
}) {
  const { t } = useTranslation('promotions');
  return (
    <article className="card promotion-card">
      {promotion.image && (
        <Picture
          src={promotion.image}
          alt=""
          width={320}
          height={160}
          sizes={CARD_PICTURE_SIZES}
          loading="lazy"
        />
      )}
      {promotion.tagged && <span className="promotion-tag">{t('featured')}</span>}
      <h3>{promotion.title}</h3>
      <PromotionPrice promotion={promotion} />
      {promotion.valid_until && (
        <p className="promotion-valid">
          {t('validUntil', { date: formatDate(promotion.valid_until, language) })}
        </p>
      )}
      {onOpen ? (
        <button
          type="button"
          className="button secondary"
          onClick={onOpen}
          aria-label={`${t('open')}: ${promotion.title}`}
        >
          {t('open')}
        </button>
      ) : (
        <Link
          to="/login"
          className="button secondary"
          aria-label={`${t('loginToRedeem')}: ${promotion.title}`}
        >
          {t('loginToRedeem')}
        </Link>
      )}
    </article>
  );
}
