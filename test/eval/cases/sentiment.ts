import type { SentimentCase } from '../suites/sentiment';

/** Reviews, tickets, posts and news of many kinds; mixed means both sides are substantial, not a passing concession. */
export const sentimentCases: readonly SentimentCase[] = [
  {
    id: 'restaurant-cold-food-apologetic',
    text: 'I waited 40 minutes for my food and it arrived cold, though the waiter was genuinely apologetic and took it off the bill.',
    label: 'mixed',
  },
  {
    id: 'headphones-love',
    text: 'These headphones are incredible. The noise cancelling is superb and the battery easily lasts a week of commuting.',
    label: 'positive',
  },
  {
    id: 'app-crashes',
    text: 'The latest update made the app unusable. It crashes every time I open the camera and I lost two days of notes.',
    label: 'negative',
  },
  {
    id: 'news-rate-decision',
    text: 'The central bank held its benchmark rate at 4.25 percent on Wednesday, in line with economists’ forecasts.',
    label: 'neutral',
  },
  {
    id: 'hotel-location-noise',
    text: 'Great location, five minutes from the old town, but the room faced the street and the noise kept us awake until 3 a.m.',
    label: 'mixed',
  },
  { id: 'not-bad-at-all', text: 'Honestly not bad at all for the price. It does everything I need.', label: 'positive' },
  { id: 'never-again', text: 'Never again. Rude staff, a sticky table and a forty-dollar bill for two pizzas.', label: 'negative' },
  {
    id: 'ticket-password-reset',
    text: 'Hi, I need to reset the password for the account registered to this address. Could you send me a reset link?',
    label: 'neutral',
  },
  {
    id: 'laptop-fast-hot',
    text: 'The laptop is blazing fast and the screen is gorgeous. However, it gets uncomfortably hot on my lap and the fan is loud under load.',
    label: 'mixed',
  },
  { id: 'support-thanks', text: 'Thank you so much for sorting this out so quickly, Maria. You saved my weekend!', label: 'positive' },
  {
    id: 'delivery-late-damaged',
    text: 'The parcel showed up a week late and the box was crushed. Two of the glasses inside were broken.',
    label: 'negative',
  },
  {
    id: 'meeting-notes',
    text: 'The quarterly planning meeting has moved to Thursday at 10:00 in room 4B. Please bring your team’s headcount estimates.',
    label: 'neutral',
  },
  { id: 'cant-complain', text: 'I can’t complain: the installer showed up on time, explained everything and left the place spotless.', label: 'positive' },
  { id: 'not-worth-it', text: 'It is not worth the money. The fabric pilled after one wash and the zip broke within a month.', label: 'negative' },
  {
    id: 'movie-visuals-plot',
    text: 'Visually stunning, with a score I am still humming, yet the plot is a mess and the last hour drags terribly.',
    label: 'mixed',
  },
  {
    id: 'gym-friendly',
    text: 'Friendly trainers, spotless changing rooms and the classes are genuinely fun. Best decision I made this year.',
    label: 'positive',
  },
  { id: 'bank-fees', text: 'Another surprise fee on my statement. I am tired of this bank treating loyal customers like an ATM.', label: 'negative' },
  { id: 'product-spec', text: 'The kettle holds 1.7 litres, has a 3000 W element and switches off automatically when the water boils.', label: 'neutral' },
  {
    id: 'course-content-platform',
    text: 'The course content is excellent and the instructor clearly knows her subject. The platform, on the other hand, is clunky and kept logging me out.',
    label: 'mixed',
  },
  { id: 'didnt-disappoint', text: 'The sequel didn’t disappoint. Sharper jokes, better pacing, and the cast is having a blast.', label: 'positive' },
  {
    id: 'employee-burnout',
    text: 'Morale on the team is at an all-time low. People are working weekends to hit impossible deadlines and nobody in leadership seems to care.',
    label: 'negative',
  },
  {
    id: 'changelog-neutral',
    text: 'Version 2.3 adds export to CSV, changes the default time zone to UTC and removes the legacy XML endpoint.',
    label: 'neutral',
  },
  { id: 'phone-camera-battery', text: 'Camera is fantastic in low light, but battery life is honestly terrible; I’m charging it twice a day.', label: 'mixed' },
  {
    id: 'wedding-venue',
    text: 'Our wedding at the vineyard was perfect. The staff thought of everything and our guests are still talking about the food.',
    label: 'positive',
  },
  { id: 'insurance-claim', text: 'Six weeks and three phone calls later, my claim still has not been processed. Nobody returns my emails.', label: 'negative' },
  { id: 'weather-report', text: 'Expect cloudy skies in the morning with a chance of showers after 2 p.m.; highs around 14 degrees.', label: 'neutral' },
  {
    id: 'car-comfort-infotainment',
    text: 'The ride is smooth and quiet and the seats are the most comfortable I have had on a long drive. Sadly, the infotainment system is slow, confusing and freezes weekly.',
    label: 'mixed',
  },
  { id: 'no-problems-years', text: 'Three years in and I have never had a single problem with it. Still works like the day I bought it.', label: 'positive' },
  { id: 'tweet-outage', text: 'Down AGAIN?! Third outage this week. Seriously considering switching providers.', label: 'negative' },
  {
    id: 'policy-announcement',
    text: 'Starting 1 March, expense reports must be submitted within 30 days of purchase through the new finance portal.',
    label: 'neutral',
  },
  {
    id: 'concert-band-venue',
    text: 'The band was phenomenal and played for almost three hours. The venue was a disaster though: overpriced drinks, terrible sound at the back and an hour to get out of the car park.',
    label: 'mixed',
  },
  { id: 'book-page-turner', text: 'A real page-turner. I stayed up until 2 a.m. to finish it and immediately ordered the next one.', label: 'positive' },
  {
    id: 'hardly-helpful',
    text: 'The documentation is hardly helpful: half the examples are outdated and the search returns nothing useful.',
    label: 'negative',
  },
  {
    id: 'research-abstract',
    text: 'We measured soil moisture at 120 sites across three seasons and compared the readings with satellite estimates.',
    label: 'neutral',
  },
  {
    id: 'daycare-staff-communication',
    text: 'The staff are warm and our daughter loves going there. Communication with parents is poor, though; we only hear about changes at the last minute.',
    label: 'mixed',
  },
  {
    id: 'software-saved-hours',
    text: 'This tool has saved our accounting team hours every week. Setup took twenty minutes and it just works.',
    label: 'positive',
  },
  { id: 'landlord-mould', text: 'The landlord has ignored the mould in the bathroom for four months and now my son’s asthma is worse.', label: 'negative' },
  { id: 'train-schedule', text: 'The 7:42 service to Leeds will depart from platform 9 instead of platform 6.', label: 'neutral' },
  {
    id: 'vacuum-suction-noisy',
    text: 'Suction is strong and it picks up dog hair like nothing else I have owned. It is also painfully loud and the bin is tiny, so I empty it constantly.',
    label: 'mixed',
  },
  {
    id: 'exceeded-expectations',
    text: 'Exceeded every expectation. The coffee is rich, the pastries are fresh and the barista remembered my order on day two.',
    label: 'positive',
  },
];
