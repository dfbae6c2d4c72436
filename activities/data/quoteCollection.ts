/**
 * Quotations bundled with the service, each with where it comes from: works in the public domain (published before
 * 1930, or a US government work). Where the usual attribution is doubtful or a paraphrase, the source says so.
 */
export const QUOTES: readonly { readonly quote: string; readonly author: string; readonly source: string }[] = [
  { quote: 'The unexamined life is not worth living.', author: 'Socrates', source: 'Plato, Apology 38a (c. 399 BC)' },
  {
    quote: 'We are what we repeatedly do.',
    author: 'Will Durant, paraphrasing Aristotle',
    source: 'Aristotle, Nicomachean Ethics II.1 (c. 340 BC), as summarised',
  },
  { quote: 'The die is cast.', author: 'Julius Caesar', source: 'Suetonius, The Twelve Caesars, Julius 32 (AD 121)' },
  { quote: 'I think, therefore I am.', author: 'René Descartes', source: 'Discourse on the Method, part IV (1637)' },
  { quote: 'Knowledge is power.', author: 'Francis Bacon', source: 'Meditationes Sacrae (1597): "ipsa scientia potestas est"' },
  { quote: 'If I have seen further it is by standing on the shoulders of Giants.', author: 'Isaac Newton', source: 'Letter to Robert Hooke, 5 February 1675' },
  {
    quote: 'An investment in knowledge always pays the best interest.',
    author: 'Benjamin Franklin',
    source: 'attributed; in the spirit of The Way to Wealth (1758)',
  },
  { quote: 'Early to bed and early to rise, makes a man healthy, wealthy and wise.', author: 'Benjamin Franklin', source: "Poor Richard's Almanack (1735)" },
  { quote: 'Well done is better than well said.', author: 'Benjamin Franklin', source: "Poor Richard's Almanack (1737)" },
  { quote: 'To be, or not to be, that is the question.', author: 'William Shakespeare', source: 'Hamlet, Act III, Scene 1 (c. 1600)' },
  { quote: 'Brevity is the soul of wit.', author: 'William Shakespeare', source: 'Hamlet, Act II, Scene 2 (c. 1600)' },
  { quote: 'The fault, dear Brutus, is not in our stars, but in ourselves.', author: 'William Shakespeare', source: 'Julius Caesar, Act I, Scene 2 (1599)' },
  {
    quote: 'Hope is the thing with feathers that perches in the soul.',
    author: 'Emily Dickinson',
    source: 'Poem 254, "Hope" is the thing with feathers (written c. 1861, published 1891)',
  },
  { quote: 'It was the best of times, it was the worst of times.', author: 'Charles Dickens', source: 'A Tale of Two Cities, book I, chapter 1 (1859)' },
  {
    quote: 'It is a truth universally acknowledged, that a single man in possession of a good fortune, must be in want of a wife.',
    author: 'Jane Austen',
    source: 'Pride and Prejudice, chapter 1 (1813)',
  },
  {
    quote: 'The only thing we have to fear is fear itself.',
    author: 'Franklin D. Roosevelt',
    source: 'First inaugural address, 4 March 1933 (a US government work)',
  },
  {
    quote: 'Government of the people, by the people, for the people, shall not perish from the earth.',
    author: 'Abraham Lincoln',
    source: 'Gettysburg Address, 19 November 1863',
  },
  { quote: 'Whatever you are, be a good one.', author: 'Abraham Lincoln', source: 'attributed (19th century)' },
  {
    quote: 'Simplicity is the ultimate sophistication.',
    author: 'attributed to Leonardo da Vinci',
    source: 'attribution unverified; popular since the 20th century',
  },
  {
    quote: 'The mind is not a vessel to be filled, but a fire to be kindled.',
    author: 'Plutarch',
    source: 'On Listening to Lectures 48c (c. AD 100), as paraphrased',
  },
  { quote: 'Nothing in life is to be feared, it is only to be understood.', author: 'Marie Curie', source: 'attributed (early 20th century)' },
  { quote: 'Imagination is more important than knowledge.', author: 'Albert Einstein', source: 'interview, The Saturday Evening Post, 26 October 1929' },
  {
    quote: 'The more I learn, the more I realize how much I don’t know.',
    author: 'attributed to Socrates',
    source: 'paraphrase of Plato, Apology 21d (c. 399 BC)',
  },
  {
    quote: 'Be the change that you wish to see in the world.',
    author: 'attributed to Mahatma Gandhi',
    source: 'paraphrase of Indian Opinion, 8 September 1913',
  },
  { quote: 'That which does not kill us makes us stronger.', author: 'Friedrich Nietzsche', source: 'Twilight of the Idols, "Maxims and Arrows" 8 (1889)' },
  { quote: 'The journey of a thousand miles begins beneath one’s feet.', author: 'Laozi', source: 'Tao Te Ching, chapter 64 (c. 400 BC)' },
  {
    quote: 'I have not failed. I’ve just found 10,000 ways that won’t work.',
    author: 'attributed to Thomas Edison',
    source: 'paraphrase of an account in Frank Lewis Dyer, Edison: His Life and Inventions (1910)',
  },
  { quote: 'Luck is what happens when preparation meets opportunity.', author: 'attributed to Seneca', source: 'paraphrase; attribution unverified' },
  { quote: 'While we are postponing, life speeds by.', author: 'Seneca', source: 'Letters to Lucilius, letter 1 (c. AD 65)' },
  { quote: 'Waste no more time arguing about what a good man should be. Be one.', author: 'Marcus Aurelius', source: 'Meditations, book X, 16 (c. AD 170)' },
  {
    quote: 'You have power over your mind, not outside events. Realize this, and you will find strength.',
    author: 'attributed to Marcus Aurelius',
    source: 'paraphrase of Meditations (c. AD 170)',
  },
  { quote: 'The best way out is always through.', author: 'Robert Frost', source: 'A Servant to Servants, in North of Boston (1914)' },
  {
    quote: 'Two roads diverged in a wood, and I— I took the one less traveled by.',
    author: 'Robert Frost',
    source: 'The Road Not Taken, in Mountain Interval (1916)',
  },
];
