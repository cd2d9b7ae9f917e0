/** The fields an address block shows; callers map their API's spelling (postal_code, postalCode…) onto it. */
export interface PostalAddressFields {
  name: string;
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phone?: string | null;
  email?: string | null;
}

/** A shipping address as it goes on a label, one line per part, optional contact lines last. */
export function PostalAddress({ address, className = 'text-sm leading-6 text-slate-700' }: { address: PostalAddressFields; className?: string }) {
  const lines = [address.line1, address.line2, `${address.city}, ${address.state} ${address.postalCode}`, address.country, address.phone, address.email].filter(
    (line): line is string => Boolean(line),
  );
  return (
    <address className={`${className} not-italic`}>
      <span className="font-medium text-slate-900">{address.name}</span>
      {lines.map((line, index) => (
        <span key={index}>
          <br />
          {line}
        </span>
      ))}
    </address>
  );
}
