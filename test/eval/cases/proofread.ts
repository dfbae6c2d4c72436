import type { ProofreadCase } from '../suites/proofread';

/** Each text with its errors seeded by hand, and the text as it should read; clean texts must come back unchanged. */
export const proofreadCases: readonly ProofreadCase[] = [
  {
    id: 'conference-issue-example',
    text: "Their going to the conference next week, but they hasn't booked there hotel yet. Its a important event for are team.",
    expected: "They're going to the conference next week, but they haven't booked their hotel yet. It's an important event for our team.",
  },
  {
    id: 'email-your-welcome',
    text: "Thanks for the quick reply. Your welcome to join the call on Thursday if you're free.",
    expected: "Thanks for the quick reply. You're welcome to join the call on Thursday if you're free.",
  },
  {
    id: 'release-notes-typos',
    text: 'This release fixes a bug wich caused the exporter to skip the last row. We recieved several reports about it.',
    expected: 'This release fixes a bug which caused the exporter to skip the last row. We received several reports about it.',
  },
  {
    id: 'then-than',
    text: 'The new build is faster then the old one, and it uses less memory then we expected.',
    expected: 'The new build is faster than the old one, and it uses less memory than we expected.',
  },
  {
    id: 'could-of',
    text: 'We could of shipped on Friday if the tests had passed. Next time we should of started earlier.',
    expected: 'We could have shipped on Friday if the tests had passed. Next time we should have started earlier.',
  },
  {
    id: 'he-dont',
    text: "He don't check his email on weekends, so call him if it's urgent.",
    expected: "He doesn't check his email on weekends, so call him if it's urgent.",
  },
  {
    id: 'we-was',
    text: 'We was told the delivery would arrive on Monday, but nothing came.',
    expected: 'We were told the delivery would arrive on Monday, but nothing came.',
  },
  {
    id: 'repeated-the',
    text: 'Please send the the signed contract to the legal team before noon.',
    expected: 'Please send the signed contract to the legal team before noon.',
  },
  {
    id: 'lowercase-start-i',
    text: 'i checked the logs this morning. the error only happens when the cache is empty.',
    expected: 'I checked the logs this morning. The error only happens when the cache is empty.',
  },
  {
    id: 'its-possessive',
    text: "The company updated it's privacy policy and it's terms of service last month.",
    expected: 'The company updated its privacy policy and its terms of service last month.',
  },
  {
    id: 'a-an-hour',
    text: 'The meeting lasted a hour and we left with an clear plan.',
    expected: 'The meeting lasted an hour and we left with a clear plan.',
  },
  {
    id: 'spelling-definitely',
    text: 'I will definately review the proposal before the deadline, but it might be seperate from the budget.',
    expected: 'I will definitely review the proposal before the deadline, but it might be separate from the budget.',
  },
  {
    id: 'clean-quarterly',
    text: 'The quarterly report is ready. Our team checked every figure, and the totals match the ledger.',
    expected: 'The quarterly report is ready. Our team checked every figure, and the totals match the ledger.',
  },
  {
    id: 'clean-tech-names',
    text: 'We deploy the API to Kubernetes with Helm, and PostgreSQL runs on a managed instance in Frankfurt.',
    expected: 'We deploy the API to Kubernetes with Helm, and PostgreSQL runs on a managed instance in Frankfurt.',
  },
  {
    id: 'loose-lose',
    text: "If you loose your badge, report it at reception so you don't loose access to the building.",
    expected: "If you lose your badge, report it at reception so you don't lose access to the building.",
  },
  {
    id: 'effect-affect',
    text: 'The outage did not effect customers in Europe, but it will affect our monthly uptime figures.',
    expected: 'The outage did not affect customers in Europe, but it will affect our monthly uptime figures.',
  },
  {
    id: 'whose-whos',
    text: "Who's laptop is this? It was left in the meeting room.",
    expected: 'Whose laptop is this? It was left in the meeting room.',
  },
  {
    id: 'occurred-untill',
    text: 'The error occured twice yesterday. We will monitor the job untill the fix is deployed.',
    expected: 'The error occurred twice yesterday. We will monitor the job until the fix is deployed.',
  },
  {
    id: 'clean-recipe',
    text: 'Preheat the oven to 200 degrees. Toss the potatoes with olive oil, salt and rosemary, then roast them for forty minutes.',
    expected: 'Preheat the oven to 200 degrees. Toss the potatoes with olive oil, salt and rosemary, then roast them for forty minutes.',
  },
  {
    id: 'they-was-there',
    text: 'The engineers said they was happy with there new desks.',
    expected: 'The engineers said they were happy with their new desks.',
  },
  {
    id: 'to-too',
    text: 'The file is to large to upload, and the preview is too slow to be useful.',
    expected: 'The file is too large to upload, and the preview is too slow to be useful.',
  },
  {
    id: 'accommodate-tomorrow',
    text: 'The hotel can accomodate twenty guests, and the shuttle leaves tommorow at nine.',
    expected: 'The hotel can accommodate twenty guests, and the shuttle leaves tomorrow at nine.',
  },
  {
    id: 'clean-news',
    text: 'The city council voted on Tuesday to extend the tram line to the airport. Construction is expected to start next spring.',
    expected: 'The city council voted on Tuesday to extend the tram line to the airport. Construction is expected to start next spring.',
  },
  {
    id: 'she-go',
    text: 'Every morning she go to the gym before work, and then she walks to the office.',
    expected: 'Every morning she goes to the gym before work, and then she walks to the office.',
  },
  {
    id: 'theyre-their',
    text: 'The customers said their happy with the update, but they want there invoices in PDF.',
    expected: "The customers said they're happy with the update, but they want their invoices in PDF.",
  },
  {
    id: 'government-environment',
    text: 'The goverment announced new rules to protect the enviroment along the coast.',
    expected: 'The government announced new rules to protect the environment along the coast.',
  },
  {
    id: 'clean-support-reply',
    text: "Thanks for getting in touch. I've refunded the duplicate charge, and you should see it on your statement within five days.",
    expected: "Thanks for getting in touch. I've refunded the duplicate charge, and you should see it on your statement within five days.",
  },
  {
    id: 'alot-dont',
    text: 'We got alot of feedback, but most users dont read the release notes.',
    expected: "We got a lot of feedback, but most users don't read the release notes.",
  },
  {
    id: 'an-user',
    text: 'Each request must include an user ID and a API key.',
    expected: 'Each request must include a user ID and an API key.',
  },
  {
    id: 'clean-names',
    text: 'Siobhan and Nguyen will present the results in Zürich, and Oyelaran will join from Lagos.',
    expected: 'Siobhan and Nguyen will present the results in Zürich, and Oyelaran will join from Lagos.',
  },
  {
    id: 'doesnt-agree',
    text: "The printer on the second floor don't work, and the one on the third floor doesn't print in colour.",
    expected: "The printer on the second floor doesn't work, and the one on the third floor doesn't print in colour.",
  },
  {
    id: 'repeated-is-and',
    text: 'The report is is ready, and and the slides will follow later today.',
    expected: 'The report is ready, and the slides will follow later today.',
  },
  {
    id: 'its-contraction',
    text: 'Its been a long week, but its finally done.',
    expected: "It's been a long week, but it's finally done.",
  },
  {
    id: 'clean-instructions',
    text: 'Unplug the router, wait thirty seconds and plug it back in. If the light stays red, call our support line.',
    expected: 'Unplug the router, wait thirty seconds and plug it back in. If the light stays red, call our support line.',
  },
  {
    id: 'youre-your',
    text: "You're order has shipped, and your tracking number is in the email we sent.",
    expected: 'Your order has shipped, and your tracking number is in the email we sent.',
  },
  {
    id: 'necessary-calendar',
    text: 'It is neccessary to update the calender before the board meeting.',
    expected: 'It is necessary to update the calendar before the board meeting.',
  },
  {
    id: 'were-where',
    text: 'Nobody knew were the spare keys were kept.',
    expected: 'Nobody knew where the spare keys were kept.',
  },
  {
    id: 'there-is-agreement',
    text: 'There is three reasons why the migration failed.',
    expected: 'There are three reasons why the migration failed.',
  },
  {
    id: 'clean-long-technical',
    text: 'The scheduler retries a failed job three times with exponential backoff. After the last attempt, it marks the job as failed and notifies the owner by email.',
    expected:
      'The scheduler retries a failed job three times with exponential backoff. After the last attempt, it marks the job as failed and notifies the owner by email.',
  },
  {
    id: 'mixed-forum-post',
    text: 'i tried every setting but the the sound still cuts out. Has anyone else had this problem with there headset?',
    expected: 'I tried every setting but the sound still cuts out. Has anyone else had this problem with their headset?',
  },
];
