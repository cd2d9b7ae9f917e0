import { render, screen, within } from '@testing-library/react';
import { configureStore } from '@reduxjs/toolkit';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DISPUTE_STATUSES } from '@marketplace/contracts/disputes';
import { ORDER_ITEM_STATUSES, ORDER_STATUSES } from '@marketplace/contracts/orders';
import { PAYMENT_ACCOUNT_STATUSES, PAYOUT_STATUSES } from '@marketplace/contracts/payouts';
import { PRODUCT_STATUSES } from '@marketplace/contracts/catalog';
import { USER_STATUSES } from '@marketplace/contracts/users';
import { ROLES } from '@marketplace/contracts/auth';
import { RETURN_STATUSES } from '@marketplace/contracts/returns';
import { SUPPORT_REQUEST_STATUSES } from '@marketplace/contracts/workspace';
import { SHIPMENT_STATUSES } from '@marketplace/domain/shipment-rules';
import { STATUS_SETS, STATUS_WORDS, shipmentStatusColour, statusColour, statusColourClasses, type StatusKind } from '@marketplace/domain/status-colours';
import { api } from '../lib/api';
import { ShipmentCard as DashboardShipmentCard } from '../features/shipping/components/dashboard/shipment-card';
import { ShipmentCard as ManagementShipmentCard } from '../features/shipping/components/management/shipment-card';
import { makeShipment } from '../features/shipping/components/dashboard/shipment-fixtures';
import { StatusBadge } from './status-badge';

describe('StatusBadge', () => {
  it('takes its colour from packages/domain, by status word and kind', () => {
    render(
      <>
        <StatusBadge status="delivered" />
        <StatusBadge kind="shipment" status="exception" />
        <StatusBadge kind="payout" status="in_transit" />
        <StatusBadge kind="dispute" status="under_review" label="Under review" />
      </>,
    );
    expect(screen.getByText('Delivered')).toHaveAttribute('data-colour', 'green');
    expect(screen.getByText('Delivered')).toHaveClass(...statusColourClasses.green.split(' '));
    expect(screen.getByText('Exception')).toHaveAttribute('data-colour', 'red');
    // docs/product/statuses.md: a payout status other than paid, pending and failed is neutral.
    expect(screen.getByText('In transit')).toHaveAttribute('data-colour', 'neutral');
    expect(screen.getByText('Under review')).toHaveAttribute('data-colour', 'violet');
    expect(screen.getByText('Under review')).toHaveAttribute('data-status', 'under_review');
  });

  it('shows an unknown status neutral, as-is', () => {
    render(<StatusBadge kind="order" status="on_hold" />);
    expect(screen.getByText('On hold')).toHaveAttribute('data-colour', 'neutral');
  });
});

describe('the domain knows every status the API can send', () => {
  it.each<[StatusKind, readonly string[]]>([
    ['order', ORDER_STATUSES],
    ['orderItem', ORDER_ITEM_STATUSES],
    ['payout', PAYOUT_STATUSES],
    ['shipment', SHIPMENT_STATUSES],
    ['dispute', DISPUTE_STATUSES],
    ['return', RETURN_STATUSES],
    ['paymentAccount', PAYMENT_ACCOUNT_STATUSES],
    ['product', PRODUCT_STATUSES],
    ['user', USER_STATUSES],
    ['supportRequest', SUPPORT_REQUEST_STATUSES],
    ['role', ROLES],
  ])('%s', (kind, statuses) => {
    for (const status of statuses) expect(STATUS_SETS[kind] as readonly string[]).toContain(status);
  });
});

function renderWithStore(element: React.ReactElement) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <Provider store={configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (defaults) => defaults().concat(api.middleware) })}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

describe('shipment badges (docs/product/shipping.md) use the domain colours on both shipment screens', () => {
  const noop = () => {};

  it.each(SHIPMENT_STATUSES)('%s', (status) => {
    const shipment = makeShipment({ id: `abcdef12-0000-4000-8000-${status.padEnd(12, '0').slice(0, 12)}`, status });
    renderWithStore(
      <>
        <DashboardShipmentCard shipment={shipment} view="grid" />
        <ManagementShipmentCard
          shipment={shipment}
          canSimulate={false}
          busyAction={null}
          onSchedulePickup={noop}
          onCancelPickup={noop}
          onVoid={noop}
          onTrack={noop}
          onSimulate={noop}
        />
      </>,
    );
    const badges = screen.getAllByRole('article').map((card) => within(card).getAllByText((_, element) => element?.getAttribute('data-status') === status)[0]!);
    expect(badges).toHaveLength(2);
    for (const badge of badges) {
      expect(badge).toHaveAttribute('data-colour', shipmentStatusColour(status));
      expect(badge).toHaveClass(...statusColourClasses[shipmentStatusColour(status)].split(' '));
    }
  });

  it('draws delivered green like shipped, and no shipment status grey but cancelled', () => {
    expect(shipmentStatusColour('delivered')).toBe(shipmentStatusColour('shipped'));
    for (const status of SHIPMENT_STATUSES) expect(shipmentStatusColour(status) === 'neutral').toBe(status === 'cancelled');
  });
});

// ── The rule, enforced: no web file picks a colour for a status itself ─────────────────────────────
// Every status colour comes from packages/domain/src/status-colours.ts through <StatusBadge> (or,
// for charts, statusChartColour). This scans the web's sources for the shapes a private
// status → colour map takes, so a new one fails here rather than drifting silently.

