import type { SummarizeCase } from '../suites/summarize';

/** Held out: read only to report, never to tune. */
export const summarizeHeldOut: readonly SummarizeCase[] = [
  {
    id: 'bridge-closure',
    text:
      'The Old Harbour Bridge will close to cars for six weeks from 1 July for resurfacing. Pedestrians and cyclists can still cross. ' +
      'Buses will be diverted via Station Road, adding about ten minutes to journeys.',
    point: ['bridge', 'close'],
  },
  {
    id: 'app-pricing',
    text:
      'Starting next month, the Pro plan will cost 12 dollars a month instead of 10. Existing subscribers keep the old price until their next renewal. ' +
      'The free plan is not changing. The company says the increase pays for new collaboration features.',
    point: ['Pro plan', '12 dollars'],
  },
  {
    id: 'research-coffee',
    text:
      'People who drank two to three cups of coffee a day had a lower risk of heart rhythm problems, according to a study of 380,000 adults. ' +
      'The effect held after accounting for smoking and exercise. The researchers say the study shows an association, not proof of cause.',
    point: ['coffee'],
  },
  {
    id: 'school-strike',
    text:
      'Teachers at 40 schools in the region will strike on Thursday over pay. Most affected schools will close, and parents have been told to make other arrangements. ' +
      'The union says talks with the education department broke down last week.',
    point: ['strike'],
  },
];
