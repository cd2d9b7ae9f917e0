import { Boxes, CreditCard, LayoutDashboard, List, MessageSquare, ShoppingBag, type LucideIcon } from 'lucide-react';

export interface HelpSection {
  heading: string;
  points: string[];
}

export interface HelpTopic {
  title: string;
  path: string;
  icon: LucideIcon;
  summary: string;
  sections: HelpSection[];
}

// docs/product/help.md: one card per part of the seller centre, in this order and with these paths.
export const HELP_TOPICS: HelpTopic[] = [
  {
    title: 'Dashboard',
    path: '/seller/dashboard',
    icon: LayoutDashboard,
    summary: 'Your sales, orders and payouts at a glance.',
    sections: [
      { heading: 'What you see', points: ['Sales and order counts for the period you choose.', 'Orders waiting for you to ship, and recent payouts.'] },
      {
        heading: 'Tips',
        points: ['Check it daily: orders waiting to ship are the first thing to act on.', 'Switch the period to compare this month with the last.'],
      },
    ],
  },
  {
    title: 'Inventory',
    path: '/seller/product-list',
    icon: Boxes,
    summary: 'Every product you have added, with its stock and status.',
    sections: [
      {
        heading: 'Managing products',
        points: ['Open a product to view it, or edit its title, price, photos and stock.', 'Photos can be added from your phone with a QR code link.'],
      },
      {
        heading: 'Stock',
        points: ['A product with no stock stays listed but cannot be bought.', 'Keep quantities up to date to avoid orders you cannot fill.'],
      },
    ],
  },
  {
    title: 'Product List',
    path: '/seller/listing',
    icon: List,
    summary: 'Your listings: what buyers see in the store.',
    sections: [
      {
        heading: 'Creating a listing',
        points: [
          'Choose Add listing, fill in the details and the category, then add photos.',
          'The category decides the commission taken when the item sells.',
        ],
      },
      {
        heading: 'Keeping listings fresh',
        points: ['Add inventory to a listing when new stock arrives.', 'Clear photos and honest descriptions mean fewer questions and returns.'],
      },
    ],
  },
  {
    title: 'Orders',
    path: '/seller/orders',
    icon: ShoppingBag,
    summary: 'Orders from buyers, from payment to delivery.',
    sections: [
      {
        heading: 'Fulfilling an order',
        points: [
          'Open an order to see its items and the buyer’s delivery address.',
          'Create a UPS label from Shipments; your default address is the ship-from address.',
        ],
      },
      {
        heading: 'Pickups and tracking',
        points: ['Schedule a UPS pickup at least 1 day in advance, or drop the parcel off.', 'Tracking updates the order’s status until it is delivered.'],
      },
      { heading: 'Getting paid', points: ['Items are paid out after they ship, minus the category commission and any pickup charge.'] },
    ],
  },
  {
    title: 'Messages',
    path: '/seller/chats',
    icon: MessageSquare,
    summary: 'Conversations with buyers about products and orders.',
    sections: [
      { heading: 'Answering buyers', points: ['New messages show an unread count in the menu.', 'You can attach photos, for example of an item’s condition.'] },
      {
        heading: 'Good practice',
        points: ['Reply within a day: quick answers win sales.', 'Keep the conversation in Messages so it is there if a dispute arises.'],
      },
    ],
  },
  {
    title: 'Onboarding',
    path: '/seller/onboarding',
    icon: CreditCard,
    summary: 'Set up your Stripe account to receive payouts.',
    sections: [
      {
        heading: 'Setting up payouts',
        points: [
          'Create your Stripe Express account, then complete onboarding with your business and bank details.',
          'Check the status once you return; it shows Complete when Stripe is satisfied.',
        ],
      },
      { heading: 'After onboarding', points: ['Open the Stripe dashboard from this page to see transfers and update your bank account.'] },
    ],
  },
];

/** docs/product/help.md: the support line's hours. */
export const SUPPORT_HOURS = 'weekdays, 9am-5pm EST';
