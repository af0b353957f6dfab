import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.tsx';
import { type Customer, type RetailPlace, useRedeem, useStamp } from '../api/retail-api.ts';
import { errorText } from './customer-panel.tsx';
import { PointsForm } from './points-form.tsx';

type Membership = Customer['memberships'][number];

/** A customer: identity, each membership with stamp and add-points, and the promotions usable now. */
export function CustomerCard({ customer, place }: { customer: Customer; place: RetailPlace }) {
  const { t } = useTranslation('retail');
  const redeem = useRedeem();
  const stamp = useStamp();
  const [pointsFor, setPointsFor] = useState<Membership | null>(null);
  const promotions = customer.promotions.filter(
    (promotion) => promotion.places.length === 0 || promotion.places.includes(place.uid),
  );

  return (
    <article className="customer-card" aria-labelledby={`customer-${customer.uid}`}>
      <h2 id={`customer-${customer.uid}`}>{`${customer.first_name} ${customer.last_name}`}</h2>
      <dl className="customer-identity">
        <div>
          <dt>{t('customer.document')}</dt>
          <dd>{`${t(`search.types.${customer.document_type}`)} ${customer.document_number ?? '—'}`}</dd>
        </div>
        <div>
          <dt>{t('customer.phone')}</dt>
          <dd>{customer.mobile_number ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('customer.email')}</dt>
          <dd>{customer.email ?? '—'}</dd>
        </div>
      </dl>
      {customer.memberships.map((membership) => (
        <section key={membership.uid} className="customer-membership" aria-label={membership.program.name}>
          <h3>{membership.program.name}</h3>
          <dl>
            <div>
              <dt>{t('customer.coins')}</dt>
              <dd data-testid="coins">{membership.coins}</dd>
            </div>
            <div>
              <dt>{t('customer.points')}</dt>
              <dd data-testid="points">{membership.points}</dd>
            </div>
            <div>
              <dt>{t('customer.stamps')}</dt>
              <dd data-testid="stamps">
                {t('customer.stampsOf', {
                  available: membership.stamps,
                  required: membership.program.stamps_required,
                })}
              </dd>
            </div>
          </dl>
          <div className="actions">
            <button
              type="button"
              className="button"
              disabled={stamp.isPending}
              onClick={() =>
                stamp.mutate(
                  { place: place.uid, member: customer.uid, program: membership.program.uid },
                  {
                    onSuccess: (result) =>
                      result.reward_unlocked
                        ? toast.success(t('stampReward'))
                        : toast.success(
                            t('stampDone', {
                              stamps: result.stamps,
                              required: membership.program.stamps_required,
                            }),
                          ),
                    onError: (error) => toast.error(errorText(error, t('error'))),
                  },
                )
              }
            >
              {t('customer.stamp')}
            </button>
            <button type="button" className="button secondary" onClick={() => setPointsFor(membership)}>
              {t('customer.addPoints')}
            </button>
          </div>
        </section>
      ))}
      {pointsFor && (
        <PointsForm
          place={place}
          memberUid={customer.uid}
          membership={pointsFor}
          onClose={() => setPointsFor(null)}
        />
      )}
      <section aria-labelledby={`promotions-${customer.uid}`}>
        <h3 id={`promotions-${customer.uid}`}>{t('customer.promotions')}</h3>
        {promotions.length === 0 ? (
          <p className="empty-state">{t('customer.noPromotions')}</p>
        ) : (
          <ul className="customer-promotions">
            {promotions.map((promotion) => (
              <li key={promotion.uid}>
                <div>
                  <strong>{promotion.title}</strong>
                  <span>
                    {t('customer.discount', { rate: promotion.rate_discount })}
                    {promotion.acquired === 0 &&
                      promotion.coin_price > 0 &&
                      ` · ${t('customer.coinPrice', { coins: promotion.coin_price })}`}
                  </span>
                  {promotion.acquired > 0 && (
                    <span className="customer-promotion-acquired">
                      {t('customer.acquired', { count: promotion.acquired })}
                    </span>
                  )}
                </div>
                <button
                  type="button"
                  className="button"
                  disabled={redeem.isPending}
                  aria-label={`${t('customer.redeem')}: ${promotion.title}`}
                  onClick={() =>
                    redeem.mutate(
                      { place: place.uid, member: customer.uid, promotion: promotion.uid },
                      {
                        onSuccess: () => toast.success(t('redeemDone', { title: promotion.title })),
                        onError: (error) => toast.error(errorText(error, t('error'))),
                      },
                    )
                  }
                >
                  {t('customer.redeem')}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
