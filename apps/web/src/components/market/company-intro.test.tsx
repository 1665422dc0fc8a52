import type { TCompany } from '@sampada/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { CompanyIntro } from './company-intro';
import { toVideoEmbed } from './company-video';

const company: TCompany = {
  symbol: 'RELIANCE',
  market: 'NSE',
  name: 'Reliance Industries',
  isin: 'INE002A01018',
  sector: 'Oil Gas & Consumable Fuels',
  industry: 'Refineries & Marketing',
  description: 'One of the largest companies in India by market value.',
  founded: 1973,
  headquarters: 'Mumbai, Maharashtra',
  website: 'https://www.ril.com',
  video_url: null,
};

describe('company introduction', () => {
  it('shows description, founded, headquarters and the website, and no video section without a video', () => {
    renderWithProviders(<CompanyIntro company={company} withVideo />);
    const intro = screen.getByTestId('company-intro');
    expect(intro).toHaveTextContent('One of the largest companies');
    expect(intro).toHaveTextContent('1973');
    expect(intro).toHaveTextContent('Mumbai, Maharashtra');
    const website = screen.getByRole('link', { name: 'ril.com' });
    expect(website).toHaveAttribute('href', 'https://www.ril.com/');
    expect(website).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByTestId('company-video')).not.toBeInTheDocument();
  });

  it('embeds the video when there is one', () => {
    renderWithProviders(
      <CompanyIntro
        company={{ ...company, video_url: 'https://www.youtube.com/watch?v=abcDEF12345' }}
        withVideo
      />,
    );
    expect(screen.getByTitle('Reliance Industries: company video')).toHaveAttribute(
      'src',
      'https://www.youtube-nocookie.com/embed/abcDEF12345',
    );
  });

  it('plays a video staff uploaded (served by the app) in a native player', () => {
    const url = '/files/videos/0b5e3c1a-1111-4a4a-8c8c-123456789abc.mp4';
    renderWithProviders(<CompanyIntro company={{ ...company, video_url: url }} withVideo />);
    const player = screen.getByTitle('Reliance Industries: company video');
    expect(player.tagName).toBe('VIDEO');
    expect(player).toHaveAttribute('src', `${window.location.origin}${url}`);
  });

  it('never embeds an address that is not http(s)', () => {
    expect(toVideoEmbed('javascript:alert(1)')).toBeNull();
    expect(toVideoEmbed('https://cdn.example.com/ril.mp4')).toEqual({
      kind: 'file',
      src: 'https://cdn.example.com/ril.mp4',
    });
  });
});
