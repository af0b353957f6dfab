import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../lib/toast.tsx';
import { type Customer, type RetailPlace, useRedeem, useStamp } from '../api/retail-api.ts';
import { errorText } from './customer-panel.tsx';
import { PointsForm } from './points-form.tsx';

type Membership = Customer['memberships'][number];
type Promotion = Customer['promotions'][number];
/** The write the cashier is asked to confirm, with the Idempotency-Key of that confirmation. */
type Asking =
  | { kind: 'stamp'; membership: Membership; key: string }
  | { kind: 'redeem'; promotion: Promotion; key: string };

/** A customer: identity, each membership with stamp and add-points, and the promotions usable now. */
export function CustomerCard({ customer, place }: { customer: Customer; place: RetailPlace }) {
  const { t } = useTranslation('retail');
  const redeem = useRedeem();
  const stamp = useStamp();
  const [pointsFor, setPointsFor] = useState<Membership | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  const promotions = customer.promotions.filter(
    (promotion) => promotion.places.length === 0 || promotion.places.includes(place.uid),
  );

  /** What the redemption charges: a bought code costs nothing more; else the price and the coins left. */
  const redeemText = (promotion: Promotion) => {
    if (promotion.acquired > 0 || promotion.coin_price === 0) return t('confirm.redeemFree');
    const coins = customer.memberships.find(
      (membership) => membership.program.uid === promotion.program,
    )?.coins;
    return t('confirm.redeemCoins', {
      coins: promotion.coin_price,
      after: (coins ?? 0) - promotion.coin_price,
    });
  };

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
              onClick={() => setAsking({ kind: 'stamp', membership, key: crypto.randomUUID() })}
            >
              {t('customer.stamp')}
            </button>
            <button type="button" className="button secondary" onClick={() => setPointsFor(membership)}>
              {t('customer.addPoints')}
            </button>
          </div>
        </section>
      ))}
      {asking?.kind === 'stamp' && (
        <ConfirmDialog
          title={t('confirm.stampTitle', { name: customer.first_name })}
          message={t('confirm.stampText', {
            program: asking.membership.program.name,
            stamps: asking.membership.stamps + 1,
            required: asking.membership.program.stamps_required,
          })}
          confirmLabel={t('confirm.stampYes')}
          dismissLabel={t('confirm.no')}
          busy={stamp.isPending}
          onDismiss={() => setAsking(null)}
          onConfirm={() =>
            stamp.mutate(
              {
                body: { place: place.uid, member: customer.uid, program: asking.membership.program.uid },
                key: asking.key,
              },
              {
                onSuccess: (result) =>
                  toast.success(
                    result.reward_unlocked
                      ? t('stampReward')
                      : t('stampDone', {
                          stamps: result.stamps,
                          required: asking.membership.program.stamps_required,
                        }),
                  ),
                onError: (error) => toast.error(errorText(error, t('error'))),
                onSettled: () => setAsking(null),
              },
            )
          }
        />
      )}
      {asking?.kind === 'redeem' && (
        <ConfirmDialog
          title={t('confirm.redeemTitle', { title: asking.promotion.title })}
          message={redeemText(asking.promotion)}
          confirmLabel={t('confirm.redeemYes')}
          dismissLabel={t('confirm.no')}
          busy={redeem.isPending}
          onDismiss={() => setAsking(null)}
          onConfirm={() =>
            redeem.mutate(
              {
                body: { place: place.uid, member: customer.uid, promotion: asking.promotion.uid },
                key: asking.key,
              },
              {
                onSuccess: () => toast.success(t('redeemDone', { title: asking.promotion.title })),
                onError: (error) => toast.error(errorText(error, t('error'))),
                onSettled: () => setAsking(null),
              },
            )
          }
        />
      )}
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
                  aria-label={`${t('customer.redeem')}: ${promotion.title}`}
                  onClick={() => setAsking({ kind: 'redeem', promotion, key: crypto.randomUUID() })}
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
