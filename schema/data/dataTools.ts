import { micros, usdToMicros } from '../money';
import { object } from '../registry/fields';
import { bool, int, num, str, strings } from '../registry/shapes';
import type { JsonSchema, ToolDraft } from '../registry/types';

/**
 * Data lookups (spec §4.3): GET, their input from the query string, each a paid `toolCall` like any tool. Offline
 * ones (bundled datasets, computation) run as local activities; anything that does network I/O, DNS included, as
 * activities. Free-tier rule: a lookup a caller without credentials may make (spending one of the day's free
 * calls) unless each call spends a credential or quota we pay for (stocks, forum, transcripts) or a browser
 * (screenshot): those need a key or an x402 payment. Joke and quote are free for everyone, like /preview.
 */
const lookup = { method: 'GET', category: 'data', premium: false, model: 'none' } as const;
const offline = { ...lookup, freeTier: true, execution: 'local-activity' } as const;
const online = { ...lookup, freeTier: true, execution: 'activity' } as const;
const keyed = { ...lookup, freeTier: false, execution: 'activity' } as const;
const free = { ...lookup, price: micros(0), freeTier: false, execution: 'local-activity' } as const;

const currency = { type: 'string', pattern: '^[A-Za-z]{3}$', description: 'ISO 4217 code, e.g. USD.' } as const satisfies JsonSchema;
const currencyList = {
  type: 'string',
  pattern: '^[A-Za-z]{3}(,[A-Za-z]{3})*$',
  maxLength: 400,
  description: 'Comma list of ISO 4217 codes; all when left out.',
} as const satisfies JsonSchema;
const isoDate = { type: 'string', format: 'date' } as const satisfies JsonSchema;
const isoTime = { type: 'string', format: 'date-time' } as const satisfies JsonSchema;
const query = (what: string) => ({ type: 'string', minLength: 1, maxLength: 300, description: what }) as const;
const limit = (maximum: number, defaultValue: number) => ({ type: 'integer', minimum: 1, maximum, default: defaultValue }) as const;
const rgb: JsonSchema = object({ r: int, g: int, b: int }, ['r', 'g', 'b']);
const hsl: JsonSchema = object({ h: num, s: num, l: num }, ['h', 's', 'l']);
const rates: JsonSchema = { type: 'object', additionalProperties: num, description: 'Units of each currency one unit of the base buys.' };
const people: JsonSchema = {
  type: 'array',
  items: object(
    {
      first_name: str,
      last_name: str,
      full_name: str,
      sex: str,
      email: str,
      username: str,
      phone: str,
      birthdate: isoDate,
      job_title: str,
      address: object({ street: str, city: str, postcode: str, country: str }, ['street', 'city', 'country']),
    },
    ['first_name', 'last_name', 'full_name', 'email'],
  ),
};

