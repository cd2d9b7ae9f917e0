import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SellerDashboardResponse } from '@marketplace/contracts/orders';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { apiRoutes } from '../../../test/shop-fixtures';
import { logInAs } from '../../../test/tokens';
// The page and the chart library under its analytics load with this file, not inside the first test's wait.
import './seller-dashboard-page';

function makeDashboard(overrides: Partial<SellerDashboardResponse> = {}): SellerDashboardResponse {
  return {
    today: { sales: 40, orders: 1 },
    last30Days: { sales: 250.5, orders: 6, daily: [{ date: '2026-12-07', sales: 40 }] },
    openOrders: 3,
    lowStock: [{ id: 'p1', title: 'Walnut desk lamp', quantity: 2 }],
    onTimeDelivery: { days: 90, delivered: 18, onTime: 17, ratePercent: 94 },
    ...overrides,
  };
}

async function keyNumbersOf(dashboard: SellerDashboardResponse) {
  logInAs('seller');
  renderApp('/seller/dashboard', { api: apiRoutes({ 'GET /api/seller/dashboard': () => jsonResponse(200, dashboard) }) });
  return screen.findByRole('region', { name: 'Key numbers' });
}

/** The stat card whose label is `label`. */
function card(section: HTMLElement, label: string): HTMLElement {
  return within(section).getByText(label).closest('section > *') as HTMLElement;
}

describe('SellerDashboardPage (/seller/dashboard)', () => {
  it('shows the key numbers, with the share of parts delivered by the promised day in the last 90 days', async () => {
    const numbers = await keyNumbersOf(makeDashboard());
    expect(card(numbers, 'Open orders')).toHaveTextContent('3Waiting to be approved or shipped');
    expect(card(numbers, 'On-time delivery')).toHaveTextContent('On-time delivery94%17 of 18 parts delivered by the promised day in the last 90 days');
  });

  it('says a shop with no delivery in the last 90 days has no on-time rate yet', async () => {
    const numbers = await keyNumbersOf(makeDashboard({ onTimeDelivery: { days: 90, delivered: 0, onTime: 0, ratePercent: null } }));
    const onTime = card(numbers, 'On-time delivery');
    expect(onTime).toHaveTextContent('No deliveries in the last 90 days yet');
    expect(onTime).not.toHaveTextContent('%');
  });

  it('counts one part in the singular', async () => {
    const numbers = await keyNumbersOf(makeDashboard({ onTimeDelivery: { days: 90, delivered: 1, onTime: 0, ratePercent: 0 } }));
    expect(card(numbers, 'On-time delivery')).toHaveTextContent('0%0 of 1 part delivered by the promised day in the last 90 days');
  });
});
