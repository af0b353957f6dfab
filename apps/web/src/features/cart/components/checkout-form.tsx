import { zodResolver } from '@hookform/resolvers/zod';
import type { Company } from '@storefront/contracts/app';
import type { Language } from '@storefront/contracts/constants';
import { ERRORS } from '@storefront/contracts/errors';
import type { Coupon, FareEstimate, OrderBody, OrderQuote } from '@storefront/contracts/orders';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { CheckboxField, FieldError, SelectField, TextField } from '../../../components/ui/form-fields.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { ErrorState, LoadingState } from '../../../components/ui/query-states.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAppRecord } from '../../../lib/app-context.tsx';
import { type CartType, clearCart, useCart } from '../../../lib/cart-store.ts';
import { cartTotals } from '../../../lib/cart-totals.ts';
import { companyPrefix } from '../../../lib/company.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { addTranslations } from '../../../lib/i18n.ts';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.tsx';
import { useSaveAddress, useSavedAddresses } from '../../account/api/addresses-api.ts';
import { useMe } from '../../account/api/use-me.ts';
import { useMemberCoins } from '../../menu/api/use-member-coins.ts';
import { usePlaces } from '../../menu/api/use-places.ts';
import {
  useCheckoutQuote,
  useDeliveryZones,
  useFareEstimate,
  usePaymentSettings,
  usePickupSchedule,
  usePlaceCheckout,
  useThreeDsPayment,
  useValidateCode,
} from '../api/checkout-api.ts';
import { serverFieldErrors } from '../checkout-errors.ts';
import {
  type CheckoutValues,
  checkoutBody,
  checkoutFormSchema,
  deliveryFieldErrors,
  nextDays,
  quoteBody,
} from '../checkout-schema.ts';
import { createAttemptKeys } from '../idempotency.ts';
import en from '../locales/checkout/en.json';
import es from '../locales/checkout/es.json';
import { isProviderMethod, onlineMethods, paymentFailure } from '../payments/methods.ts';
import { TokenError } from '../payments/providers.ts';
import type { ProviderToken, Tokenizer } from './online-payment.tsx';
import { OTHER_ADDRESS, SavedAddressPicker } from './saved-address-picker.tsx';
import './checkout.css';
import { toCents } from '../../../lib/cart-totals.ts';
import { formatCents, formatMoney } from '../../../lib/money.ts';

addTranslations('checkout', { es, en });

// The card and Yape step, with the provider's script, loads only when the member chooses one of them.
const OnlinePayment = lazy(() => import('./online-payment.tsx').then((m) => ({ default: m.OnlinePayment })));

const FORM_FIELDS = [
  'district',
  'address',
  'slot',
  'days',
  'payment_type',
  'first_name',
  'last_name',
  'email',
  'phone',
  'city',
  'billing_address',
  'comments',
  'gift_card_amount',
] as const;

interface CheckoutFormProps {
  placeUid: string;
  type: CartType;
  company: Company;
}

/** The coupon a /company/{uid}/code/{code}/ link stored, when it is for this company. */
function storedCoupon(companyUid: string): string {
  const stored = storage.getJson<{ company?: string; code?: string }>(STORAGE_KEYS.coupon);
  return stored?.code && (!stored.company || stored.company === companyUid) ? stored.code : '';
}

/**
 * The checkout (spec §2 Checkout, §5 messages): delivery or pickup, area, address and fare, time slot,
 * subscription days, payment method, billing fields, the coupon and the influencer, a summary. Each
 * attempt carries one Idempotency-Key; success clears the cart and shows the order.
 */
export default function CheckoutForm({ placeUid, type, company }: CheckoutFormProps) {
  const me = useMe();
  if (me.isPending) return <LoadingState count={3} />;
  if (me.isError || !me.data) return <ErrorState onRetry={() => me.refetch()} />;
  return <CheckoutFields placeUid={placeUid} type={type} company={company} me={me.data} />;
}

