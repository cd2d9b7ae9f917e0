import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { StarRating, StarRatingInput } from './star-rating';

describe('StarRating', () => {
  it('names the rating for screen readers and fills the stars to the nearest half', () => {
    const { container } = render(<StarRating value={4.3} count={12} />);
    expect(screen.getByRole('img', { name: 'Rated 4.3 out of 5, 12 reviews' })).toBeInTheDocument();
    // 4.3 draws as 4½ stars: 90% of the five.
    expect(container.querySelector<HTMLElement>('.stars')!.style.getPropertyValue('--stars')).toBe('90%');
    expect(screen.getByText('(12)')).toBeInTheDocument();
  });

  it('says "1 review" and leaves the count out when there is none to give', () => {
    const { rerender } = render(<StarRating value={5} count={1} />);
    expect(screen.getByRole('img', { name: 'Rated 5 out of 5, 1 review' })).toBeInTheDocument();
    rerender(<StarRating value={3} />);
    expect(screen.getByRole('img', { name: 'Rated 3 out of 5' })).toBeInTheDocument();
  });
});

describe('StarRatingInput', () => {
  it('is a group of five radios, "1 star" to "5 stars"', async () => {
    function Form() {
      const [value, setValue] = useState<number | null>(null);
      return (
        <>
          <StarRatingInput value={value} onChange={setValue} error={value === null ? 'Choose from 1 to 5 stars' : undefined} />
          <output>{value ?? 'none'}</output>
        </>
      );
    }
    render(<Form />);
    const group = screen.getByRole('group', { name: 'Your rating' });
    expect(group).toHaveAccessibleDescription('Choose from 1 to 5 stars');
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('4');
  });
});
