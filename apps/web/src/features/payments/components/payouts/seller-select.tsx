import type { ChangeEvent } from 'react';
import type { SellerListEntry } from '@marketplace/contracts/payouts';
import { SelectField } from '../../../../components/select-field';
import { sellerOptionLabel } from './payout-format';

interface SellerSelectProps {
  sellers: readonly SellerListEntry[];
  value: string;
  onChange: (sellerId: string) => void;
  className?: string;
}

/** "All sellers" and each seller as "First Last (Company)"; '' means all. */
export function SellerSelect({ sellers, value, onChange, className }: SellerSelectProps) {
  const options = [{ value: '', label: 'All sellers' }, ...sellers.map((seller) => ({ value: seller.id, label: sellerOptionLabel(seller) }))];
  return (
    <SelectField
      label="Seller"
      options={options}
      value={value}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
      className={className}
    />
  );
}
