/**
 * Jokes bundled with the service. Each is a traditional joke (no known author, retold in many collections), named
 * as such with the tradition it belongs to; none is copied from a modern copyrighted collection.
 */
export const JOKES: readonly { readonly joke: string; readonly category: 'programming' | 'science' | 'general'; readonly source: string }[] = [
  {
    joke: 'There are 10 kinds of people in the world: those who understand binary and those who don’t.',
    category: 'programming',
    source: 'traditional programmers’ joke (1990s Usenet folklore)',
  },
  {
    joke: 'Why do programmers confuse Halloween and Christmas? Because OCT 31 == DEC 25.',
    category: 'programming',
    source: 'traditional programmers’ joke (Usenet folklore)',
  },
  { joke: 'A SQL query walks into a bar, goes up to two tables and asks: "Can I join you?"', category: 'programming', source: 'traditional programmers’ joke' },
  {
    joke: 'There are only two hard things in computer science: cache invalidation, naming things, and off-by-one errors.',
    category: 'programming',
    source: 'traditional programmers’ joke, after a saying attributed to Phil Karlton',
  },
  {
    joke: 'How many programmers does it take to change a light bulb? None: that’s a hardware problem.',
    category: 'programming',
    source: 'traditional light-bulb joke (computing folklore)',
  },
  {
    joke: 'A programmer’s partner says: "Go to the shop and buy a loaf of bread; if they have eggs, buy a dozen." The programmer comes back with twelve loaves.',
    category: 'programming',
    source: 'traditional programmers’ joke',
  },
  {
    joke: 'To understand recursion, you must first understand recursion.',
    category: 'programming',
    source: 'traditional programmers’ joke (computing folklore)',
  },
  { joke: 'Why do Java developers wear glasses? Because they don’t C#.', category: 'programming', source: 'traditional programmers’ pun' },
  { joke: '"Knock knock." "Race condition." "Who’s there?"', category: 'programming', source: 'traditional programmers’ joke' },
  { joke: 'It works on my machine. Then we’ll ship your machine.', category: 'programming', source: 'traditional software-team joke' },
  {
    joke: 'A neutron walks into a bar and asks how much a drink costs. The bartender says: "For you? No charge."',
    category: 'science',
    source: 'traditional physics joke',
  },
  { joke: 'Never trust an atom: they make up everything.', category: 'science', source: 'traditional chemistry joke' },
  {
    joke: 'A photon checks into a hotel. The porter asks if it has any luggage. "No, I’m travelling light."',
    category: 'science',
    source: 'traditional physics joke',
  },
  { joke: 'Why can’t you trust a statistician? They’re always plotting something.', category: 'science', source: 'traditional statistics pun' },
  {
    joke: 'An infinite number of mathematicians walk into a bar. The first orders a beer, the second half a beer, the third a quarter. The bartender pours two beers and says: "Know your limits."',
    category: 'science',
    source: 'traditional mathematics joke',
  },
  { joke: 'What did the proton say to the electron? "Stop being so negative."', category: 'science', source: 'traditional chemistry joke' },
  { joke: 'Schrödinger’s cat walks into a bar. And doesn’t.', category: 'science', source: 'traditional physics joke' },
  { joke: 'Why was six afraid of seven? Because seven eight nine.', category: 'general', source: 'traditional children’s riddle' },
  { joke: 'What do you call a fish with no eyes? A fsh.', category: 'general', source: 'traditional riddle' },
  { joke: 'I used to be indecisive. Now I’m not so sure.', category: 'general', source: 'traditional one-liner' },
  { joke: 'Why did the scarecrow win an award? Because he was outstanding in his field.', category: 'general', source: 'traditional pun' },
  { joke: 'What do you call a bear with no teeth? A gummy bear.', category: 'general', source: 'traditional children’s riddle' },
  { joke: 'Why don’t skeletons fight each other? They don’t have the guts.', category: 'general', source: 'traditional children’s riddle' },
  { joke: 'What has keys but can’t open locks? A piano.', category: 'general', source: 'traditional riddle' },
];
