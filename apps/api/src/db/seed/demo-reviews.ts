// Hand-written demo reviews (docs/product/reviews.md): what buyers of the demo items say, by how many stars
// they gave, and what sellers answer. Written to fit any listing of the demo catalogue; the seed step
// (seed-reviews.ts) picks among them with its own random draws.

export interface DemoReviewText {
  title: string;
  body: string;
}

/** By stars given. "{item}" is replaced by the item's title. */
export const DEMO_REVIEW_TEXTS: Readonly<Record<1 | 2 | 3 | 4 | 5, readonly DemoReviewText[]>> = {
  5: [
    {
      title: 'Exactly as described',
      body: 'The {item} is exactly what the listing shows. Well packed, arrived a day early, and the quality is better than I expected for the price.',
    },
    { title: 'Love it', body: 'Bought the {item} as a gift and ended up ordering a second one for myself. Solid, well made, and it looks great.' },
    { title: 'Great seller, great item', body: 'Quick shipping and the seller answered my question within an hour. The {item} works perfectly.' },
    { title: 'Better than the photos', body: 'The photos do not do it justice. Colours are rich and the finish is clean. Would buy from this shop again.' },
    { title: 'Five stars, no notes', body: 'Arrived in perfect condition, carefully wrapped. Does everything I hoped it would.' },
    { title: 'Worth every penny', body: 'I compared a few options before choosing the {item}, and I am glad I did. Sturdy and nicely finished.' },
    { title: 'Fast and careful', body: 'Shipped the next day with tracking, and the box was padded on every side. The item itself is lovely.' },
    { title: 'My new favourite', body: 'I use it every day. Comfortable, well thought out, and it still looks new after a few weeks.' },
    {
      title: 'Second one from this shop',
      body: 'Ordered the {item} after a good first purchase here, and it did not disappoint. Same careful packing, same quality.',
    },
    { title: 'Perfect gift', body: 'Gave the {item} for a birthday and it was a hit. It came in a neat box, so I did not even need to wrap it much.' },
    {
      title: 'Sturdy and well finished',
      body: 'No loose threads, no rough edges, nothing rattles. You can tell someone checked it before it went in the box.',
    },
    { title: 'Just right', body: 'The size, the weight and the colour are exactly as the listing says. Nice to get what you ordered for once.' },
    { title: 'Highly recommend', body: 'Had the {item} for a month now and use it constantly. Would happily buy it again.' },
    { title: 'Quality you can feel', body: 'Much heavier and better made than the cheaper ones I looked at. Worth the extra few dollars.' },
    { title: 'Arrived quickly', body: 'Ordered on a Monday, had it by Thursday. Tracking updated at every step and the item was spotless.' },
    { title: 'Better than the shop down the road', body: 'Cheaper and nicer than what I found in stores. The {item} feels built to last.' },
  ],
  4: [
    {
      title: 'Very good, small quibble',
      body: 'The {item} is well made and does the job. Took a couple of days longer to arrive than I hoped, otherwise great.',
    },
    { title: 'Happy with it', body: 'Good quality for the price. The colour is slightly darker than in the photos, but I like it.' },
    { title: 'Solid purchase', body: 'Does what it says. Packaging could have been a little better, but nothing was damaged.' },
    { title: 'Nice, would recommend', body: 'Pleasant to use and looks good. Instructions were a bit thin, figured it out anyway.' },
    { title: 'Good value', body: 'Not perfect, but very good for what it costs. The seller was friendly and quick to reply.' },
    { title: 'Pretty much as pictured', body: 'Matches the description. A minor scuff on one side that you only see up close.' },
    { title: 'Does the job well', body: 'The {item} works as it should. Not the prettiest, but it is practical and feels solid.' },
    { title: 'Good, not perfect', body: 'Quality is good. The box it came in had seen better days, but the item inside was fine.' },
    { title: 'Would buy again', body: 'Happy overall. It took me a few days to get used to it, now I reach for it all the time.' },
    { title: 'Nice surprise', body: 'Nicer than I expected at this price. Slightly smaller than I imagined, so check the measurements.' },
    { title: 'Reliable seller', body: 'Shipped on time and answered my question about sizing quickly. The {item} itself is good value.' },
    { title: 'Almost five stars', body: 'Only missing a star because the colour is a touch different from the photos. Otherwise great.' },
  ],
  3: [
    { title: 'It is fine', body: 'The {item} works, but it feels lighter and less sturdy than I expected from the photos.' },
    { title: 'Okay for the price', body: 'Average quality. It does the job, though I would not call it a bargain.' },
    { title: 'Mixed feelings', body: 'Looks nice, but the size is smaller than I pictured. Check the measurements before you buy.' },
    { title: 'Average', body: 'Nothing wrong with the {item}, nothing special either. It arrived on time and does what it says.' },
    { title: 'Decent but overpriced', body: 'Works fine, but I have since seen similar ones for less. Packaging was good.' },
    { title: 'Fine once I fixed it', body: 'One part was loose when it arrived. Easy to tighten, but it should not have left the shop like that.' },
    { title: 'Not bad', body: 'The finish is a bit rough in places. For everyday use it is perfectly fine.' },
  ],
  2: [
    {
      title: 'Not what I expected',
      body: 'Arrived with a scratch on the front and the colour is quite different from the listing. Keeping it, but disappointed.',
    },
    { title: 'Slow to arrive', body: 'Took almost two weeks and the box was dented. The item survived, but only just.' },
    { title: 'Disappointing quality', body: 'The {item} feels flimsy and one edge was already chipped. Expected better for the price.' },
    { title: 'Smaller than described', body: 'Much smaller than the listing made it look. Usable, but not what I needed.' },
  ],
  1: [
    { title: 'Broke in a week', body: 'Stopped working after a few days of normal use. Contacted the seller and am waiting for an answer.' },
    { title: 'Not as advertised', body: 'The {item} I received does not match the photos at all. Sending it back.' },
    { title: 'Arrived damaged', body: 'The box was crushed and the item inside was cracked. Very disappointed.' },
  ],
};

/** What sellers answer: thanks for the good ones, help for the others. */
export const DEMO_SELLER_REPLIES = {
  positive: [
    'Thank you so much for the kind words! We are glad it arrived safely and hope you enjoy it for years.',
    'Thanks for taking the time to review. It means a lot to a small shop like ours.',
    'So happy to hear it! Let us know if you ever need anything else.',
  ],
  critical: [
    'Sorry it was not quite what you hoped for. Please message us from your order and we will make it right.',
    'Thank you for the honest feedback. We have changed our packaging since, and we are happy to help with a return.',
  ],
} as const;

/** The reviews an admin hid in the demo, and why (the author is told). */
export const DEMO_HIDDEN_REVIEWS: ReadonlyArray<DemoReviewText & { rating: 1 | 2 | 3 | 4 | 5; reason: string }> = [
  {
    rating: 5,
    title: 'Call me for a better deal',
    body: 'Nice item, but you can get it cheaper: text me on 555-0142 and I will sell you mine.',
    reason: 'Reviews may not contain phone numbers or offers to trade outside the marketplace.',
  },
  {
    rating: 1,
    title: 'Wrong listing',
    body: 'My review is about the delivery company, not this shop. The driver left the box in the rain and never rang the bell.',
    reason: 'Reviews are about the item and the seller; complaints about a carrier belong in a message to the seller or a dispute.',
  },
];
