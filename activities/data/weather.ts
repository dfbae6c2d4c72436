import type { Config } from '../../schema/config';
import type { ToolInput } from '../../schema/registry/toolInput';
import type { dataTools } from '../../schema/data/dataTools';
import { upstreamMalformed, upstreamNotFound } from './upstream/upstreamFailures';
import { type LookupSource, upstreamOf } from './upstream/lookupSource';
import { upstreamJson } from './upstream/upstreamRequest';
import { weatherDescription } from './weatherCodes';

type WeatherInput = ToolInput<typeof dataTools, 'data/weather'>;

interface Place {
  readonly name?: string;
  readonly country?: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly timezone?: string;
}

/**
 * Open-Meteo: the city is geocoded first (its geocoding API), then the current conditions asked for. The free API
 * is non-commercial; a commercial deployment points both addresses at its customer hosts and sets the key.
 */
export function openMeteo(config: Config): LookupSource<WeatherInput, Record<string, unknown>> {
  const forecast = upstreamOf(config, 'open-meteo', config.openMeteoBaseUrl, 'OPEN_METEO_API_KEY');
  const geocoding = upstreamOf(config, 'open-meteo', config.openMeteoGeocodingUrl, 'OPEN_METEO_API_KEY');
  const apikey = config.openMeteoApiKey || undefined;
  return {
    upstream: forecast,
    ttlSeconds: config.weatherCacheSeconds,
    cacheKey: (input) => JSON.stringify([input.city?.toLowerCase(), input.latitude, input.longitude, input.units]),
    async lookup(input, signal) {
      const place =
        input.latitude !== undefined && input.longitude !== undefined ? { latitude: input.latitude, longitude: input.longitude } : await geocode(input.city!);
      const imperial = input.units === 'imperial';
      const body = await upstreamJson(forecast, {
        path: '/v1/forecast',
        query: {
          latitude: place.latitude,
          longitude: place.longitude,
          current: 'temperature_2m,relative_humidity_2m,wind_speed_10m,weather_code',
          timezone: 'auto',
          ...(imperial ? { temperature_unit: 'fahrenheit', wind_speed_unit: 'mph' } : {}),
          apikey,
        },
        ...(signal ? { signal } : {}),
      });
      return conditions(body, place, imperial);

      async function geocode(city: string): Promise<Place> {
        // "Paris, US": the part after the comma narrows to a country.
        const [name, country] = city.split(',').map((part) => part.trim());
        const found = await upstreamJson(geocoding, {
          path: '/v1/search',
          query: { name, count: 10, language: 'en', format: 'json', apikey },
          ...(signal ? { signal } : {}),
        });
        if (!found || typeof found !== 'object') throw upstreamMalformed('open-meteo', 'geocoding answer is not an object');
        const results = ((found as { results?: unknown }).results ?? []) as Record<string, unknown>[];
        if (!Array.isArray(results)) throw upstreamMalformed('open-meteo', 'geocoding results are not a list');
        const wanted = country?.toLowerCase();
        const match = results.find((r) => !wanted || String(r.country_code ?? '').toLowerCase() === wanted || String(r.country ?? '').toLowerCase() === wanted);
        if (!match) throw upstreamNotFound('open-meteo', `no place called "${city}"`, 'Check the spelling, or send latitude and longitude.');
        if (typeof match.latitude !== 'number' || typeof match.longitude !== 'number') throw upstreamMalformed('open-meteo', 'a place without coordinates');
        return {
          name: String(match.name ?? name),
          ...(typeof match.country === 'string' ? { country: match.country } : {}),
          latitude: match.latitude,
          longitude: match.longitude,
          ...(typeof match.timezone === 'string' ? { timezone: match.timezone } : {}),
        };
      }
    },
  };
}

function conditions(body: unknown, place: Place, imperial: boolean): Record<string, unknown> {
  const { current, timezone } = (body ?? {}) as { current?: Record<string, unknown>; timezone?: string };
  const temperature = current?.temperature_2m;
  const wind = current?.wind_speed_10m;
  const code = current?.weather_code;
  if (typeof temperature !== 'number' || typeof wind !== 'number' || typeof code !== 'number') {
    throw upstreamMalformed('open-meteo', 'current conditions lack temperature_2m, wind_speed_10m or weather_code');
  }
  return {
    location: { ...place, ...(place.timezone || !timezone ? {} : { timezone }) },
    ...(typeof current?.time === 'string' ? { time: current.time } : {}),
    temperature,
    temperature_unit: imperial ? '°F' : '°C',
    wind_speed: wind,
    wind_speed_unit: imperial ? 'mph' : 'km/h',
    weather_code: code,
    description: weatherDescription(code),
    ...(typeof current?.relative_humidity_2m === 'number' ? { humidity: current.relative_humidity_2m } : {}),
  };
}
