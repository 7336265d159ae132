import { type SavedAddress, addressSummary } from '../account/api';
import './checkout.css';

/**
 * The shopper's saved addresses above the delivery fields: choosing one fills the
 * fields, "A new address" empties them. Shown only when there is at least one.
 */
export function SavedAddressPicker({
  addresses,
  selected,
  onSelect,
}: {
  addresses: readonly SavedAddress[];
  selected: number | 'new';
  onSelect: (choice: SavedAddress | 'new') => void;
}) {
  return (
    <div className="checkout-saved" role="radiogroup" aria-labelledby="checkout-saved-title">
      <p id="checkout-saved-title" className="checkout-saved__title">
        Your saved addresses
      </p>
      {addresses.map((address) => (
        <label key={address.id} className="checkout-method checkout-saved__option">
          <input
            type="radio"
            name="saved-address"
            checked={selected === address.id}
            onChange={() => onSelect(address)}
          />
          <span className="checkout-method__text">
            <span className="checkout-method__name">
              {address.fullname}
              {address.is_default ? (
                <span className="checkout-saved__default"> · Default</span>
              ) : null}
            </span>
            <span className="checkout-method__description">{addressSummary(address)}</span>
          </span>
        </label>
      ))}
      <label className="checkout-method checkout-saved__option">
        <input
          type="radio"
          name="saved-address"
          checked={selected === 'new'}
          onChange={() => onSelect('new')}
        />
        <span className="checkout-method__text">
          <span className="checkout-method__name">A new address</span>
        </span>
      </label>
    </div>
  );
}
