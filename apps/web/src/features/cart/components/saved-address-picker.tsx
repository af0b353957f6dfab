import type { SavedAddress } from '@storefront/contracts/addresses';
import { useTranslation } from 'react-i18next';

/** The value of the picker's "another address" choice. */
export const OTHER_ADDRESS = 'other';

/**
 * The member's saved addresses at checkout, one tap each, and "Otra dirección" to type a new one
 * (issue 30 item 1). The checkout chooses the last edited one for a returning member.
 */
export function SavedAddressPicker({
  addresses,
  chosen,
  onChoose,
}: {
  addresses: SavedAddress[];
  chosen: string;
  onChoose: (uid: string) => void;
}) {
  const { t } = useTranslation('checkout');
  return (
    <fieldset className="checkout-choice checkout-addresses">
      <legend>{t('addresses.legend')}</legend>
      {addresses.map((address) => (
        <label key={address.uid} className="checkout-address">
          <input
            type="radio"
            name="saved-address"
            value={address.uid}
            checked={chosen === address.uid}
            onChange={() => onChoose(address.uid)}
          />
          <span>
            <strong>{address.label}</strong>
            <span className="checkout-address-text">{`${address.address}, ${address.district}`}</span>
          </span>
        </label>
      ))}
      <label className="checkout-address">
        <input
          type="radio"
          name="saved-address"
          value={OTHER_ADDRESS}
          checked={chosen === OTHER_ADDRESS}
          onChange={() => onChoose(OTHER_ADDRESS)}
        />
        {t('addresses.other')}
      </label>
    </fieldset>
  );
}