export const dataTools = [
  {
    ...online,
    name: 'data/weather',
    errorStatuses: [404],
    path: '/data/weather',
    summary: 'Current weather in a city: temperature, wind speed, weather code (Open-Meteo)',
    price: usdToMicros('0.002'),
    input: object(
      {
        city: query('City name, e.g. Paris (the best match is used; add the country for a namesake: "Paris, US").'),
        latitude: { type: 'number', minimum: -90, maximum: 90 },
        longitude: { type: 'number', minimum: -180, maximum: 180 },
        units: { enum: ['metric', 'imperial'], default: 'metric' },
      },
      [],
      { anyOf: [{ required: ['city'] }, { required: ['latitude', 'longitude'] }] },
    ),
    output: object(
      {
        location: object({ name: str, country: str, latitude: num, longitude: num, timezone: str }, ['latitude', 'longitude']),
        time: str,
        temperature: num,
        temperature_unit: str,
        wind_speed: num,
        wind_speed_unit: str,
        weather_code: int,
        description: str,
        humidity: num,
      },
      ['location', 'temperature', 'wind_speed', 'weather_code', 'description'],
    ),
    aliases: { q: 'city', location: 'city', lat: 'latitude', lon: 'longitude', lng: 'longitude' },
    example: { city: 'Paris' },
  },
  {
    ...online,
    name: 'data/crypto',
    errorStatuses: [404],
    path: '/data/crypto',
    summary: 'Crypto prices in USD, EUR and GBP with their 24-hour change (CoinGecko)',
    price: usdToMicros('0.002'),
    input: object({
      symbols: {
        type: 'string',
        pattern: '^[A-Za-z0-9-]{1,30}(,[A-Za-z0-9-]{1,30}){0,24}$',
        default: 'btc,eth',
        description: 'Comma list of up to 25 ticker symbols (btc, eth, sol …).',
      },
    }),
    output: object(
      {
        prices: {
          type: 'array',
          items: object({ symbol: str, usd: num, eur: num, gbp: num, change_24h: object({ usd: num, eur: num, gbp: num }) }, ['symbol', 'usd']),
        },
        not_found: strings,
      },
      ['prices'],
    ),
    aliases: { symbol: 'symbols', coins: 'symbols', ids: 'symbols' },
    example: { symbols: 'btc,eth' },
  },
  {
    ...online,
    name: 'data/exchange-rates',
    errorStatuses: [404],
    path: '/data/exchange-rates',
    summary: 'Exchange rates of a base currency against 160+ others (Frankfurter: central-bank reference rates)',
    price: usdToMicros('0.001'),
    input: object({ base: { ...currency, default: 'USD' }, symbols: currencyList }),
    output: object({ base: str, date: isoDate, rates, count: int }, ['base', 'date', 'rates']),
    aliases: { from: 'base', currency: 'base', to: 'symbols', quotes: 'symbols' },
    example: { base: 'USD' },
  },
  {
    ...online,
    name: 'data/exchange',
    errorStatuses: [404],
    path: '/data/exchange',
    summary: 'Convert an amount between two currencies, or all rates of one (Frankfurter)',
    price: usdToMicros('0.001'),
    input: object({ from: { ...currency, default: 'USD' }, to: currencyList, amount: { type: 'number', exclusiveMinimum: 0, default: 1 } }),
    output: object({ from: str, date: isoDate, amount: num, rates, count: int, to: str, rate: num, result: num }, ['from', 'date', 'rates']),
    aliases: { base: 'from', symbols: 'to' },
    example: { from: 'USD', to: 'EUR', amount: 100 },
  },
  {
    ...offline,
    name: 'data/country',
    errorStatuses: [404],
    path: '/data/country',
    summary: 'A country: capital, population, currencies, languages, flag (bundled datasets)',
    price: usdToMicros('0.001'),
    input: object({ country: query('Country name or ISO code (FR, FRA, France).') }, ['country']),
    output: object(
      {
        name: str,
        native_name: str,
        code: str,
        code3: str,
        capital: str,
        population: int,
        population_year: int,
        continent: str,
        currencies: { type: 'array', items: object({ code: str, name: str, symbol: str }, ['code']) },
        languages: { type: 'array', items: object({ code: str, name: str, native: str }, ['code']) },
        calling_codes: { type: 'array', items: int },
        flag: str,
        sources: strings,
      },
      ['name', 'code', 'capital', 'currencies', 'languages', 'flag'],
    ),
    aliases: { name: 'country', code: 'country', q: 'country' },
    example: { country: 'France' },
  },
  {
    ...offline,
    name: 'data/ip',
    path: '/data/ip',
    summary: "Where an IP address is (country and continent); the caller's own when none is given",
    price: usdToMicros('0.001'),
    input: object({ ip: { type: 'string', anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }], description: "Address to locate; the caller's when left out." } }),
    output: object(
      {
        ip: str,
        version: { enum: [4, 6] },
        range: str,
        country_code: { type: ['string', 'null'] },
        country: { type: ['string', 'null'] },
        continent: str,
        attribution: str,
      },
      ['ip', 'version', 'range', 'country_code'],
    ),
    aliases: { address: 'ip', query: 'ip' },
    clientIpInput: 'ip',
    example: { ip: '8.8.8.8' },
  },
  {
    ...online,
    name: 'data/news',
    errorStatuses: [404],
    path: '/data/news',
    summary: 'Top technology-news stories (Hacker News)',
    price: usdToMicros('0.002'),
    input: object({ n: limit(30, 10) }),
    output: object(
      {
        stories: {
          type: 'array',
          items: object({ id: int, title: str, url: str, score: int, by: str, comments: int, time: isoTime, discussion_url: str }, ['id', 'title']),
        },
        count: int,
      },
      ['stories', 'count'],
    ),
    aliases: { count: 'n', limit: 'n' },
  },
  {
    ...keyed,
    name: 'data/stocks',
    errorStatuses: [404],
    path: '/data/stocks',
    summary: 'A stock quote: price, previous close, change, market state (Finnhub; needs FINNHUB_API_KEY)',
    price: usdToMicros('0.005'),
    input: object({ symbol: { type: 'string', pattern: '^[A-Za-z0-9.^=:-]{1,20}$', description: 'Ticker, e.g. AAPL.' } }, ['symbol']),
    output: object(
      {
        symbol: str,
        price: num,
        previous_close: num,
        change: num,
        change_percent: num,
        open: num,
        high: num,
        low: num,
        market_state: { enum: ['open', 'closed', 'pre-market', 'post-market', 'unknown'] },
        exchange: str,
        as_of: isoTime,
      },
      ['symbol', 'price', 'previous_close', 'market_state'],
    ),
    aliases: { ticker: 'symbol', symbols: 'symbol' },
    example: { symbol: 'AAPL' },
  },
  {
    ...free,
    name: 'data/joke',
    path: '/data/joke',
    summary: 'A random joke from a bundled collection, with its source (free)',
    input: object({ category: { enum: ['programming', 'science', 'general'] }, seed: { type: 'integer', description: 'Same seed, same joke.' } }),
    output: object({ joke: str, category: str, source: str }, ['joke', 'category', 'source']),
  },
  {
    ...free,
    name: 'data/quote',
    errorStatuses: [404],
    path: '/data/quote',
    summary: 'A random quotation from a bundled collection, with its author and source (free)',
    input: object({
      author: query('Only quotations by this author (part of the name).'),
      seed: { type: 'integer', description: 'Same seed, same quotation.' },
    }),
    output: object({ quote: str, author: str, source: str }, ['quote', 'author', 'source']),
  },
  {
    ...offline,
    name: 'data/timezone',
    path: '/data/timezone',
    summary: 'Date and time in an IANA zone: UTC offset, daylight saving, ISO week number',
    price: usdToMicros('0.001'),
    input: object({
      zone: { type: 'string', minLength: 1, maxLength: 64, default: 'UTC', description: 'IANA zone, e.g. Europe/Paris.' },
      at: {
        type: 'string',
        maxLength: 40,
        description: 'Instant or local date to describe (ISO 8601, e.g. 2026-07-01 or 2026-07-01T12:00:00Z); now when left out.',
      },
    }),
    output: object(
      {
        zone: str,
        datetime: str,
        date: isoDate,
        utc_offset: str,
        offset_minutes: int,
        dst: bool,
        abbreviation: str,
        iso_week: int,
        iso_week_year: int,
        iso_week_date: str,
        day_of_week: str,
        unix: int,
      },
      ['zone', 'datetime', 'utc_offset', 'dst', 'iso_week'],
    ),
    aliases: { tz: 'zone', timezone: 'zone', date: 'at', datetime: 'at' },
    example: { zone: 'Europe/Paris' },
  },
  {
    ...offline,
    name: 'data/holidays',
    path: '/data/holidays',
    summary: 'Public holidays of a country in a year, in English (date-holidays dataset)',
    price: usdToMicros('0.001'),
    input: object(
      {
        country: { type: 'string', pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2 code, e.g. FR.' },
        year: { type: 'integer', minimum: 1900, maximum: 2200, description: 'The current year when left out.' },
        region: { type: 'string', pattern: '^[A-Za-z0-9]{1,5}$', description: 'State or region code, for holidays kept only there (e.g. BY for Bavaria).' },
      },
      ['country'],
    ),
    output: object(
      {
        country: str,
        year: int,
        holidays: { type: 'array', items: object({ date: isoDate, name: str, type: str }, ['date', 'name']) },
        count: int,
      },
      ['country', 'year', 'holidays', 'count'],
    ),
    aliases: { code: 'country', state: 'region' },
    example: { country: 'FR', year: 2026 },
  },
  {
    ...online,
    name: 'data/encyclopedia',
    errorStatuses: [404],
    path: '/data/encyclopedia',
    summary: 'Summary of an encyclopedia article (Wikipedia)',
    price: usdToMicros('0.002'),
    input: object({ title: query('Article title, e.g. Alan Turing.') }, ['title']),
    output: object({ title: str, description: str, summary: str, url: str, thumbnail: str, type: str, license: str }, ['title', 'summary', 'url']),
    aliases: { q: 'title', query: 'title', topic: 'title', term: 'title' },
    example: { title: 'Alan Turing' },
  },
  {
    ...online,
    name: 'data/preprints',
    errorStatuses: [404],
    path: '/data/preprints',
    summary: 'Search preprints (arXiv)',
    price: usdToMicros('0.003'),
    input: object(
      {
        query: query('Words to search for in titles, abstracts and authors.'),
        n: limit(50, 10),
        sort: { enum: ['relevance', 'submitted', 'updated'], default: 'relevance' },
      },
      ['query'],
    ),
    output: object(
      {
        query: str,
        total: int,
        papers: {
          type: 'array',
          items: object(
            { id: str, title: str, summary: str, authors: strings, published: isoTime, updated: isoTime, url: str, pdf_url: str, primary_category: str },
            ['id', 'title', 'url'],
          ),
        },
      },
      ['query', 'papers'],
    ),
    aliases: { q: 'query', topic: 'query', count: 'n' },
    example: { query: 'event sourcing', n: 5 },
  },
  {
    ...online,
    name: 'data/code-host/trending',
    errorStatuses: [404],
    path: '/data/code-host/trending',
    summary: 'Trending repositories: the most-starred of those created lately (GitHub search)',
    price: usdToMicros('0.003'),
    input: object({
      since: { enum: ['daily', 'weekly', 'monthly'], default: 'weekly' },
      language: { type: 'string', pattern: '^[A-Za-z0-9+#._ -]{1,40}$', description: 'Only repositories in this language.' },
      n: limit(50, 10),
    }),
    output: object(
      {
        since: str,
        repositories: {
          type: 'array',
          items: object({ name: str, url: str, description: str, stars: int, forks: int, language: str, created_at: isoTime }, ['name', 'url', 'stars']),
        },
      },
      ['since', 'repositories'],
    ),
    aliases: { period: 'since', lang: 'language', count: 'n' },
  },
  {
    ...keyed,
    name: 'data/forum',
    errorStatuses: [404],
    path: '/data/forum',
    summary: 'Search forum posts (Reddit; needs REDDIT_CLIENT_ID and REDDIT_CLIENT_SECRET)',
    price: usdToMicros('0.005'),
    input: object(
      {
        query: query('Words to search posts for.'),
        subreddit: { type: 'string', pattern: '^[A-Za-z0-9_]{2,21}$', description: 'Search only this community.' },
        sort: { enum: ['relevance', 'hot', 'top', 'new', 'comments'], default: 'relevance' },
        n: limit(50, 10),
      },
      ['query'],
    ),
    output: object(
      {
        query: str,
        posts: {
          type: 'array',
          items: object({ title: str, community: str, author: str, score: int, comments: int, url: str, permalink: str, created_at: isoTime, text: str }, [
            'title',
            'permalink',
          ]),
        },
      },
      ['query', 'posts'],
    ),
    aliases: { q: 'query', community: 'subreddit', count: 'n' },
    example: { query: 'temporal workflows' },
  },
  {
    ...keyed,
    name: 'data/video/transcript',
    errorStatuses: [404],
    path: '/data/video/transcript',
    summary: "A video's transcript: full text and timed segments (a configurable provider; needs TRANSCRIPT_API_KEY)",
    price: usdToMicros('0.005'),
    input: object(
      {
        url: { type: 'string', format: 'uri', maxLength: 2000, description: 'Address of the video (YouTube and others the provider knows).' },
        video_id: { type: 'string', pattern: '^[A-Za-z0-9_-]{6,20}$', description: 'A YouTube video id instead of the address.' },
        lang: { type: 'string', pattern: '^[a-z]{2}(-[A-Za-z]{2})?$', description: 'Preferred language of the transcript.' },
      },
      [],
      { anyOf: [{ required: ['url'] }, { required: ['video_id'] }] },
    ),
    output: object(
      {
        url: str,
        language: str,
        text: str,
        segments: { type: 'array', items: object({ start: num, duration: num, text: str }, ['start', 'text']) },
        available_languages: strings,
      },
      ['url', 'text', 'segments'],
    ),
    aliases: { video: 'url', video_url: 'url', id: 'video_id', v: 'video_id', language: 'lang' },
  },
  {
    ...offline,
    name: 'data/qr',
    path: '/data/qr',
    summary: 'A QR code for a text or URL, as PNG base64 and data URL',
    price: usdToMicros('0.001'),
    input: object(
      {
        text: { type: 'string', minLength: 1, maxLength: 8000, description: 'What the code holds (up to 2,953 bytes at level L, less at higher levels).' },
        size: { type: 'integer', minimum: 64, maximum: 1024, default: 256, description: 'Width and height in pixels.' },
        error_correction: { enum: ['L', 'M', 'Q', 'H'], default: 'M' },
        margin: { type: 'integer', minimum: 0, maximum: 10, default: 4, description: 'Quiet zone, in modules.' },
      },
      ['text'],
    ),
    output: object({ png_base64: str, data_url: str, width: int, version: int, error_correction: str, bytes: int }, [
      'png_base64',
      'data_url',
      'width',
      'version',
    ]),
    aliases: { data: 'text', content: 'text', url: 'text', ecc: 'error_correction' },
    example: { text: 'https://example.com' },
  },
  {
    ...online,
    name: 'data/dns',
    errorStatuses: [404],
    path: '/data/dns',
    summary: "A host's A and AAAA records and their reverse names, or an address's reverse names",
    price: usdToMicros('0.001'),
    input: object({ host: { type: 'string', minLength: 1, maxLength: 253, description: 'Host name (example.com) or IP address.' } }, ['host']),
    output: object(
      { host: str, a: strings, aaaa: strings, reverse: { type: 'object', additionalProperties: strings, description: 'Names each address points back to.' } },
      ['host', 'a', 'aaaa', 'reverse'],
    ),
    aliases: { domain: 'host', hostname: 'host', name: 'host', ip: 'host' },
    example: { host: 'example.com' },
  },
  {
    ...online,
    name: 'data/validate/email',
    path: '/data/validate/email',
    summary: 'Check an email address: syntax, then whether its domain accepts mail (MX, or A/AAAA without MX)',
    price: usdToMicros('0.002'),
    input: object({ email: { type: 'string', minLength: 1, maxLength: 320 } }, ['email']),
    output: object(
      {
        email: str,
        valid: bool,
        syntax_valid: bool,
        domain: str,
        mx: { type: 'array', items: object({ exchange: str, priority: int }, ['exchange', 'priority']) },
        mail_host: str,
        reason: str,
      },
      ['email', 'valid', 'syntax_valid', 'reason'],
    ),
    aliases: { address: 'email' },
    example: { email: 'someone@example.com' },
  },
  {
    ...online,
    name: 'data/validate/url',
    path: '/data/validate/url',
    summary: 'Check a URL: syntax, scheme, and whether the service would fetch it (public address, after DNS)',
    price: usdToMicros('0.001'),
    input: object({ url: { type: 'string', minLength: 1, maxLength: 2000 } }, ['url']),
    output: object({ url: str, valid: bool, normalized: str, scheme: str, host: str, fetchable: bool, addresses: strings, reason: str }, [
      'url',
      'valid',
      'fetchable',
      'reason',
    ]),
    aliases: { link: 'url', address: 'url' },
    example: { url: 'https://example.com/page' },
  },
  {
    ...offline,
    name: 'data/random/name',
    path: '/data/random/name',
    summary: 'Random person records (name, email, phone, birthdate, address); the same seed gives the same people',
    price: usdToMicros('0.001'),
    input: object({
      count: { type: 'integer', minimum: 1, maximum: 50, default: 1, description: 'How many people.' },
      seed: { type: 'integer', minimum: 0, maximum: 2_147_483_647, description: 'Repeat a seed to get the same records.' },
      sex: { enum: ['female', 'male'] },
      locale: { enum: ['en', 'en_GB', 'de', 'fr', 'es', 'it', 'nl', 'pt_BR', 'ja'], default: 'en' },
    }),
    output: object({ seed: int, locale: str, people }, ['seed', 'people']),
    aliases: { n: 'count', gender: 'sex' },
    example: { count: 2, seed: 42 },
  },
  {
    ...offline,
    name: 'data/color',
    path: '/data/color',
    summary: 'A colour (hex, rgb(), hsl() or CSS name): RGB, HSL, complement, brightness, CSS names',
    price: usdToMicros('0.001'),
    input: object({ color: { type: 'string', minLength: 1, maxLength: 100, description: '#ff0000, ff0000, rgb(255,0,0), hsl(0,100%,50%) or red.' } }, [
      'color',
    ]),
    output: object(
      {
        hex: str,
        rgb,
        hsl,
        complement: object({ hex: str, rgb, hsl }, ['hex', 'rgb', 'hsl']),
        brightness: { type: 'number', minimum: 0, maximum: 1, description: 'Perceived brightness (ITU-R BT.601 weights), 0 black to 1 white.' },
        is_dark: bool,
        css_name: { type: ['string', 'null'], description: 'The CSS name of exactly this colour, if it has one.' },
        closest_css_name: str,
        css: object({ hex: str, rgb: str, hsl: str }, ['hex', 'rgb', 'hsl']),
      },
      ['hex', 'rgb', 'hsl', 'complement', 'brightness', 'css'],
    ),
    aliases: { hex: 'color', colour: 'color', value: 'color', name: 'color' },
    example: { color: '#ff0000' },
  },
  {
    ...keyed,
    name: 'data/screenshot',
    path: '/data/screenshot',
    summary: 'Screenshot of a web page, 1280 px wide, stored and served at a URL',
    price: usdToMicros('0.01'),
    input: object(
      {
        url: { type: 'string', format: 'uri', maxLength: 2000, description: 'Public https page; private and internal addresses are refused.' },
        height: { type: 'integer', minimum: 200, maximum: 2000, default: 800, description: 'Height of the browser window.' },
        full_page: { type: 'boolean', default: false, description: 'The whole page instead of the window (cut at SCREENSHOT_MAX_HEIGHT).' },
      },
      ['url'],
    ),
    output: object({ url: str, screenshot_id: str, screenshot_url: str, width: int, height: int, bytes: int, title: str, taken_at: isoTime }, [
      'url',
      'screenshot_id',
      'screenshot_url',
      'width',
      'height',
    ]),
    aliases: { link: 'url', page: 'url' },
    example: { url: 'https://example.com' },
  },
  {
    name: 'data/screenshot/image',
    path: '/data/screenshot/:id',
    method: 'GET',
    category: 'data',
    summary: 'The PNG of a screenshot taken by /data/screenshot (its screenshot_url)',
    price: micros(0),
    premium: false,
    freeTier: false,
    execution: 'inline',
    model: 'none',
    // The id is a path parameter (the PNG's SHA-256), read by the handler.
    input: object({}),
    output: { type: 'string', contentMediaType: 'image/png' },
  },
] as const satisfies readonly ToolDraft[];
