import { describe, expect, it, vi } from 'vitest';
import { createIpPlaces, ipPlaces, placeWords } from './ip-place.ts';

// The database is pinned (2.3.2026060513): these are its answers for Reliance Jio's blocks.
const JIO_MUMBAI = { region: 'Maharashtra', country: 'India' };

describe('the place of an IP address, from DB-IP City Lite', () => {
  it('a public Indian IPv4 address is a city in Maharashtra, India', async () => {
    const place = await ipPlaces.placeOf('49.36.0.1');
    expect(place).toMatchObject(JIO_MUMBAI);
    expect(place?.city).toMatch(/Mumbai/);
  });

  it('a public Indian IPv6 address is a city in India', async () => {
    const place = await ipPlaces.placeOf('2405:200::1');
    expect(place).toMatchObject(JIO_MUMBAI);
    expect(place?.city).toMatch(/Mumbai/);
  });

  it('an IPv4 address that arrives IPv6-mapped is looked up as IPv4', async () => {
    expect(await ipPlaces.placeOf('::ffff:49.36.0.1')).toEqual(await ipPlaces.placeOf('49.36.0.1'));
  });

  it('a public address abroad names its country in English', async () => {
    expect((await ipPlaces.placeOf('8.8.8.8'))?.country).toBe('United States');
  });

  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.5.4',
    '192.168.1.10',
    '100.64.0.1',
    '169.254.1.1',
    '203.0.113.7',
    '0.0.0.0',
    '255.255.255.255',
    '::ffff:127.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fd12:3456::1',
    '2001:db8::1',
    'ff02::1',
    'not an address',
    '',
  ])('%s is nobody’s place', async (ip) => {
    expect(await ipPlaces.placeOf(ip)).toBeNull();
  });

  it('without its database a lookup answers null (a sign-in never fails for a city) and says why', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const places = createIpPlaces(() => '/nonexistent/dbip-city.mmdb');
    expect(await places.placeOf('49.36.0.1')).toBeNull();
    expect(await places.placeOf('49.36.0.2')).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});

describe('placeWords', () => {
  it('joins the known parts', () => {
    expect(placeWords({ city: 'Mumbai', region: 'Maharashtra', country: 'India' })).toBe(
      'Mumbai, Maharashtra, India',
    );
    expect(placeWords({ city: null, region: null, country: 'India' })).toBe('India');
  });

  it('says a repeated part once', () => {
    expect(placeWords({ city: 'Delhi', region: 'Delhi', country: 'India' })).toBe('Delhi, India');
  });
});