const COLOUR_TOKEN = new RegExp(
  [
    // a Tailwind class with a hue (greys are text colours, not status colours)
    String.raw`\b(?:bg|text|ring|border|fill|stroke|outline|decoration|accent|from|to|via)-(?:red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose)-\d{2,3}\b`,
    // a colour named in a string ('green', "neutral") or through a palette object (PALETTE.green)
    String.raw`['"](?:green|yellow|red|blue|violet|purple|amber|emerald|orange|coral|gray|grey|neutral)['"]`,
    String.raw`\.(?:green|yellow|red|blue|violet|purple|amber|emerald|orange|coral)\b`,
    // a hex colour
    String.raw`#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b`,
  ].join('|'),
);
// "hidden" is also a Tailwind class, so as a string it says nothing; as an object key it still counts.
const words = STATUS_WORDS.join('|');
const quotedWords = STATUS_WORDS.filter((word) => word !== 'hidden').join('|');
const STATUS_KEY = new RegExp(String.raw`(?:^|[{,])\s*['"]?(?:${words})['"]?\s*:\s`, 'i');
const STATUS_TERNARY = new RegExp(String.raw`['"](?:${quotedWords})['"]\s*\?`, 'i');
// status="active" (a JSX attribute), not status === 'failed'
const STATUS_ATTRIBUTE = new RegExp(String.raw`[\w-]=\s*\{?\s*['"](?:${quotedWords})['"]`, 'i');
const STATUS_CASE = new RegExp(String.raw`\bcase\s+['"](?:${words})['"]\s*:`, 'i');

/** The lines of one source file that map a status to a colour of their own. */
function findStatusColourMaps(source: string): string[] {
  const lines = source.split('\n');
  const found: string[] = [];
  lines.forEach((line, index) => {
    const isMapLine = (STATUS_KEY.test(line) || STATUS_TERNARY.test(line) || STATUS_ATTRIBUTE.test(line)) && COLOUR_TOKEN.test(line);
    // `case 'delivered':` … `return 'green';` spreads over lines: look at what the case returns.
    const returned = STATUS_CASE.test(line) ? lines.slice(index, index + 8).find((next) => /\breturn\b/.test(next)) : undefined;
    if (isMapLine || (returned !== undefined && COLOUR_TOKEN.test(returned))) found.push(`${index + 1}: ${line.trim()}`);
  });
  return found;
}

const SOURCES = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true });

describe('one colour per status: no web file defines its own status → colour map', () => {
  it('catches the shapes such a map takes (the maps this rule replaced)', () => {
    const offenders = [
      "const STATUS_CLASSES = {\n  open: 'bg-amber-100 text-amber-800 ring-amber-600/20',\n};",
      "const PAYOUT_COLOUR: Record<Status, StatusColour> = { paid: 'green', pending: 'yellow', in_transit: 'blue' };",
      'const STATUS_FILL = { paid: PALETTE.green, pending: PALETTE.amber };',
      "return <StatusBadge status={status} colour={status === 'active' ? 'green' : 'red'} />;",
      '<StatusBadge status="active" colour="green" label="Active" />',
      "switch (status) {\n  case 'delivered':\n    return 'green';\n}",
      "const fill = { shipped: '#ef4444' };",
    ];
    for (const source of offenders) expect(findStatusColourMaps(source), source).not.toEqual([]);
  });

  it('leaves alone what is not a status colour', () => {
    const innocent = [
      "secondary: 'border border-slate-300 bg-white hover:bg-slate-50 active:bg-slate-100',",
      '{payout.status === \'failed\' && <p className="text-xs text-red-700">{payout.failure_reason}</p>}',
      '<p className="mt-0.5 text-red-700">Rejected by the seller: {item.rejectionReason}</p>',
      "className={`border-slate-200 ${selectedId ? 'hidden' : 'block'}`}",
      '<StatusBadge kind="shipment" status={shipment.status} />',
    ];
    for (const source of innocent) expect(findStatusColourMaps(source), source).toEqual([]);
  });

  it('scans the whole web app', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    expect(Object.keys(SOURCES)).toContain('./status-badge.tsx');
  });

  it('finds none in apps/web/src', () => {
    const offending = Object.entries(SOURCES).flatMap(([file, source]) => findStatusColourMaps(source).map((line) => `${file}:${line}`));
    expect(offending).toEqual([]);
  });

  it('lets only the shared badge turn a status colour into classes', () => {
    const users = Object.entries(SOURCES)
      .filter(([, source]) => /\bstatusColourClasses\b|data-colour=/.test(source))
      .map(([file]) => file);
    expect(users).toEqual(['./status-badge.tsx']);
  });

  it('keeps the domain the only place that lists colours for statuses', () => {
    // e.g. `Record<PayoutStatus, string>` of classes, or a StatusColour chosen by hand.
    const offending = Object.entries(SOURCES)
      .filter(
        ([, source]) =>
          /Record<[^,>]*Status[^,>]*,\s*(?:StatusColour|string)>\s*=\s*\{[^}]*(?:bg-|#[0-9a-f]{3})/is.test(source) || /:\s*StatusColour\s*=/.test(source),
      )
      .map(([file]) => file);
    expect(offending).toEqual([]);
  });

  it('agrees with the domain for every kind it shows', () => {
    // A guard against a kind whose words are missing from the word table (they would all be neutral).
    for (const [kind, statuses] of Object.entries(STATUS_SETS)) {
      for (const status of statuses) expect(statusColour(status, kind as StatusKind)).toBe(statusColour(status));
    }
  });
});
