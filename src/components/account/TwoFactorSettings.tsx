import { actions } from 'astro:actions';
import { Copy, Download, ShieldCheck, ShieldOff } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { AccountForm, SubmitButton } from '@/components/auth/account-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { showToast } from '@/components/ui/toast';
import { disableTwoFactorSchema, passwordConfirmSchema, PASSWORD_MAX, twoFactorCodeSchema } from '@/lib/accounts/schema';
import { twoFactorTexts } from '@/lib/accounts/texts';
import { useCommandForm } from './use-command';

interface Enrolment {
  qrSvg: string;
  manualKey: string;
}

/** The code from the authenticator app. */
const codeInput = { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 9, className: 'font-mono tracking-[0.2em]' } as const;

function PasswordStep({ onStarted }: { onStarted: (enrolment: Enrolment) => void }) {
  const { register, busy, formError, run, submit, errorOf } = useCommandForm<{ password: string }>(passwordConfirmSchema, { password: '' });
  return (
    <AccountForm
      compact
      intro={<p className="text-sm text-muted-foreground">{twoFactorTexts.startLead}</p>}
      error={formError}
      onSubmit={submit(async (values) => {
        const started = await run(() => actions.account.startTwoFactor(values));
        if (started) onStarted(started);
      })}
    >
      <FormField id="enrol-password" label="Password" required error={errorOf('password')}>
        {(control) => (
          <Input {...control} {...register('password')} type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} />
        )}
      </FormField>
      <div>
        <SubmitButton busy={busy} working="Checking...">
          Continue
        </SubmitButton>
      </div>
    </AccountForm>
  );
}

function ConfirmStep({ enrolment, onConfirmed }: { enrolment: Enrolment; onConfirmed: (codes: string[]) => void }) {
  const { register, busy, formError, run, submit, errorOf } = useCommandForm<{ code: string }>(twoFactorCodeSchema, { code: '' });
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="flex flex-col gap-5">
      <h3 ref={heading} tabIndex={-1} className="font-semibold focus:outline-none">
        {twoFactorTexts.scan}
      </h3>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        {/* An SVG drawn on our server by the qrcode library from the otpauth:// address: no markup of anyone else's. */}
        <div
          role="img"
          aria-label="QR code for your authenticator app"
          className="size-48 shrink-0 rounded-lg border border-border bg-white p-2 [&_svg]:size-full"
          dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
        />
        <div className="flex min-w-0 flex-col gap-2">
          <p className="text-sm font-medium">{twoFactorTexts.manual}</p>
          <code data-testid="totp-secret" className="rounded-md bg-muted px-3 py-2 font-mono text-sm break-all">
            {enrolment.manualKey}
          </code>
          <p className="text-sm text-muted-foreground">{twoFactorTexts.confirmLead}</p>
        </div>
      </div>
      <AccountForm
        compact
        error={formError}
        onSubmit={submit(async (values) => {
          const confirmed = await run(() => actions.account.confirmTwoFactor(values), { kind: 'success', title: twoFactorTexts.enabled });
          if (confirmed) onConfirmed(confirmed.backupCodes);
        })}
      >
        <FormField id="enrol-code" label="Code from the app" required error={errorOf('code')}>
          {(control) => <Input {...control} {...register('code')} {...codeInput} />}
        </FormField>
        <div>
          <SubmitButton busy={busy} working={twoFactorTexts.verifying}>
            {twoFactorTexts.confirm}
          </SubmitButton>
        </div>
      </AccountForm>
    </div>
  );
}

function BackupCodes({ codes }: { codes: string[] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  async function copy() {
    await navigator.clipboard.writeText(codes.join('\n'));
    showToast({ kind: 'success', title: twoFactorTexts.copied });
  }
  function download() {
    const url = URL.createObjectURL(
      new Blob([`Helixpoint backup codes (each works once)\n\n${codes.join('\n')}\n`], { type: 'text/plain' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = 'helixpoint-backup-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  }
  return (
    <div className="flex flex-col gap-4">
      <h3 ref={heading} tabIndex={-1} className="font-semibold focus:outline-none">
        {twoFactorTexts.backupTitle}
      </h3>
      <p className="text-sm text-muted-foreground">{twoFactorTexts.backupLead}</p>
      <ul aria-label="Backup codes" className="grid grid-cols-2 gap-2 rounded-lg bg-muted p-4 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          <Copy aria-hidden="true" />
          {twoFactorTexts.copy}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden="true" />
          {twoFactorTexts.download}
        </Button>
        <Button type="button" onClick={() => window.location.reload()}>
          {twoFactorTexts.done}
        </Button>
      </div>
    </div>
  );
}

function DisableForm() {
  const { register, busy, formError, run, submit, errorOf } = useCommandForm<{ password: string; code: string }>(disableTwoFactorSchema, {
    password: '',
    code: '',
  });
  return (
    <AccountForm
      compact
      intro={
        <>
          <h3 className="font-semibold">{twoFactorTexts.disable}</h3>
          <p className="text-sm text-muted-foreground">{twoFactorTexts.disableLead}</p>
        </>
      }
      error={formError}
      onSubmit={submit(async (values) => {
        const done = await run(() => actions.account.disableTwoFactor(values), { kind: 'success', title: twoFactorTexts.disabled });
        if (done) window.location.reload();
      })}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="disable-password" label="Password" required error={errorOf('password')}>
          {(control) => (
            <Input {...control} {...register('password')} type="password" autoComplete="current-password" maxLength={PASSWORD_MAX} />
          )}
        </FormField>
        <FormField id="disable-code" label="Code from the app" required error={errorOf('code')}>
          {(control) => <Input {...control} {...register('code')} {...codeInput} />}
        </FormField>
      </div>
      <div>
        <SubmitButton busy={busy} working="Turning off..." variant="destructive">
          <ShieldOff aria-hidden="true" />
          {twoFactorTexts.disable}
        </SubmitButton>
      </div>
    </AccountForm>
  );
}

/** The account page's second factor: set it up (QR code, key, a code to confirm, backup codes once), or turn it off. */
export function TwoFactorSettings({ enabled, required }: { enabled: boolean; required: boolean }) {
  const [stage, setStage] = useState<'idle' | 'password' | 'confirm' | 'codes'>('idle');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[]>([]);

  if (enabled && stage !== 'codes') {
    return (
      <div className="flex flex-col gap-6">
        <p className="flex items-center gap-2 text-sm">
          <Badge variant="success">
            <ShieldCheck aria-hidden="true" />
            On
          </Badge>
          {twoFactorTexts.on}
        </p>
        <DisableForm />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      {stage !== 'codes' && (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="neutral">Off</Badge>
          {twoFactorTexts.off}
          {required && <strong className="font-semibold text-destructive">{twoFactorTexts.requiredForAdmins}</strong>}
        </p>
      )}
      {stage === 'idle' && (
        <div>
          <Button type="button" onClick={() => setStage('password')}>
            <ShieldCheck aria-hidden="true" />
            {twoFactorTexts.start}
          </Button>
        </div>
      )}
      {stage === 'password' && (
        <PasswordStep
          onStarted={(started) => {
            setEnrolment(started);
            setStage('confirm');
          }}
        />
      )}
      {stage === 'confirm' && enrolment && (
        <ConfirmStep
          enrolment={enrolment}
          onConfirmed={(backupCodes) => {
            setCodes(backupCodes);
            setStage('codes');
          }}
        />
      )}
      {stage === 'codes' && <BackupCodes codes={codes} />}
    </div>
  );
}
