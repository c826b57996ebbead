// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DEFAULT_LOCATION, POPULAR_CITIES, type LocationResult } from '@shared/domain/cities';
import { geolocationMessages } from '@shared/messages/geolocation';
import { locationMessages } from '@shared/messages/location';
import { LocationPicker } from './location-picker';
import { clearLocationSearchCache } from './location-api';

const AUSTIN: LocationResult = {
  name: 'Austin',
  lat: 30.26715,
  lng: -97.74306,
  address: 'Austin, Texas, United States',
  country: 'United States',
  region: 'Texas',
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

let fetchMock: ReturnType<typeof vi.fn>;
const searchCalls = () =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/geocode/search'));

function Harness({
  onChange,
  initial = DEFAULT_LOCATION,
}: {
  onChange: (value: LocationResult) => void;
  initial?: LocationResult | null;
}) {
  const [value, setValue] = useState<LocationResult | null>(initial);
  return (
    <LocationPicker
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

function setup(initial?: LocationResult | null) {
  const onChange = vi.fn();
  const user = userEvent.setup();
  render(<Harness onChange={onChange} initial={initial} />);
  const input = screen.getByRole('combobox', { name: 'Location' });
  return { onChange, user, input };
}

beforeEach(() => {
  clearLocationSearchCache();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('LocationPicker', () => {
  it('shows the default location and the 8 popular cities on focus, and picks one with a click', async () => {
    const { user, input, onChange } = setup();
    expect(input).toHaveValue(DEFAULT_LOCATION.address);
    await user.click(input);
    const listbox = screen.getByRole('listbox', { name: locationMessages.popularCities });
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(8);
    expect(listbox).toBeVisible();
    await user.click(screen.getByRole('option', { name: /Chicago/ }));
    expect(onChange).toHaveBeenCalledWith(POPULAR_CITIES.find((city) => city.name === 'Chicago'));
    expect(input).toHaveValue(POPULAR_CITIES.find((city) => city.name === 'Chicago')!.address);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('moves Tab from the open field on to Use current location, never to the list (issue 25)', async () => {
    const { user, input } = setup();
    await user.click(input);
    expect(screen.getByRole('listbox', { name: locationMessages.popularCities })).toBeVisible();
    // Chromium makes a scrolling box a Tab stop unless it says otherwise; the list closes on blur.
    expect(screen.getByTestId('location-picker-popup')).toHaveAttribute('tabindex', '-1');
    await user.tab();
    expect(screen.getByRole('button', { name: locationMessages.useCurrentLocation })).toHaveFocus();
  });

  it('searches from 2 characters after the debounce, once per query, and picks with the keyboard', async () => {
    fetchMock.mockImplementation(() => json({ results: [AUSTIN] }));
    const { user, input, onChange } = setup(null);
    await user.type(input, 'a');
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(input, 'us');
    expect(await screen.findByRole('option', { name: /Austin/ })).toBeInTheDocument();
    expect(searchCalls()).toEqual(['/api/geocode/search?q=aus&limit=10']);
    expect(screen.getByRole('listbox', { name: locationMessages.searchResults })).toBeInTheDocument();

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: /Austin/ }).id);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith(AUSTIN);

    // The same query again is answered from the cache.
    await user.clear(input);
    await user.type(input, 'AUS ');
    expect(await screen.findByRole('option', { name: /Austin/ })).toBeInTheDocument();
    expect(searchCalls()).toHaveLength(1);
  });

  it('debounces typing into one request for the final text', async () => {
    fetchMock.mockImplementation(() => json({ results: [AUSTIN] }));
    const { user, input } = setup(null);
    await user.type(input, 'austin');
    await screen.findByRole('option', { name: /Austin/ });
    expect(searchCalls()).toEqual(['/api/geocode/search?q=austin&limit=10']);
  });

  it('says when nothing is found', async () => {
    fetchMock.mockImplementation(() => json({ results: [] }));
    const { user, input } = setup(null);
    await user.type(input, 'zzzz');
    expect(await screen.findByText(locationMessages.noResults)).toBeInTheDocument();
  });

  it('falls back to built-in cities, then popular cities after 2 failures, then hints at manual entry', async () => {
    fetchMock.mockImplementation(() => json({ error: { code: 'provider_error', message: 'down' } }, 502));
    const { user, input } = setup(null);

    await user.type(input, 'lon');
    expect(await screen.findByText(locationMessages.searchFailed)).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /London/ })).toBeInTheDocument();
    expect(screen.queryByText(locationMessages.serviceUnavailable)).not.toBeInTheDocument();

    await user.type(input, 'd');
    expect(await screen.findByText(locationMessages.serviceUnavailable)).toBeInTheDocument();
    expect(screen.getByText(locationMessages.usingPopularCities)).toBeInTheDocument();
    expect(screen.getByRole('option', { name: /Chicago/ })).toBeInTheDocument();
    expect(screen.queryByText(locationMessages.searchIssues)).not.toBeInTheDocument();

    await user.type(input, 'o');
    expect(await screen.findByText(locationMessages.searchIssues)).toBeInTheDocument();
    expect(searchCalls()).toHaveLength(3);
  });

  it('enters coordinates manually after a double-click, refusing non-numeric input', async () => {
    fetchMock.mockImplementation(() => json({ result: AUSTIN }));
    const { user, input, onChange } = setup();
    await user.dblClick(input);
    const latitude = screen.getByLabelText(locationMessages.latitude);
    const longitude = screen.getByLabelText(locationMessages.longitude);
    await user.clear(latitude);
    await user.type(latitude, 'north');
    await user.click(screen.getByRole('button', { name: locationMessages.useCoordinates }));
    expect(screen.getByRole('alert')).toHaveTextContent(locationMessages.invalidCoordinates);
    expect(onChange).not.toHaveBeenCalled();

    await user.clear(latitude);
    await user.type(latitude, '30.3');
    await user.clear(longitude);
    await user.type(longitude, '-97.7{Enter}');
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ ...AUSTIN, lat: 30.3, lng: -97.7 }));
    expect(String(fetchMock.mock.calls[0][0])).toBe('/api/geocode/reverse?lat=30.3&lng=-97.7');
    expect(screen.queryByLabelText(locationMessages.latitude)).not.toBeInTheDocument();
  });

  it('keeps manual coordinates when no place is known there', async () => {
    fetchMock.mockImplementation(() => json({ error: { message: 'down' } }, 500));
    const { user, onChange } = setup();
    await user.click(screen.getByRole('button', { name: locationMessages.enterCoordinates }));
    await user.clear(screen.getByLabelText(locationMessages.latitude));
    await user.type(screen.getByLabelText(locationMessages.latitude), '0');
    await user.clear(screen.getByLabelText(locationMessages.longitude));
    await user.type(screen.getByLabelText(locationMessages.longitude), '-140{Enter}');
    await waitFor(() =>
      expect(onChange).toHaveBeenCalledWith({
        name: '0.00000, -140.00000',
        lat: 0,
        lng: -140,
        address: '0.00000, -140.00000',
        country: '',
        region: null,
      }),
    );
  });

  describe('use current location', () => {
    const withGeolocation = (getCurrentPosition: Geolocation['getCurrentPosition']) =>
      vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });

    it('asks for a precise, recent position and reverse-geocodes it', async () => {
      fetchMock.mockImplementation(() => json({ result: AUSTIN }));
      const getCurrentPosition = vi.fn<Geolocation['getCurrentPosition']>((success) =>
        success({ coords: { latitude: 30.27, longitude: -97.74 } } as GeolocationPosition),
      );
      withGeolocation(getCurrentPosition);
      const { user, onChange } = setup();
      await user.click(screen.getByRole('button', { name: locationMessages.useCurrentLocation }));
      await waitFor(() => expect(onChange).toHaveBeenCalledWith({ ...AUSTIN, lat: 30.27, lng: -97.74 }));
      expect(getCurrentPosition.mock.calls[0][2]).toEqual({
        enableHighAccuracy: true,
        timeout: 10_000,
        maximumAge: 300_000,
      });
    });

    it.each([
      [1, geolocationMessages.permissionDenied],
      [2, geolocationMessages.unavailable],
      [3, geolocationMessages.timeout],
      [99, geolocationMessages.failed],
    ])('shows the text for geolocation error %i', async (code, text) => {
      withGeolocation((_success, failure) => failure?.({ code } as GeolocationPositionError));
      const { user, onChange } = setup();
      await user.click(screen.getByRole('button', { name: locationMessages.useCurrentLocation }));
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(onChange).not.toHaveBeenCalled();
    });

    it('says when the browser has no geolocation', async () => {
      vi.stubGlobal('navigator', { ...navigator, geolocation: undefined });
      const { user } = setup();
      await user.click(screen.getByRole('button', { name: locationMessages.useCurrentLocation }));
      expect(await screen.findByText(geolocationMessages.notSupported)).toBeInTheDocument();
    });
  });
});
