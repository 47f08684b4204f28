import { privacyMessages, PRIVACY_NOTICE_PATH } from '@/lib/privacy/notice';

/** The privacy notice, linked next to a form's submit button; in a new tab, so nothing typed is left behind. */
export function PrivacyNote() {
  return (
    <p className="text-sm text-muted-foreground">
      {privacyMessages.formNote}{' '}
      <a
        href={PRIVACY_NOTICE_PATH}
        target="_blank"
        rel="noopener"
        className="font-semibold text-primary underline-offset-4 hover:underline"
      >
        Privacy notice
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </p>
  );
}
