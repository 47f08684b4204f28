import { PRIVACY_NOTICE_VERSION } from '@/lib/privacy/notice';
import { siteConfig } from '@/lib/site-config';

/**
 * The privacy notice's text, written for this site: what each form collects and why, who sees it,
 * how long it is kept (the configured periods), the rights of the person. The cookies come from
 * src/lib/privacy/notice.ts, so the list cannot drift from what the site sets.
 */

export interface RetentionPeriods {
  applicationDays: number;
  messageDays: number;
  auditDays: number;
  talentPoolMonths: number;
}

export interface NoticeSection {
  id: string;
  heading: string;
  paragraphs?: string[];
  items?: { term: string; text: string }[];
}

const mainOffice = siteConfig.offices[0];

export function privacyNotice(periods: RetentionPeriods) {
  const version = new Date(`${PRIVACY_NOTICE_VERSION}T12:00:00Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const sections: NoticeSection[] = [
    {
      id: 'who',
      heading: 'Who is responsible',
      paragraphs: [
        `${siteConfig.legalName} ("${siteConfig.name}", "we"), ${mainOffice.streetAddress}, ${mainOffice.city}, ${mainOffice.region} ${mainOffice.postalCode}, United States, runs this website and decides what happens to the personal data sent through it. For anything in this notice, write to ${siteConfig.email}.`,
        'The website runs on servers we operate ourselves: no analytics, advertising or tracking service receives anything about you, and no page loads scripts, fonts or images from another company.',
      ],
    },
    {
      id: 'what',
      heading: 'What we collect, and why',
      items: [
        {
          term: 'When you apply for a position',
          text: 'Your name, e-mail address, phone number, postal address, gender, the profiles you link (LinkedIn, GitHub, Vercel), your cover letter and your resume, your answers to the position’s own questions, how you heard about us if you say, where your visit came from (the campaign named in the link you followed, or the site that linked to us), the position, and the time. We use them to assess your application, to contact you about it, and to count which channels bring applicants. Gender is asked by the form; reviewers do not see it beside your application, and it is only ever reported as counts. Your confirmation e-mail carries a personal link where you can follow your application, withdraw it or have your data deleted. To show you a confirmation on the job board after you apply, your browser keeps the position and a shortened form of your e-mail address in the tab you applied from (its session storage, not a cookie; nothing is sent to us) until you dismiss it or close the tab.',
        },
        {
          term: 'When you visit the site',
          text: 'We count visits on our own server, to see which pages, links and campaigns bring people in and which lead to a message, a meeting, an application or a job alert. For a day we tell one visitor from another by a one-way hash of your network address and browser details with a random value that we delete at the end of that day, so that afterwards nobody, us included, can work out whose it was; your address and browser details themselves are never stored. With it we keep the pages you saw, the site or campaign that linked to you and the kind of device (computer, phone or tablet) for about two days, and after that only totals per day, which name nobody. No cookie is set and nothing is stored in your browser. If your browser sends Do Not Track or Global Privacy Control, nothing of your visit is kept; a message or application you send is still counted, as a number.',
        },
        {
          term: 'When you write to us',
          text: 'Your name, e-mail address, phone number if you give it, the reason, your message and any file you attach. We use them to answer you. We e-mail you a short acknowledgement that your message arrived; it repeats nothing of what you wrote.',
        },
        {
          term: 'When you subscribe to job alerts',
          text: 'Your e-mail address, the department and location you chose, and when you confirmed and when we last wrote. We first send one e-mail to confirm the address, and nothing else until you confirm it; an alert not confirmed within 7 days is deleted. Then we e-mail you new matching positions, at most once a day. Every such e-mail has a link (and a one-click button in mail apps that offer one) to unsubscribe at any time, which deletes your address at once. Staff see only how many people subscribed to each filter, never the addresses, which we do not export, share or sell.',
        },
        {
          term: 'When you create an account',
          text: 'Your username, first and last name, e-mail address and a password, which we store only as a salted hash. For each sign-in we keep the session, with the browser and the network address it came from, so you can see and end your sessions, and, for each browser you have signed in from, its description and a one-way hash of a random id it keeps in a cookie, so we can e-mail you when a browser new to your account signs in. If you turn on two-factor authentication we keep its secret key and your unused backup codes. If an admin invites you, we keep your e-mail address with the invitation until it is accepted, withdrawn or you ask us to erase it.',
        },
        {
          term: 'Every request',
          text: 'Our server logs the path, the time, the response and how long it took, to keep the site working. Logs hold no query strings, no form contents and no cookies.',
        },
      ],
    },
    {
      id: 'basis',
      heading: 'Legal basis',
      paragraphs: [
        'Applications: the steps you ask us to take before a possible employment contract, and our legitimate interest in hiring. Keeping your application for other openings (the talent pool): your consent, which you can withdraw at any time by writing to us.',
        'Messages: our legitimate interest in answering those who write to us, and the steps before a contract when you ask for a quote. Accounts: the contract of using the site. Security logs and the audit log: our legitimate interest in keeping the site and your data safe.',
      ],
    },
    {
      id: 'who-sees',
      heading: 'Who sees it',
      paragraphs: [
        `Only ${siteConfig.name} staff, each with an account protected by a second factor, and each only what their work needs:`,
      ],
      items: [
        {
          term: 'Recruiters',
          text: 'Every application and resume, with the reviewers’ notes and ratings, to run hiring; not your account, not messages to us.',
        },
        {
          term: 'Hiring managers',
          text: 'The applications for the positions they hire for, and nothing of other positions.',
        },
        {
          term: 'Interviewers',
          text: 'Only the applications they are asked to interview for: the application and the resume, never the list of applicants.',
        },
        { term: 'Sales', text: 'Messages sent through the contact form, and nothing of applications.' },
        { term: 'Editors', text: 'The site’s content only: no application, message or account.' },
        {
          term: 'Administrators',
          text: 'Everything above, and the accounts, to answer privacy requests and keep the site running.',
        },
      ],
    },
    {
      id: 'who-sees-how',
      heading: 'How their access is kept to that',
      paragraphs: [
        'The server checks each person’s role on every page, download and change, never the browser. Every time someone opens an application or downloads a resume, it is recorded with who it was and their role, and a request for an application outside someone’s part is refused and recorded too. E-mail to and from us passes through our mail provider. Files are kept in private storage, never at a public address. We do not sell, share or rent personal data, and we send none of it outside the companies that host our servers and our e-mail.',
      ],
    },
    {
      id: 'how-long',
      heading: 'How long we keep it',
      items: [
        {
          term: 'Applications and resumes',
          text: `${periods.applicationDays} days after a decision is made on the application, or after the position closes, whichever comes first. If you agree to join our talent pool, up to ${periods.talentPoolMonths} months from your agreement, if that is later.`,
        },
        { term: 'Messages and their files', text: `${periods.messageDays} days after they reach us.` },
        { term: 'Accounts', text: 'Until you delete your account, or ask us to.' },
        {
          term: 'Visit counts',
          text: 'About two days for the pages seen with the day’s hash; after that only totals per day, which name nobody.',
        },
        {
          term: 'The audit log',
          text: `${periods.auditDays} days. It records what staff did (for example that an application was opened), not what the application contained.`,
        },
        {
          term: 'Legal holds',
          text: 'If an application is needed for a legal claim, we keep it until the claim is settled, and tell you if you ask.',
        },
      ],
      paragraphs: ['A job deletes what is due every day, with the files. Files you upload but never send are deleted within a few hours.'],
    },
    {
      id: 'cookies',
      heading: 'Cookies',
      paragraphs: [
        'The site sets only the cookies it needs to work. None tracks you, measures you or is shared with anyone, so we do not ask for consent to them:',
      ],
    },
    {
      id: 'rights',
      heading: 'Your rights, and how to use them',
      paragraphs: [
        `You can ask us what we hold about you and get a copy of it (a ZIP file with your data and your files), have it corrected, have it erased, object to its use, or withdraw a consent. Write to ${siteConfig.email} from the address the data is about; we answer within 30 days, and confirm an erasure by e-mail. If you have an account you can also change your profile and delete your account yourself.`,
        'If you think we handle your data wrongly, you can also complain to the data protection authority where you live.',
      ],
    },
  ];
  return { version, sections };
}

export const accessibilityStatement = {
  title: 'Accessibility statement',
  lead: `${siteConfig.name} wants everyone to be able to read this website, apply for a position and get in touch, whatever the device, browser or assistive technology.`,
  sections: [
    {
      id: 'standard',
      heading: 'Our standard',
      paragraphs: [
        'We aim for the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA on every page: usable with a keyboard alone, with the focus always visible, form fields named and their errors announced, text that reflows on a narrow screen, and no motion for those who ask their system for less.',
      ],
    },
    {
      id: 'testing',
      heading: 'How we test',
      paragraphs: [
        'Before any change is released, automated tests drive the site in a real browser the way a person would: by keyboard as well as by mouse, with JavaScript and without it, at desktop and at phone width. Every page and state they visit is checked with axe against WCAG 2.2 A and AA, including every page of the admin area at 390 px wide. Automated checks do not catch everything: reports from people using the site are how we find the rest.',
      ],
    },
    {
      id: 'limits',
      heading: 'Known limits',
      items: [
        {
          term: 'Uploaded documents',
          text: 'Resumes and attachments are shown to our staff as sent; we cannot make them accessible ourselves.',
        },
        {
          term: 'Book a Meeting',
          text: 'It opens Google Calendar, a service of another company whose accessibility we do not control. The same event is offered as a calendar file on our contact page, and you can also call or write to us.',
        },
        {
          term: 'Maps',
          text: 'The office maps are drawings; each office’s address is given as text beside it, with a directions link.',
        },
      ],
    },
    {
      id: 'report',
      heading: 'Report a problem',
      paragraphs: [
        `If something on this site does not work for you, tell us: write to ${siteConfig.email} or call ${siteConfig.phone.display} (${siteConfig.businessHours}). Say which page and what happened; we answer within two business days, and we will get you what you need by another way in the meantime, for example by taking your application by e-mail.`,
      ],
    },
  ] satisfies NoticeSection[],
  reviewed: 'November 30, 2026',
};