function CheckoutFields({
  placeUid,
  type,
  company,
  me,
}: CheckoutFormProps & { me: NonNullable<ReturnType<typeof useMe>['data']> }) {
  const { t, i18n } = useTranslation('checkout');
  const language = (i18n.language === 'en' ? 'en' : 'es') as Language;
  const app = useAppRecord();
  const navigate = useNavigate();
  const cart = useCart(placeUid, type);
  // The most a coin payment may take.
  const coins = useMemberCoins();
  const fare = useFareEstimate(placeUid);
  const validate = useValidateCode(company.uid);
  const place = usePlaceCheckout(placeUid);
  const threeDsPayment = useThreeDsPayment();
  // Culqi's 3DS check of the card runs (its bank window open, then the charge asked again).
  const [verifying, setVerifying] = useState(false);
  // The place's own shipping methods (set in the admin site); delivery also needs the company's switch.
  const shipping = usePlaces(company.uid, null).data?.find((p) => p.uid === placeUid)?.shipping_methods;
  const offersPickup = shipping?.includes('PICKUP') ?? true;
  const offersDelivery = company.delivery_service && (shipping?.includes('DELIVERY') ?? true);
  const keys = useRef(createAttemptKeys()).current;
  const paymentSettings = usePaymentSettings(placeUid);
  // The provider's tokenizer, set by the payment step once its script is ready.
  const [tokenizer, setTokenizer] = useState<Tokenizer | null>(null);
  const offerTokenizer = useCallback((next: Tokenizer | null) => setTokenizer(() => next), []);
  const [coupon, setCoupon] = useState<Coupon | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  // A gift card's code typed here: the program whose page takes it (the API says so, issue 28).
  const [giftCardProgram, setGiftCardProgram] = useState<string | null>(null);
  const { companyUid } = useParams();
  const [general, setGeneral] = useState<string | null>(null);
  const [fareQuote, setFareQuote] = useState<FareEstimate | null>(null);
  // The address whose fare was asked for: the summary's quote prices the delivery to it.
  const [deliveryTo, setDeliveryTo] = useState<{ district: string; address: string } | null>(null);
  // The saved address chosen (OTHER_ADDRESS: typed here), and whether a typed one is saved after the order.
  const savedAddresses = useSavedAddresses(offersDelivery);
  const addressList = savedAddresses.data?.results ?? [];
  const [addressChoice, setAddressChoice] = useState<string>(OTHER_ADDRESS);
  const [saveTyped, setSaveTyped] = useState(false);
  const [typedLabel, setTypedLabel] = useState(() => t('addresses.defaultLabel'));
  const saveAddress = useSaveAddress();
  // The gift part as typed, sent for a quote when the field is left.
  const [giftTyped, setGiftTyped] = useState('');
  const days = useMemo(() => nextDays(new Date()), []);
  const totals = cartTotals(cart);

  const schema = useMemo(
    () => checkoutFormSchema(language, { type, coinsNeeded: totals.coins, coinsAvailable: coins }),
    [language, type, totals.coins, coins],
  );
  const form = useForm<CheckoutValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      order_type: 'PICKUP',
      district: '',
      address: '',
      reference: '',
      pickup_date: days[0],
      slot: '',
      days: [],
      payment_type: totals.allRedeemable ? 'COINS' : '',
      first_name: me.first_name,
      last_name: me.last_name,
      email: me.email ?? '',
      phone: me.mobile_number ?? '',
      city: '',
      billing_address: '',
      comments: '',
      coupon_code: storedCoupon(company.uid),
      gift_card_amount: '',
    },
  });
  const { register, watch, formState, setError, clearErrors, getValues } = form;
  const orderType = watch('order_type');
  const paymentType = watch('payment_type');
  // The districts the place delivers to, offered as a choice; a place that charges by distance has none.
  const zones = useDeliveryZones(placeUid, orderType === 'DELIVERY');
  const zoneList = zones.data?.results ?? [];
  const pickupDate = watch('pickup_date');
  const chosenDays = watch('days');
  // The summary is the server's price of this checkout, never the cart's stored prices.
  const quoteRequest = useMemo(
    () =>
      quoteBody(
        { order_type: orderType, payment_type: paymentType, gift_card_amount: giftTyped, days: chosenDays },
        { placeUid, type, cart, couponCode: coupon?.code ?? null, deliveryTo },
      ),
    [orderType, paymentType, giftTyped, chosenDays, placeUid, type, cart, coupon, deliveryTo],
  );
  // A place without shipping methods says so once, beside the choice; there is nothing to price.
  const quote = useCheckoutQuote(
    placeUid,
    Object.keys(cart.products).length > 0 && (offersPickup || offersDelivery) ? quoteRequest : null,
  );
  const priced = quote.data;
  const giftBalance = priced ? toCents(priced.gift_balance) : 0;
  const offersGift = type === 'REGULAR' && !totals.allRedeemable && giftBalance > 0;
  const paymentOptions: OrderBody['payment_type'][] = totals.allRedeemable
    ? ['COINS']
    : [
        'CASH',
        'CARD_ON_DELIVERY',
        ...(type === 'REGULAR' ? onlineMethods(paymentSettings.data) : []),
        ...(offersGift ? (['GIFT_CARD'] as const) : []),
      ];
  const subtotal = priced ? toCents(priced.subtotal) : totals.cents;
  const toggleDay = (day: number) =>
    form.setValue(
      'days',
      chosenDays.includes(day) ? chosenDays.filter((d) => d !== day) : [...chosenDays, day],
      { shouldValidate: formState.isSubmitted },
    );
  const schedule = usePickupSchedule(placeUid, pickupDate);
  const dateFormat = new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long' });
  const money = (cents: number) => formatCents(app.currency.symbol, cents);

  const applyCoupon = async (code: string) => {
    setCouponError(null);
    setGiftCardProgram(null);
    if (!code.trim()) return;
    try {
      setCoupon(await validate.mutateAsync({ code: code.trim(), amount: (subtotal / 100).toFixed(2) }));
    } catch (error) {
      setCoupon(null);
      setCouponError(error instanceof ApiError ? (error.firstMessage() ?? t('coupon.label')) : String(error));
      const giftCard =
        error instanceof ApiError && (error.body.gift_card as { program?: string } | undefined);
      setGiftCardProgram(giftCard ? (giftCard.program ?? null) : null);
    }
  };

  // A coupon link applies itself; a changed subtotal asks the server for the discount again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-validated on a subtotal change only
  useEffect(() => {
    const code = coupon?.code ?? getValues('coupon_code');
    if (code) void applyCoupon(code);
  }, [subtotal]);

  const estimate = async () => {
    const { district, address } = getValues();
    clearErrors(['district', 'address']);
    setFareQuote(null);
    setDeliveryTo(null);
    const missing = deliveryFieldErrors({ district, address }, language);
    for (const [field, message] of Object.entries(missing))
      setError(field as 'district' | 'address', { type: 'required', message });
    if (Object.keys(missing).length > 0) return;
    try {
      const to = { district: district.trim(), address: address.trim() };
      setFareQuote(await fare.mutateAsync(to));
      setDeliveryTo(to);
    } catch (error) {
      const message = error instanceof ApiError ? error.firstMessage() : undefined;
      setError('address', { type: 'server', message: message ?? t('delivery.estimate') });
    }
  };

  /** A saved address fills the delivery fields (and empty billing ones) and asks for its fare at once. */
  const chooseAddress = (uid: string) => {
    setAddressChoice(uid);
    const address = addressList.find((a) => a.uid === uid);
    if (!address) return;
    form.setValue('order_type', 'DELIVERY');
    form.setValue('district', address.district);
    form.setValue('address', address.address);
    form.setValue('reference', address.reference);
    if (!getValues('city')) form.setValue('city', address.district);
    if (!getValues('billing_address')) form.setValue('billing_address', address.address);
    void estimate();
  };

  // A returning member starts on delivery to their last edited address: one tap fewer each order.
  const firstAddress = addressList[0]?.uid;
  // biome-ignore lint/correctness/useExhaustiveDependencies: chosen once, when the list first arrives
  useEffect(() => {
    if (firstAddress && offersDelivery) chooseAddress(firstAddress);
  }, [firstAddress, offersDelivery]);

  /** After the order: the typed address is saved when the member asked; the order stands either way. */
  const keepTypedAddress = async (values: CheckoutValues) => {
    if (values.order_type !== 'DELIVERY' || addressChoice !== OTHER_ADDRESS || !saveTyped) return;
    try {
      await saveAddress.mutateAsync({
        body: {
          label: typedLabel.trim() || t('addresses.defaultLabel'),
          district: values.district,
          address: values.address,
          reference: values.reference,
        },
      });
      toast.success(t('addresses.saved'));
    } catch (error) {
      const reason = error instanceof ApiError ? error.firstMessage() : undefined;
      toast.error(t('addresses.notSaved', { reason: reason ?? t('errors.generic', { ns: 'common' }) }));
    }
  };

  const submit = form.handleSubmit(async (values) => {
    setGeneral(null);
    if (!priced || quote.isError || quote.isPlaceholderData) return;
    let payment: ProviderToken | undefined;
    if (isProviderMethod(values.payment_type)) {
      if (!tokenizer) return;
      try {
        const answer = await tokenizer({
          title: company.name,
          cents: toCents(priced.amount_due),
          language,
          holder: {
            name: `${values.first_name} ${values.last_name}`,
            documentType: me.document_type,
            documentNumber: me.document_number ?? '',
          },
        });
        // Closed by the person: the form stays as it is.
        if (!answer) return;
        payment = answer;
      } catch (error) {
        setGeneral(
          [ERRORS.CARD_NOT_PROCESSED[language], error instanceof TokenError ? error.userMessage : undefined]
            .filter(Boolean)
            .join('\n'),
        );
        return;
      }
    }
    const body = checkoutBody(values, {
      placeUid,
      type,
      cart,
      documentType: me.document_type,
      documentNumber: me.document_number ?? '',
      couponCode: coupon?.code ?? null,
      influencerUid: storage.get(STORAGE_KEYS.influencerUid),
      total: priced.price,
      paymentToken: payment?.token,
      installments: payment?.installments,
    });
    try {
      let placed = await place.mutateAsync({ body, key: keys.keyFor(body) });
      keys.finish();
      // The card asks for Culqi's 3DS: its bank check, then the charge again with what it answered.
      // Closed or refused, the cart stays and another card (a new order) may be tried.
      if (
        placed.kind === 'ORDER' &&
        placed.order.payment?.action?.type === 'CULQI_3DS' &&
        payment?.authenticate
      ) {
        setVerifying(true);
        try {
          const parameters = await payment.authenticate({ email: values.email });
          if (!parameters) {
            setGeneral(t('online.threeDsClosed'));
            return;
          }
          placed = {
            ...placed,
            order: await threeDsPayment.mutateAsync({ uid: placed.order.uid, parameters }),
          };
        } catch (error) {
          if (error instanceof ApiError) throw error;
          setGeneral(
            [t('online.threeDsError'), error instanceof TokenError ? error.userMessage : undefined]
              .filter(Boolean)
              .join('\n'),
          );
          return;
        } finally {
          setVerifying(false);
        }
      }
      if (coupon) storage.remove(STORAGE_KEYS.coupon);
      await keepTypedAddress(values);
      if (placed.kind === 'ORDER') {
        toast.success(t(placed.order.status === 'PENDING_PAYMENT' ? 'placedPending' : 'placed'));
        navigate(`/orders/${placed.order.uid}`);
      } else {
        toast.success(t('subscribed'));
        navigate('/subscription/me');
      }
      clearCart(placeUid, type);
    } catch (error) {
      // A price that changed since the quote: the summary is asked for again before a new confirm.
      if (error instanceof ApiError && error.body.quote) void quote.refetch();
      // A declined card: the spec's message and the provider's, the cart as it was, another card welcome.
      setGeneral(
        paymentFailure(error) ??
          applyServerErrors(
            serverFieldErrors(error),
            FORM_FIELDS,
            setError,
            t('errors.generic', { ns: 'common' }),
          ),
      );
    }
  });

  // A place that only delivers starts on delivery.
  useEffect(() => {
    if (!offersPickup && offersDelivery) form.setValue('order_type', 'DELIVERY');
  }, [offersPickup, offersDelivery, form]);

  const errors = formState.errors;
  const slots = schedule.data?.slots ?? [];

  return (
    <form className="checkout" noValidate onSubmit={submit} aria-labelledby="checkout-title">
      <h2 id="checkout-title">{t(type === 'SUBSCRIPTION' ? 'titleSubscription' : 'title')}</h2>

      <fieldset className="checkout-choice">
        <legend>{t('orderType.label')}</legend>
        {offersPickup && (
          <label>
            <input type="radio" value="PICKUP" {...register('order_type')} />
            {t('orderType.PICKUP')}
          </label>
        )}
        {offersDelivery && (
          <label>
            <input type="radio" value="DELIVERY" {...register('order_type')} />
            {t('orderType.DELIVERY')}
          </label>
        )}
        {!offersPickup && !offersDelivery && <p role="alert">{t('orderType.none')}</p>}
      </fieldset>

      {orderType === 'DELIVERY' && (
        <fieldset className="checkout-section">
          <legend>{t('orderType.DELIVERY')}</legend>
          {addressList.length > 0 && (
            <SavedAddressPicker addresses={addressList} chosen={addressChoice} onChoose={chooseAddress} />
          )}
          {addressChoice !== OTHER_ADDRESS ? null : zoneList.length > 0 ? (
            <SelectField
              label={t('delivery.district')}
              error={errors.district?.message}
              {...register('district', {
                onChange: () => {
                  setFareQuote(null);
                  setDeliveryTo(null);
                },
              })}
            >
              <option value="">{t('delivery.chooseDistrict')}</option>
              {zoneList.map((zone) => (
                <optgroup key={zone.uid} label={zone.name}>
                  {zone.districts.map((district) => (
                    <option key={district} value={district}>
                      {district}
                    </option>
                  ))}
                </optgroup>
              ))}
            </SelectField>
          ) : (
            <TextField
              label={t('delivery.district')}
              autoComplete="address-level3"
              error={errors.district?.message}
              {...register('district')}
            />
          )}
          {addressChoice === OTHER_ADDRESS && (
            <>
              <TextField
                label={t('delivery.address')}
                autoComplete="street-address"
                error={errors.address?.message}
                {...register('address')}
              />
              <TextField label={t('delivery.reference')} {...register('reference')} />
              <button type="button" className="button secondary" disabled={fare.isPending} onClick={estimate}>
                {t('delivery.estimate')}
              </button>
              <div className="checkout-save-address">
                <CheckboxField
                  label={t('addresses.save')}
                  checked={saveTyped}
                  onChange={(event) => setSaveTyped(event.target.checked)}
                />
                {saveTyped && (
                  <TextField
                    label={t('addresses.label')}
                    value={typedLabel}
                    maxLength={40}
                    onChange={(event) => setTypedLabel(event.target.value)}
                  />
                )}
              </div>
            </>
          )}
          {addressChoice !== OTHER_ADDRESS && (errors.district?.message || errors.address?.message) && (
            <p className="form-error" role="alert">
              {errors.address?.message ?? errors.district?.message}
            </p>
          )}
          {fareQuote && (
            <p className="checkout-fare" role="status">
              {t('delivery.fare', {
                price: formatMoney(app.currency.symbol, fareQuote.fare),
                minutes: fareQuote.eta_minutes,
              })}
            </p>
          )}
        </fieldset>
      )}

      <fieldset className="checkout-section">
        <legend>{t('schedule.legend')}</legend>
        <SelectField
          label={t(type === 'SUBSCRIPTION' ? 'schedule.dateSubscription' : 'schedule.date')}
          {...register('pickup_date', { onChange: () => form.setValue('slot', '') })}
        >
          {days.map((day) => (
            <option key={day} value={day}>
              {dateFormat.format(new Date(`${day}T12:00:00`))}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('schedule.slot')}
          error={errors.slot?.message}
          disabled={schedule.isPending}
          {...register('slot')}
        >
          <option value="">
            {schedule.isPending
              ? t('schedule.loading')
              : slots.length === 0
                ? t('schedule.none')
                : t('schedule.choose')}
          </option>
          {slots.map((slot) => (
            <option key={slot.start_time} value={`${slot.start_time}-${slot.end_time}`}>
              {slot.label}
            </option>
          ))}
        </SelectField>
      </fieldset>

      {type === 'SUBSCRIPTION' && (
        <fieldset className="checkout-choice" aria-describedby="checkout-days-error">
          <legend>{t('days.label')}</legend>
          {(t('days.names', { returnObjects: true }) as string[]).map((name, index) => (
            <label key={name}>
              <input
                type="checkbox"
                checked={chosenDays.includes(index + 1)}
                onChange={() => toggleDay(index + 1)}
              />
              {name}
            </label>
          ))}
          <FieldError id="checkout-days-error" error={errors.days?.message} />
        </fieldset>
      )}

      <fieldset className="checkout-choice" aria-describedby="checkout-payment-error">
        <legend>{t('payment.label')}</legend>
        {paymentOptions.map((option) => (
          <label key={option}>
            <input type="radio" value={option} {...register('payment_type')} />
            {t(`payment.${option}`)}
          </label>
        ))}
        <FieldError id="checkout-payment-error" error={errors.payment_type?.message} />
        {isProviderMethod(paymentType) && paymentSettings.data && (
          <Suspense fallback={<LoadingState count={1} label={t('online.loading')} />}>
            <OnlinePayment
              method={paymentType}
              settings={paymentSettings.data}
              cents={priced ? toCents(priced.amount_due) : 0}
              onTokenizer={offerTokenizer}
            />
          </Suspense>
        )}
        {paymentType === 'TRANSFER' && <p className="checkout-online-note">{t('online.transferHint')}</p>}
        {offersGift && (
          <div className="checkout-gift">
            <p>{t('gift.balance', { amount: money(giftBalance) })}</p>
            {(paymentType === 'CASH' || paymentType === 'CARD_ON_DELIVERY') && (
              <TextField
                label={t('gift.part')}
                inputMode="decimal"
                error={errors.gift_card_amount?.message}
                {...register('gift_card_amount', {
                  onBlur: (event) => setGiftTyped(event.target.value.trim()),
                })}
              />
            )}
          </div>
        )}
      </fieldset>

      <fieldset className="checkout-section checkout-billing">
        <legend>{t(paymentType === 'ONLINE_CARD' ? 'billing.label' : 'billing.contactLabel')}</legend>
        <TextField
          label={t('billing.first_name')}
          autoComplete="given-name"
          error={errors.first_name?.message}
          {...register('first_name')}
        />
        <TextField
          label={t('billing.last_name')}
          autoComplete="family-name"
          error={errors.last_name?.message}
          {...register('last_name')}
        />
        <TextField
          label={t('billing.email')}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={t('billing.phone')}
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...register('phone')}
        />
        {/* A card's processor checks them; no other method needs them (architecture §10). */}
        {paymentType === 'ONLINE_CARD' && (
          <>
            <TextField
              label={t('billing.city')}
              autoComplete="address-level2"
              error={errors.city?.message}
              {...register('city')}
            />
            <TextField
              label={t('billing.address')}
              autoComplete="street-address"
              error={errors.billing_address?.message}
              {...register('billing_address')}
            />
          </>
        )}
      </fieldset>

      <div className="field">
        <label htmlFor="checkout-comments">{t('comments')}</label>
        <textarea id="checkout-comments" rows={3} {...register('comments')} />
      </div>

      <fieldset className="checkout-section checkout-coupon">
        <legend>{t('coupon.label')}</legend>
        <div className="checkout-coupon-row">
          <TextField
            label={t('coupon.label')}
            error={couponError ?? undefined}
            {...register('coupon_code')}
          />
          <button
            type="button"
            className="button secondary"
            disabled={validate.isPending}
            onClick={() => applyCoupon(getValues('coupon_code'))}
          >
            {t('coupon.apply')}
          </button>
        </div>
        {giftCardProgram && (
          <Link to={`${companyPrefix(app, companyUid)}/program/${encodeURIComponent(giftCardProgram)}`}>
            {t('coupon.giftCardLink')}
          </Link>
        )}
        {coupon && (
          <p className="checkout-coupon-applied" role="status">
            {t('coupon.applied', { code: coupon.code })}{' '}
            <button type="button" className="link-button" onClick={() => setCoupon(null)}>
              {t('coupon.remove')}
            </button>
          </p>
        )}
      </fieldset>

      <section
        className="checkout-summary"
        aria-labelledby="checkout-summary-title"
        aria-busy={quote.isFetching}
      >
        <h3 id="checkout-summary-title">{t('summary.label')}</h3>
        {quote.isPending && Object.keys(cart.products).length > 0 ? (
          <LoadingState count={3} label={t('summary.loading')} />
        ) : quote.isError ? (
          <ErrorState
            message={quote.error instanceof ApiError ? quote.error.firstMessage() : t('summary.error')}
            onRetry={() => quote.refetch()}
          />
        ) : priced ? (
          <QuoteSummary quote={priced} orderType={orderType} money={money} />
        ) : null}
      </section>

      {verifying && <LoadingState count={1} label={t('online.threeDs')} />}
      {general && (
        <p className="form-error checkout-general-error" role="alert">
          {general}
        </p>
      )}
      <SubmitButton
        className="button checkout-submit"
        disabled={
          formState.isSubmitting ||
          !priced ||
          quote.isError ||
          quote.isPlaceholderData ||
          (!offersPickup && !offersDelivery) ||
          // A card or Yape waits for the provider's script (the payment step says it is loading).
          (isProviderMethod(paymentType) && !tokenizer)
        }
      >
        {formState.isSubmitting ? t('sending') : t(type === 'SUBSCRIPTION' ? 'submitSubscription' : 'submit')}
      </SubmitButton>
    </form>
  );
}

