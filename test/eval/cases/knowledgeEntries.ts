/**
 * The shared knowledge base the knowledge search suite stores: help-centre articles, FAQ entries and policies of a
 * project-management product and its company, plus general how-tos agents share. One entry is one document, as
 * /knowledge/add stores it (production does not split entries: the whole entry is searched by its words, and its
 * vector is made from its title, tags and the opening of its content, the model's window). A few are long, with what
 * a query asks far down.
 */
export interface StoredKnowledge {
  readonly id: string;
  readonly title: string;
  readonly content: string;
  readonly tags: readonly string[];
}

export const storedKnowledge: readonly StoredKnowledge[] = [
  {
    id: 'reset-password',
    title: 'Resetting your password',
    content:
      'If you have forgotten your password, click "Forgot password?" on the sign-in page and enter the email address of your account. We send a link that is valid for one hour. If the email does not arrive within five minutes, check your spam or junk folder. Accounts that sign in with Google or Microsoft have no Tasklane password: reset it with that provider instead.',
    tags: ['account', 'login', 'faq'],
  },
  {
    id: 'two-factor',
    title: 'Turning on two-factor authentication',
    content:
      'Two-factor authentication (2FA) adds a one-time code to your sign-in. Go to Settings → Security → Two-factor authentication and scan the QR code with an authenticator app such as Google Authenticator, 1Password or Authy. Save the ten recovery codes somewhere safe: each works once if you lose your phone. Workspace admins can require 2FA for every member.',
    tags: ['account', 'security'],
  },
  {
    id: 'lost-2fa-device',
    title: 'Locked out after losing your phone',
    content:
      'Use one of your recovery codes on the sign-in page where the code is asked. If you have none left, ask a workspace admin to reset your two-factor settings, or contact support from the email address of the account; we verify your identity before removing 2FA, which takes up to two business days.',
    tags: ['account', 'security', 'login'],
  },
  {
    id: 'change-email',
    title: 'Changing the email address of your account',
    content:
      'Open Profile → Email, enter the new address and confirm it from the message we send there. Until you confirm, notifications keep going to the old address. If your workspace uses single sign-on, your email is managed by your identity provider and cannot be changed here.',
    tags: ['account', 'profile'],
  },
  {
    id: 'delete-account',
    title: 'Deleting your account and data',
    content:
      'An owner can delete a workspace from Settings → Workspace → Delete. Everything is kept for 30 days in case you change your mind, then erased for good, backups included within a further 35 days. To delete only your own user account, leave every workspace first. Requests under the GDPR right to erasure can also be sent to privacy@tasklane.example.',
    tags: ['account', 'privacy', 'gdpr'],
  },
  {
    id: 'export-data',
    title: 'Exporting your projects',
    content:
      'Admins can export a workspace as CSV or JSON from Settings → Data → Export. Attachments are included as a ZIP file when you tick the box. Large exports are prepared in the background and we email a download link, valid for seven days. Exports of workspaces over 50,000 tasks may take up to an hour.',
    tags: ['data', 'export', 'admin'],
  },
  {
    id: 'import-trello',
    title: 'Importing boards from Trello, Asana or a spreadsheet',
    content:
      'Go to New → Import and choose the source. Trello and Asana imports bring boards, lists, cards, members, due dates and comments; labels become tags. A spreadsheet import maps each column to a field: title, assignee, due date, status. Imported members are invited by email but are not charged until they accept.',
    tags: ['data', 'import', 'migration'],
  },
  {
    id: 'pricing-plans',
    title: 'Plans and prices',
    content:
      'Free: up to 3 projects and 5 members. Team: $10 per member per month billed annually ($12 monthly), unlimited projects, timelines and integrations. Business: $22 per member per month billed annually, adds SSO, audit logs, advanced permissions and priority support. Enterprise pricing is by quote.',
    tags: ['billing', 'pricing', 'faq'],
  },
  {
    id: 'refund-policy',
    title: 'Refund policy',
    content:
      'Monthly plans can be cancelled at any time and are not refunded for the month already paid. Annual plans cancelled within 14 days of purchase or renewal are refunded in full; after that, the unused months are given as account credit, not money. Refunds go back to the original card within 5–10 business days.',
    tags: ['billing', 'policy', 'refunds'],
  },
  {
    id: 'change-plan',
    title: 'Upgrading or downgrading your plan',
    content:
      'Owners change the plan in Settings → Billing. An upgrade takes effect at once and you pay the prorated difference for the rest of the period. A downgrade takes effect at the next renewal; features of the higher plan stay until then. Downgrading to Free archives projects beyond the third.',
    tags: ['billing', 'plans'],
  },
  {
    id: 'invoices-vat',
    title: 'Invoices, receipts and VAT',
    content:
      'Every payment produces an invoice in Settings → Billing → Invoices, downloadable as PDF. Add your company name, address and VAT number before the next payment to have them printed on it; past invoices cannot be reissued with a VAT number. EU business customers with a valid VAT ID are charged under the reverse charge.',
    tags: ['billing', 'invoices', 'tax'],
  },
  {
    id: 'failed-payment',
    title: 'What happens when a payment fails',
    content:
      'We retry a declined card three times over seven days and email the billing contact each time. If every retry fails the workspace becomes read-only: nothing is deleted, and paying the open invoice restores it at once. Update the card in Settings → Billing → Payment method.',
    tags: ['billing', 'payments'],
  },
  {
    id: 'nonprofit-discount',
    title: 'Discounts for nonprofits and education',
    content:
      'Registered charities, nonprofits, schools and universities get 50% off the Team and Business plans. Apply with proof of status (a charity number or an .edu/.ac.uk address) through the discount form; approval takes about three business days and the discount applies from the next invoice.',
    tags: ['billing', 'pricing', 'discounts'],
  },
  {
    id: 'invite-members',
    title: 'Inviting people to your workspace',
    content:
      'Admins invite members from People → Invite by email or with a shareable link. Guests can see only the projects they are added to and are free on every plan. You can restrict sign-ups to your company domain under Settings → Security.',
    tags: ['members', 'admin', 'permissions'],
  },
  {
    id: 'roles-permissions',
    title: 'Roles: owner, admin, member and guest',
    content:
      'Owners manage billing and can delete the workspace. Admins manage members, integrations and settings. Members create and edit projects they belong to. Guests see only what is shared with them and cannot create projects. On the Business plan, project-level permissions let you make a project view-only for some members.',
    tags: ['members', 'permissions', 'admin'],
  },
  {
    id: 'sso-setup',
    title: 'Single sign-on with SAML (Okta, Azure AD, Google Workspace)',
    content:
      'Available on the Business and Enterprise plans. In Settings → Security → SSO, copy our ACS URL and entity ID into your identity provider, then upload its metadata XML. Test with one account before enforcing SSO for everyone. SCIM provisioning creates and removes users automatically from Okta and Azure AD.',
    tags: ['security', 'sso', 'admin'],
  },
  {
    id: 'recurring-tasks',
    title: 'Making a task repeat',
    content:
      'Open a task, click the due date and choose Repeat: daily, weekly on chosen days, monthly or a custom rule. A new copy is created when the current one is completed, with the next due date. Subtasks and checklists are copied too; comments are not.',
    tags: ['tasks', 'how-to'],
  },
  {
    id: 'task-dependencies',
    title: 'Task dependencies and the timeline view',
    content:
      'In the timeline view, drag from one task bar to another to make the second wait for the first. A task that is blocked shows a lock until the task it depends on is done. Moving a task moves the ones that depend on it if auto-scheduling is on. Dependencies are on the Team plan and above.',
    tags: ['tasks', 'timeline', 'planning'],
  },
  {
    id: 'custom-fields',
    title: 'Custom fields',
    content:
      'Add fields to a project (text, number, date, single or multiple choice, person) from the project menu → Fields. They can be shown as columns, filtered and sorted, and summed in the list view when they are numbers, such as estimated hours or cost.',
    tags: ['tasks', 'fields', 'how-to'],
  },
  {
    id: 'time-tracking',
    title: 'Tracking time on tasks',
    content:
      'Start the timer on a task or log hours by hand. Timesheets per person and per project are in Reports → Time, exportable to CSV for payroll or invoicing clients. Billable and non-billable time can be told apart with the toggle on each entry.',
    tags: ['time tracking', 'reports'],
  },
  {
    id: 'notifications',
    title: 'Choosing which notifications you get',
    content:
      'Profile → Notifications sets, for each kind of event (assigned to you, mentioned, due soon, comment on a task you follow), whether you hear by email, in the app, on mobile push or not at all. A daily digest gathers everything into one email at 8 am in your time zone. Do-not-disturb hours silence push notifications.',
    tags: ['notifications', 'settings'],
  },
  {
    id: 'slack-integration',
    title: 'Connecting Slack',
    content:
      'Settings → Integrations → Slack. Choose a channel for each project to post new tasks, completions and comments. Create a task from any Slack message with the "More actions" menu. If messages stop arriving, reconnect the integration: Slack tokens expire when the person who installed it leaves the workspace.',
    tags: ['integrations', 'slack'],
  },
  {
    id: 'calendar-sync',
    title: 'Seeing tasks in Google Calendar or Outlook',
    content:
      'Each project has a private iCal feed under Share → Calendar. Subscribe to it in Google Calendar or Outlook to see due dates there. The feed is read-only and refreshes every few hours depending on your calendar app; a two-way sync is on the roadmap.',
    tags: ['integrations', 'calendar'],
  },
  {
    id: 'api-tokens',
    title: 'API access and personal tokens',
    content:
      'Create a personal access token in Profile → Developer. Send it as a Bearer token to api.tasklane.example/v2. The API allows 100 requests per minute per token; a 429 answer says when to retry. Tokens act with your permissions, so use a service account for integrations that should outlive your job.',
    tags: ['api', 'developers'],
  },
  {
    id: 'webhooks',
    title: 'Webhooks',
    content:
      'Register a URL under Settings → Developer → Webhooks to receive task, project and comment events as JSON. Each request is signed with HMAC-SHA256 in the X-Tasklane-Signature header. We retry failed deliveries with backoff for 24 hours and disable a webhook after 100 consecutive failures.',
    tags: ['api', 'developers', 'webhooks'],
  },
  {
    id: 'mobile-apps',
    title: 'Mobile apps for iPhone and Android',
    content:
      'Download Tasklane from the App Store or Google Play. The apps work offline: changes sync when you are back online. If the app keeps signing you out, update to the latest version and check that your phone’s date and time are set automatically.',
    tags: ['mobile', 'apps'],
  },
  {
    id: 'offline-mode',
    title: 'Working offline in the desktop app',
    content:
      'The desktop app for Windows and macOS keeps the projects you opened recently on your computer. Edits made offline are queued and sent when you reconnect; if someone else changed the same field meanwhile, the later edit wins and the earlier one is kept in the task history.',
    tags: ['desktop', 'offline'],
  },
  {
    id: 'storage-limits',
    title: 'File attachments and storage limits',
    content:
      'Each file can be up to 250 MB. Free workspaces have 1 GB of storage in total, Team 100 GB, Business unlimited. Images and PDFs preview in the browser. Files attached from Google Drive or Dropbox are links and do not count towards storage.',
    tags: ['files', 'storage', 'limits'],
  },
  {
    id: 'status-outage',
    title: 'Is Tasklane down? Service status',
    content:
      'Check status.tasklane.example for live service status, incidents and planned maintenance; subscribe there for email or SMS updates. Maintenance is announced at least 48 hours ahead and scheduled on Sundays between 02:00 and 04:00 UTC.',
    tags: ['status', 'incidents'],
  },
  {
    id: 'uptime-sla',
    title: 'Service level agreement',
    content:
      'Business and Enterprise plans are covered by a 99.9% monthly uptime commitment. If we miss it, you receive service credit: 10% of the monthly fee for uptime below 99.9%, 25% below 99%. Claim it within 30 days of the month’s end through support. Scheduled maintenance is excluded.',
    tags: ['policy', 'sla', 'uptime'],
  },
  {
    id: 'support-hours',
    title: 'How to contact support and when we answer',
    content:
      'Use the chat in the help menu or email help@tasklane.example. Support is staffed 24 hours on weekdays. Free plans get a first answer within two business days, Team within one business day, Business within four hours; urgent outages on Business are answered within one hour, day or night.',
    tags: ['support', 'faq'],
  },
  {
    id: 'data-location',
    title: 'Where your data is stored',
    content:
      'Workspaces are hosted in the EU (Frankfurt) or the US (Virginia), chosen when the workspace is created; moving an existing workspace between regions is possible on Enterprise. Data is encrypted in transit with TLS 1.2+ and at rest with AES-256. Backups are taken every six hours and kept for 35 days.',
    tags: ['security', 'privacy', 'data'],
  },
  {
    id: 'security-compliance',
    title: 'Security certifications',
    content:
      'Tasklane holds an ISO 27001 certificate and a SOC 2 Type II report, renewed yearly; customers on Business can request the report under NDA. We run an external penetration test every year and a public bug bounty programme.',
    tags: ['security', 'compliance'],
  },
  {
    id: 'privacy-policy',
    title: 'Privacy policy summary',
    content:
      'We process account and usage data to provide the service, and never sell personal data or use your content to train AI models. Sub-processors are listed on our website. You may access, correct, export or erase your personal data; contact our data protection officer at privacy@tasklane.example.',
    tags: ['privacy', 'policy', 'gdpr'],
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use policy',
    content:
      'You may not use Tasklane to store illegal content, send spam through invitations or comments, attempt to break into other accounts, or overload the service with automated requests beyond the API limits. We may suspend accounts that break this policy, with notice unless the breach is severe.',
    tags: ['policy', 'legal'],
  },
  {
    id: 'remote-work-policy',
    title: 'Remote and hybrid working policy',
    content:
      'Employees may work from home up to four days a week, agreed with their manager. Core hours are 10:00 to 15:00 local time. Working from another country is allowed for up to 30 days a year after HR approves it, because of tax and insurance rules. A home-office allowance of £500 is paid in the first month.',
    tags: ['hr', 'policy', 'remote'],
  },
  {
    id: 'annual-leave',
    title: 'Annual leave and public holidays',
    content:
      'Full-time staff get 25 days of annual leave plus public holidays, rising by one day for each year of service up to 30. Book leave in the HR system at least two weeks ahead for more than three days off. Up to five unused days may be carried into the next year and must be used by the end of March.',
    tags: ['hr', 'policy', 'leave'],
  },
  {
    id: 'sick-leave',
    title: 'Sickness absence',
    content:
      'Tell your manager before 10:00 on the first day you are ill. For up to seven days you can self-certify; from the eighth day a fit note from a doctor is needed. Full pay is given for up to 20 sick days a year.',
    tags: ['hr', 'policy', 'leave'],
  },
  {
    id: 'expenses',
    title: 'Claiming expenses',
    content:
      'Submit receipts in the expenses app within 60 days. Train travel is standard class; flights are economy unless the flight is over six hours. Hotels up to £150 a night in London and £110 elsewhere. Meals while travelling up to £40 a day; alcohol is not reimbursed. Claims are paid with the next salary.',
    tags: ['hr', 'finance', 'policy', 'travel'],
  },
  {
    id: 'parental-leave',
    title: 'Parental leave',
    content:
      'Birth parents get 26 weeks at full pay and adoptive parents the same from placement. The other parent gets 6 weeks at full pay, to be taken within the first year. Tell HR at least 15 weeks before the expected week of birth. Keeping-in-touch days (up to ten) are paid on top.',
    tags: ['hr', 'policy', 'leave', 'family'],
  },
  {
    id: 'onboarding-checklist',
    title: 'New starter checklist',
    content:
      'On your first day IT gives you a laptop and your accounts; set up 2FA on email and Tasklane before anything else. In the first week, meet your buddy, read the handbook and the security training, and book a one-to-one with your manager. By the end of the first month you should have agreed your probation goals.',
    tags: ['hr', 'onboarding'],
  },
  {
    id: 'code-review',
    title: 'How we review code',
    content:
      'Every change is merged through a pull request approved by one other engineer; changes to billing or authentication need two. Keep pull requests under 400 lines where possible. Reviewers answer within one working day. CI must be green: lint, type check, unit and integration tests. Squash-merge with a message that says what and why.',
    tags: ['engineering', 'process'],
  },
  {
    id: 'incident-response',
    title: 'Incident response runbook',
    content:
      'Whoever notices a customer-facing outage declares an incident in the #incidents channel and becomes its lead until they hand over. The lead opens a status page entry within 15 minutes, calls in the on-call engineer for the affected service, and posts an update every 30 minutes. After the incident, the lead writes a blameless post-mortem within five working days: timeline, impact, root cause and actions with owners.',
    tags: ['engineering', 'incidents', 'process'],
  },
  {
    id: 'deploy-process',
    title: 'Deploying to production',
    content:
      'Deploys run from the main branch through the pipeline after CI passes: first to staging, then a canary taking 5% of traffic for 20 minutes, then everyone. No deploys on Friday after 15:00 or during the December freeze without the head of engineering. Roll back with the pipeline’s one-click rollback rather than a new commit.',
    tags: ['engineering', 'deploy', 'process'],
  },
  {
    id: 'brand-guidelines',
    title: 'Brand and writing style',
    content:
      'Write "Tasklane" with one capital. Our colours are ink #1B1F3B and lane green #2BB673; never put green text on ink. Use sentence case for headings, the Oxford comma, and plain words over jargon. Address the reader as "you". Dates are written 3 March 2026 and times 24-hour in product text.',
    tags: ['marketing', 'brand', 'writing'],
  },
  {
    id: 'keyboard-shortcuts',
    title: 'Keyboard shortcuts',
    content:
      'Press ? anywhere to see every shortcut. The most used: N new task, / search, Ctrl+K (Cmd+K on a Mac) command palette, E edit, Ctrl+Enter complete the task, G then P go to projects, G then I go to your inbox. Shortcuts can be turned off in Profile → Accessibility for screen-reader users.',
    tags: ['how-to', 'productivity'],
  },
  {
    id: 'getting-started-guide',
    title: 'Getting started with Tasklane: a complete guide for new workspaces',
    content:
      'Welcome to Tasklane. This guide walks a new workspace from its first project to a team that plans its work together. Start by creating a project for one piece of work your team is doing now rather than moving everything at once; name it after the outcome, not the team. Add the tasks you already know about, one line each, and do not worry about order yet. Invite two or three colleagues who work on it with you, and agree on what the statuses mean: most teams start with To do, Doing and Done and add Review later if they need it. ' +
      'Once a week, look at the board together for fifteen minutes: what is stuck, what is next, and who needs help. Use comments on tasks instead of long email threads, and mention people with @ so they are notified. Attach the files a task needs to the task itself, so nobody hunts through chat for the latest version. ' +
      'When the first project runs smoothly, create a template from it (project menu → Save as template) so the next project starts with the same sections, statuses and fields. Templates can include example tasks with relative due dates, such as "three days after the project starts". ' +
      'Reports show what was completed each week, what is overdue, and how work is spread across people. Dashboards can be shared with leadership as a read-only link that needs no account. Finally, if your team is spread over time zones, set each person’s working hours in their profile: due-date reminders and the workload view respect them, and nobody is pinged at three in the morning.',
    tags: ['guide', 'onboarding', 'how-to'],
  },
  {
    id: 'admin-handbook',
    title: 'Workspace administrator handbook',
    content:
      'This handbook is for the people who look after a Tasklane workspace: owners and admins. It covers setting up the workspace, keeping it secure, and managing people as the team changes. Begin with the workspace name and logo under Settings → General, and choose the default language and the first day of the week, which the calendar and reports use. Decide who should be an admin: two is a good number, so that one can act when the other is away. ' +
      'Security settings deserve an afternoon. Require two-factor authentication for everyone, restrict sign-ups to your company domain, and review the list of connected apps each quarter, removing integrations nobody uses. On Business, turn on the audit log and send it to your SIEM. ' +
      'When someone leaves the company, deactivate their account rather than deleting it: their tasks, comments and history stay, their seat is freed at the next invoice, and their assigned open tasks can be handed to a colleague in one step from People → Deactivated → Reassign. Deleting a user instead removes their name from past comments, which most teams regret. ' +
      'Billing belongs to the owner: keep the billing email pointed at a shared finance mailbox rather than a person, so renewal notices are not lost when someone leaves. Storage can be checked under Settings → Data, where the largest files are listed and can be removed.',
    tags: ['admin', 'guide', 'security'],
  },
  {
    id: 'faq-trial',
    title: 'FAQ: How does the free trial work?',
    content:
      'Every new workspace gets 14 days of the Business plan free, with no card needed. At the end of the trial it moves to the Free plan unless you choose a paid plan; nothing is deleted, but projects beyond the third become read-only. You can extend a trial once by asking support.',
    tags: ['faq', 'billing', 'trial'],
  },
  {
    id: 'faq-seat-count',
    title: 'FAQ: Who counts as a paid seat?',
    content:
      'Every member and admin counts as a seat; guests do not. Deactivated users stop counting from the next invoice. Adding a member mid-period is charged pro rata on the next invoice, so you never pay twice for one seat in a month.',
    tags: ['faq', 'billing', 'members'],
  },
];
