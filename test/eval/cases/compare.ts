import type { CompareCase } from '../suites/compare';

/** Pairs people compare: products, offers, versions of a document, reports of one event, and texts with nothing in common. */
export const compareCases: readonly CompareCase[] = [
  {
    id: 'postgres-mongodb',
    text_a:
      'PostgreSQL is an open-source relational database that stores data in tables with a fixed schema. It supports SQL joins and ACID transactions. It scales vertically on a single primary server, with read replicas for queries.',
    text_b:
      'MongoDB is an open-source document database that stores data as JSON-like documents with a flexible schema. It supports multi-document ACID transactions. It scales horizontally by sharding collections across many servers.',
    relation: 'related',
    similar: ['open-source', 'transactions'],
    different: { a: ['tables'], b: ['documents'] },
  },
  {
    id: 'phones-camera-battery',
    text_a: 'The Pixel 8 has an excellent camera and a bright 6.2-inch screen. Its battery lasts about a day. It costs 699 dollars.',
    text_b: 'The iPhone 15 also has an excellent camera. Its battery lasts a full day. It charges over USB-C and costs 799 dollars.',
    relation: 'related',
    similar: ['camera', 'battery'],
    different: { a: ['screen'], b: ['USB-C'] },
  },
  {
    id: 'laptops-criteria',
    text_a: 'The Aero 14 weighs 1.2 kg and its battery lasts 14 hours. It has 16 GB of memory and a matte screen.',
    text_b: 'The Titan 16 weighs 2.4 kg and its battery lasts 6 hours. It has a powerful graphics card for gaming and 32 GB of memory.',
    criteria: 'portability, battery life',
    relation: 'related',
    similar: ['memory'],
    different: { b: ['graphics'] },
  },
  {
    id: 'hotels',
    text_a:
      'Hotel Aurora is a five-minute walk from the central station. Rooms include breakfast and free Wi-Fi. There is a rooftop bar with views of the cathedral.',
    text_b:
      'The Harbour Inn is by the old port, a twenty-minute bus ride from the station. Breakfast costs 15 euros extra. Rooms have free Wi-Fi and parking is available.',
    relation: 'related',
    similar: ['Wi-Fi'],
    different: { a: ['rooftop'], b: ['parking'] },
  },
  {
    id: 'job-offers',
    text_a: 'The offer from Finch Analytics pays 85,000 euros a year with 28 days of holiday. The role is fully remote. Stock options vest over four years.',
    text_b:
      'Brightline offers 92,000 euros a year and 25 days of holiday. The role requires three days a week in the Amsterdam office. There is a 10 percent annual bonus.',
    criteria: 'salary, remote work',
    relation: 'related',
    different: { a: ['stock options'], b: ['bonus'] },
  },
  {
    id: 'insurance-plans',
    text_a:
      'The Basic plan costs 120 dollars a month with a 3,000 dollar deductible. It covers hospital stays and emergency care. Dental care is not included.',
    text_b:
      'The Plus plan costs 210 dollars a month with a 1,000 dollar deductible. It covers hospital stays, emergency care and prescriptions. Dental check-ups are included twice a year.',
    criteria: 'dental, prescriptions',
    relation: 'related',
    similar: ['hospital'],
    different: { b: ['prescriptions'] },
    favours: 'B',
  },
  {
    id: 'contract-versions',
    text_a:
      'Either party may terminate this agreement with 30 days written notice. Invoices are payable within 45 days. The supplier is liable for damages up to the contract value.',
    text_b:
      'Either party may terminate this agreement with 60 days written notice. Invoices are payable within 45 days. The supplier is liable for damages up to twice the contract value.',
    relation: 'related',
    similar: ['invoices'],
    different: { a: ['30 days'], b: ['60 days'] },
  },
  {
    id: 'news-same-event',
    text_a:
      'A magnitude 6.1 earthquake struck central Italy early on Sunday, damaging old buildings in several hill towns. No deaths were reported. Rescue teams searched collapsed houses through the night.',
    text_b:
      'An earthquake of magnitude 6.1 hit central Italy before dawn on Sunday. Several historic buildings in hill towns were damaged, and no one was killed. Rescue teams worked overnight to search collapsed homes.',
    relation: 'duplicate',
    similar: ['earthquake', 'rescue'],
  },
  {
    id: 'product-reworded',
    text_a:
      'The Breeze 300 air purifier cleans a 40 square metre room in 15 minutes. It has a washable pre-filter and a HEPA filter. It runs at 22 decibels in sleep mode.',
    text_b:
      'In sleep mode the Breeze 300 air purifier runs at just 22 decibels. It cleans a room of 40 square metres in 15 minutes, using a HEPA filter and a washable pre-filter.',
    relation: 'duplicate',
    similar: ['decibels', 'HEPA'],
  },
  {
    id: 'pancakes-crepes',
    text_a: 'Pancakes use flour, milk, eggs and baking powder, which makes them thick and fluffy. Cook them on a hot griddle until bubbles form, then flip.',
    text_b: 'Crêpes use flour, milk and eggs but no baking powder, so they stay thin. Swirl the batter in a hot pan and cook each side for a minute.',
    relation: 'related',
    similar: ['flour'],
    different: { a: ['fluffy'], b: ['thin'] },
  },
  {
    id: 'cities-relocation',
    text_a:
      'Lisbon has mild winters and over 2,800 hours of sunshine a year. Rents have risen sharply in the centre. The tech scene is growing fast, with many start-ups.',
    text_b:
      'Berlin has cold, grey winters. Rents have also risen, though they remain below those of Paris or London. The city has one of the largest start-up scenes in Europe.',
    criteria: 'weather, rent',
    relation: 'related',
    similar: ['rents'],
    different: { a: ['sunshine'] },
  },
  {
    id: 'cloud-pricing',
    text_a:
      'Provider A charges 0.023 dollars per gigabyte of storage per month. Data transfer out costs 0.09 dollars per gigabyte. There is no charge for data transfer in.',
    text_b:
      'Provider B charges 0.020 dollars per gigabyte of storage per month. Data transfer out is free for the first 100 gigabytes each month. Requests are billed at 0.004 dollars per thousand.',
    relation: 'related',
    similar: ['storage'],
    different: { b: ['requests'] },
  },
  {
    id: 'cvs',
    text_a:
      'Maria has eight years of experience as a backend engineer, mostly in Java and Kotlin. She led the migration of a payments platform to Kubernetes. She speaks Spanish and English.',
    text_b:
      'Tom has five years of experience as a backend engineer working in Go and Python. He built the data pipeline for a logistics start-up. He has an AWS certification.',
    criteria: 'Kubernetes, Go',
    relation: 'related',
    similar: ['backend engineer'],
    different: { a: ['payments'], b: ['AWS'] },
  },
  {
    id: 'unrelated-weather-release',
    text_a:
      'Heavy rain is expected across the north on Thursday, with winds gusting up to 80 kilometres an hour. Temperatures will drop to 4 degrees overnight.',
    text_b: 'Version 3.2 adds single sign-on through SAML and fixes a crash when exporting large reports. The minimum supported browser is now Firefox 115.',
    relation: 'unrelated',
  },
  {
    id: 'unrelated-recipe-tax',
    text_a: 'Whisk the eggs with sugar until pale, fold in the flour, and bake the sponge for 25 minutes at 180 degrees.',
    text_b: 'Self-employed workers must file their tax return by 31 January and pay any balance owed by the same date.',
    relation: 'unrelated',
  },
  {
    id: 'privacy-policy-versions',
    text_a:
      'We keep your order history for five years. We share your address with couriers only to deliver your parcels. We do not use your data for advertising.',
    text_b:
      'We keep your order history for ten years. We share your address with couriers to deliver your parcels. We may use your purchase data to show you personalised advertising.',
    relation: 'related',
    similar: ['couriers'],
    different: { a: ['five years'], b: ['ten years', 'advertising'] },
  },
  {
    id: 'duplicate-bug-reports',
    text_a: 'The app crashes when I rotate my phone while a video is playing. It happens on Android 14. I have to restart the app every time.',
    text_b: 'On Android 14, rotating the phone during video playback makes the app crash, and I need to restart it each time.',
    relation: 'duplicate',
    similar: ['Android 14'],
  },
  {
    id: 'meeting-summaries',
    text_a: 'The team agreed to launch the beta on 3 June. Sara will write the onboarding emails. The budget for ads stays at 5,000 euros.',
    text_b: 'The team agreed to launch the beta on 3 June. Marco will prepare the press kit. The ad budget was raised to 8,000 euros.',
    relation: 'related',
    similar: ['beta'],
    different: { a: ['onboarding'], b: ['press kit'] },
  },
  {
    id: 'running-shoes',
    text_a: 'The Cloudrun 4 weighs 240 grams and has an 8 mm drop. Its cushioning is firm, which suits fast training runs. It costs 150 dollars.',
    text_b: 'The Glide Max weighs 310 grams with a 6 mm drop. Its thick, soft cushioning is made for long, slow miles. It costs 170 dollars.',
    relation: 'related',
    similar: ['cushioning'],
    different: { a: ['firm'], b: ['soft'] },
  },
  {
    id: 'python-go',
    text_a:
      'Python is dynamically typed and interpreted, which makes it quick to write scripts. It has a huge ecosystem of data science libraries. Its global interpreter lock limits multi-threaded performance.',
    text_b:
      'Go is statically typed and compiled to a single binary. Its goroutines make concurrent programs simple and fast. Its standard library covers networking and HTTP servers well.',
    relation: 'related',
    different: { a: ['data science'], b: ['goroutines'] },
  },
  {
    id: 'ebikes',
    text_a: 'The City E1 has a 400 Wh battery with a range of 70 km. It has a hub motor and weighs 21 kg. It costs 1,900 euros.',
    text_b: 'The Trail E5 has a 625 Wh battery with a range of 120 km. It uses a mid-drive motor suited to steep hills and weighs 25 kg. It costs 3,400 euros.',
    criteria: 'range, hills',
    relation: 'related',
    similar: ['battery'],
    different: { b: ['hills'] },
    favours: 'B',
  },
  {
    id: 'bank-accounts',
    text_a: 'The Everyday account has no monthly fee. Card payments abroad cost 2.75 percent. It pays no interest on balances.',
    text_b:
      'The Premier account costs 12 pounds a month. Card payments abroad are free, and it includes worldwide travel insurance. Balances earn 1.5 percent interest.',
    relation: 'related',
    similar: ['abroad'],
    different: { b: ['travel insurance'] },
  },
  {
    id: 'apartments',
    text_a: 'The flat on Rua Augusta has two bedrooms and a balcony facing the river. It is on the fourth floor with no lift. Rent is 1,600 euros a month.',
    text_b:
      'The flat in Campo de Ourique has three bedrooms and a small garden. It is on the ground floor. Rent is 1,750 euros a month, including a parking space.',
    relation: 'related',
    similar: ['rent'],
    different: { a: ['balcony'], b: ['garden'] },
  },
  {
    id: 'flights',
    text_a: 'Flight TP 1352 leaves Lisbon at 07:10 and lands in London at 09:45. One checked bag is included. The fare is 189 euros.',
    text_b: 'Flight U2 7621 leaves Lisbon at 14:30 and lands in London at 17:05. Checked bags cost 45 euros extra. The fare is 99 euros.',
    relation: 'related',
    similar: ['Lisbon'],
    different: { a: ['included'] },
  },
  {
    id: 'courses',
    text_a: 'The data science bootcamp runs for 12 weeks full time. It covers Python, statistics and machine learning. Tuition is 9,000 dollars.',
    text_b:
      'The part-time data science certificate runs for nine months in the evenings. It covers Python, SQL and data visualisation. Tuition is 4,500 dollars.',
    relation: 'related',
    similar: ['Python'],
    different: { a: ['machine learning'], b: ['visualisation'] },
  },
  {
    id: 'gyms',
    text_a: 'FitHub is open 24 hours and costs 35 euros a month. It has free weights and cardio machines but no classes.',
    text_b: 'Studio Move is open from 6 a.m. to 10 p.m. and costs 55 euros a month. It offers yoga, spinning and boxing classes, plus a sauna.',
    criteria: 'classes, price',
    relation: 'related',
    different: { b: ['sauna'] },
  },
  {
    id: 'headphones',
    text_a: 'The Sonic 700 has active noise cancelling and 30 hours of battery life. It folds flat into a hard case. It supports the aptX codec.',
    text_b:
      'The Quiet Pro has active noise cancelling and 24 hours of battery life. It has a transparency mode for hearing traffic. It connects to two devices at once.',
    relation: 'related',
    similar: ['noise cancelling'],
    different: { a: ['aptX'], b: ['transparency'] },
  },
  {
    id: 'unrelated-football-garden',
    text_a: 'The home side came from two goals down to win 3-2, with the winner scored in stoppage time.',
    text_b: 'Prune roses in late winter, cutting just above an outward-facing bud, and mulch the beds with compost.',
    relation: 'unrelated',
  },
  {
    id: 'unrelated-leaflet-timetable',
    text_a: 'Take one tablet twice a day with food. Do not drive if the tablets make you drowsy.',
    text_b: 'The last bus from the airport to the city centre leaves at 23:40 from stop C.',
    relation: 'unrelated',
  },
  {
    id: 'press-release-edit',
    text_a:
      'Greenfield Energy will build a 200-megawatt wind farm off the coast of Galicia. Construction begins in 2026 and the farm will power about 180,000 homes. The project will create 400 jobs.',
    text_b:
      'Greenfield Energy will build a 200 MW offshore wind farm off Galicia. Construction starts in 2026, and the farm will supply power to about 180,000 homes. The project is expected to create 400 jobs.',
    relation: 'duplicate',
    similar: ['wind farm', '180,000 homes'],
  },
  {
    id: 'support-answers',
    text_a: 'To reset your password, click "Forgot password" on the login page and follow the link we email you. The link expires after 30 minutes.',
    text_b: 'You can reset your password from the login page.',
    criteria: 'email link, expiry',
    relation: 'related',
    similar: ['password'],
    different: { a: ['expires'] },
    favours: 'A',
  },
  {
    id: 'electric-cars',
    text_a: 'The Volta S has a range of 520 km and charges from 10 to 80 percent in 25 minutes. It seats five and has a 450-litre boot.',
    text_b: 'The Nimbus 3 has a range of 410 km and charges from 10 to 80 percent in 35 minutes. It seats seven, which suits larger families.',
    criteria: 'range, seats',
    relation: 'related',
    similar: ['range'],
    different: { a: ['boot'], b: ['families'] },
  },
  {
    id: 'coffee-machines',
    text_a: 'The Barista One grinds beans fresh for every cup and has a steam wand for milk. It takes about a minute to heat up. It costs 599 euros.',
    text_b: 'The PodPress uses capsules and heats up in 15 seconds. It has no milk frother. It costs 99 euros, but capsules cost 40 cents each.',
    relation: 'related',
    different: { a: ['grinds'], b: ['capsules'] },
  },
  {
    id: 'project-proposals',
    text_a: 'Proposal A rebuilds the mobile app in React Native over six months for 180,000 euros. It reuses the existing backend.',
    text_b: 'Proposal B adds offline mode to the current native apps over three months for 90,000 euros. It also needs changes to the backend sync service.',
    criteria: 'cost, timeline',
    relation: 'related',
    similar: ['backend'],
    different: { a: ['React Native'], b: ['offline mode'] },
  },
  {
    id: 'api-doc-versions',
    text_a: 'Each API key may make 100 requests per minute. Responses are paginated with 50 items per page. Authentication uses an API key in the header.',
    text_b: 'Each API key may make 300 requests per minute. Responses are paginated with 100 items per page. Authentication uses OAuth 2.0 bearer tokens.',
    relation: 'related',
    different: { a: ['100 requests'], b: ['OAuth'] },
  },
  {
    id: 'unrelated-poem-invoice',
    text_a: 'The tide withdraws and leaves the sand in silver ridges, and the gulls complain above the empty pier.',
    text_b: 'Invoice 2024-117: 40 hours of consulting at 95 euros per hour, total 3,800 euros, due within 30 days.',
    relation: 'unrelated',
  },
  {
    id: 'restaurant-reviews',
    text_a: 'The seafood rice at Mar Azul was superb and generous. Service was friendly but slow on a busy Saturday. Prices are fair for the quality.',
    text_b:
      'Mar Azul serves an excellent seafood rice, though the portions felt small for the price. Our waiter was quick and attentive. Book ahead at weekends.',
    relation: 'related',
    similar: ['seafood rice'],
    different: { b: ['book ahead'] },
  },
  {
    id: 'vacuums',
    text_a: 'The CleanBot 5 is a robot vacuum that maps your home with lidar and empties itself into a dock. It runs for 150 minutes per charge.',
    text_b: 'The StickPro is a cordless stick vacuum with strong suction for rugs and stairs. It runs for 60 minutes per charge and converts into a handheld.',
    relation: 'related',
    different: { a: ['lidar'], b: ['handheld'] },
  },
  {
    id: 'mortgages',
    text_a:
      'Bank North offers a 25-year mortgage at a fixed rate of 3.9 percent for five years. The arrangement fee is 999 pounds. Overpayments of up to 10 percent a year are allowed.',
    text_b:
      'Bank South offers a 25-year mortgage at a fixed rate of 4.2 percent for two years. There is no arrangement fee. Overpayments are not allowed during the fixed period.',
    criteria: 'overpayments, fees',
    relation: 'related',
    similar: ['mortgage'],
    different: { a: ['999 pounds'] },
  },
  {
    id: 'vendor-quotes',
    text_a: 'Vendor A quotes 42,000 euros for the warehouse shelving, installed within four weeks. The price includes a five-year warranty.',
    text_b:
      'Vendor B quotes 38,500 euros for the warehouse shelving, installed within eight weeks. The warranty lasts two years; installation is charged separately at 3,000 euros.',
    criteria: 'warranty, installation time',
    relation: 'related',
    similar: ['shelving'],
    different: { b: ['separately'] },
  },
];
