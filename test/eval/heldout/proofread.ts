import type { ProofreadCase } from '../suites/proofread';

/** Held out: read only to report, never to tune. */
export const proofreadHeldOut: readonly ProofreadCase[] = [
  {
    id: 'invoice-email',
    text: 'Your invoice is attached. Please let us know if their are any questions about the the charges.',
    expected: 'Your invoice is attached. Please let us know if there are any questions about the charges.',
  },
  {
    id: 'team-update',
    text: "The designers has finished the mockups, and its up to the developers now. We're further along then last sprint.",
    expected: "The designers have finished the mockups, and it's up to the developers now. We're further along than last sprint.",
  },
  {
    id: 'typos-weird',
    text: 'The results were wierd at first, but the pattern became more noticable after a week.',
    expected: 'The results were weird at first, but the pattern became more noticeable after a week.',
  },
  {
    id: 'clean-meeting',
    text: 'The design review is on Wednesday at two. Please read the proposal beforehand and bring your questions.',
    expected: 'The design review is on Wednesday at two. Please read the proposal beforehand and bring your questions.',
  },
  {
    id: 'would-of-a',
    text: 'I would of called earlier, but it was a unusual day.',
    expected: 'I would have called earlier, but it was an unusual day.',
  },
  {
    id: 'lowercase-sentences',
    text: 'the build passed. the deploy failed because the token expired.',
    expected: 'The build passed. The deploy failed because the token expired.',
  },
  {
    id: 'youre-lose',
    text: "Make sure your logged in, or you'll loose your draft.",
    expected: "Make sure you're logged in, or you'll lose your draft.",
  },
  {
    id: 'clean-science',
    text: 'Samples were stored at minus eighty degrees and analysed within two weeks of collection.',
    expected: 'Samples were stored at minus eighty degrees and analysed within two weeks of collection.',
  },
  {
    id: 'she-dont',
    text: "She don't want to move the launch, but the vendor hasn't delivered the parts.",
    expected: "She doesn't want to move the launch, but the vendor hasn't delivered the parts.",
  },
  {
    id: 'beginning-believe',
    text: 'At the begining of the project, nobody could beleive how fast the prototype worked.',
    expected: 'At the beginning of the project, nobody could believe how fast the prototype worked.',
  },
  {
    id: 'are-our',
    text: 'We are proud of are support team and there response times.',
    expected: 'We are proud of our support team and their response times.',
  },
  {
    id: 'clean-travel',
    text: 'The train to Edinburgh leaves from platform four. Bring a jacket, because the evenings are cold in October.',
    expected: 'The train to Edinburgh leaves from platform four. Bring a jacket, because the evenings are cold in October.',
  },
];