/** The server's quote: its lines, fare, discount, coins, gift part and total. */
function QuoteSummary({
  quote,
  orderType,
  money,
}: {
  quote: OrderQuote;
  orderType: OrderBody['order_type'];
  money: (cents: number) => string;
}) {
  const { t } = useTranslation('checkout');
  const gift = toCents(quote.gift_card_amount);
  return (
    <>
      <ul className="checkout-summary-lines">
        {quote.products.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same product may be on two lines
          <li key={`${line.uid}-${index}`}>
            <span>{t('summary.line', { name: line.name, quantity: line.quantity })}</span>
            <span>
              {line.is_redeemable && toCents(line.price) === 0
                ? t('summary.coinsValue', { count: line.coin_price * line.quantity })
                : money(toCents(line.price))}
            </span>
          </li>
        ))}
      </ul>
      <dl>
        <div>
          <dt>{t('summary.subtotal')}</dt>
          <dd data-testid="checkout-subtotal">{money(toCents(quote.subtotal))}</dd>
        </div>
        {orderType === 'DELIVERY' && (
          <div>
            <dt>{t('summary.delivery')}</dt>
            <dd>
              {quote.delivery_price === null ? t('summary.toConfirm') : money(toCents(quote.delivery_price))}
            </dd>
          </div>
        )}
        {toCents(quote.discount) > 0 && (
          <div>
            <dt>{t('summary.discount')}</dt>
            <dd>{`− ${money(toCents(quote.discount))}`}</dd>
          </div>
        )}
        {quote.coins > 0 && (
          <div>
            <dt>{t('summary.coins')}</dt>
            <dd>{t('summary.coinsValue', { count: quote.coins })}</dd>
          </div>
        )}
        <div className="checkout-summary-total">
          <dt>{t('summary.total')}</dt>
          <dd data-testid="checkout-total">{money(toCents(quote.price))}</dd>
        </div>
        {gift > 0 && (
          <>
            <div>
              <dt>{t('summary.gift')}</dt>
              <dd data-testid="checkout-gift">{`− ${money(gift)}`}</dd>
            </div>
            <div className="checkout-summary-total">
              <dt>{t('summary.due')}</dt>
              <dd data-testid="checkout-due">{money(toCents(quote.amount_due))}</dd>
            </div>
          </>
        )}
      </dl>
    </>
  );
}
