import { Bell, Check } from 'lucide-react';
import { useState } from 'react';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog, Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { LinkButton } from '@/components/ui/link-button';
import { SelectField } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { Textarea } from '@/components/ui/textarea';
import { showToast } from '@/components/ui/toast';
import { applicationToasts } from '@/lib/applications/texts';
import { jobBoardTexts } from '@/lib/positions/texts';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={`kit-${title}`} className="border-t border-border py-8">
      <h2 id={`kit-${title}`} className="mb-4 text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Every design-system primitive in its states, for visual review and the accessibility test. */
export function UiKitDemo() {
  const [email, setEmail] = useState('not-an-address');
  const [office, setOffice] = useState('austin');
  const [deleted, setDeleted] = useState(false);
  const emailError = /^[^\s@]+@[^\s@]+\.[a-z]{2,6}$/i.test(email) ? undefined : 'Please enter a valid email address';

  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight">Design system</h1>
      <p className="mt-2 text-muted-foreground">The building blocks of every page, in their states.</p>

      <Section title="Buttons">
        <div className="flex flex-wrap items-center gap-3">
          <Button>Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="outline">Outline</Button>
          <Button variant="ghost">Ghost</Button>
          <Button variant="destructive">Delete</Button>
          <Button variant="link">Link style</Button>
          <Button disabled>Submitting...</Button>
          <Button size="sm">Small</Button>
          <Button size="lg">Large</Button>
          <Button size="icon" aria-label="Notifications">
            <Bell aria-hidden="true" />
          </Button>
          <LinkButton href="/contact" variant="outline">
            Link button
          </LinkButton>
        </div>
      </Section>

      <Section title="Badges and cards">
        <div className="flex flex-wrap gap-2">
          <Badge>Cloud</Badge>
          <Badge variant="accent">Security</Badge>
          <Badge variant="neutral">Remote</Badge>
          <Badge variant="outline">Full-time</Badge>
          <Badge variant="success">
            <Check aria-hidden="true" />
            Active
          </Badge>
          <Badge variant="destructive">Inactive</Badge>
        </div>
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle as="h3">Cloud Migration</CardTitle>
              <CardDescription>Move workloads to the cloud with a tested plan.</CardDescription>
            </CardHeader>
            <CardContent>Assessment, planning, execution and optimization, with rollback at every step.</CardContent>
            <CardFooter>
              <LinkButton href="/solutions/cloud-migration" size="sm">
                Learn More
              </LinkButton>
            </CardFooter>
          </Card>
          <Card className="flex items-center justify-center p-6">
            <Spinner label={jobBoardTexts.loading} showLabel />
          </Card>
        </div>
      </Section>

      <Section title="Form controls">
        <form className="grid gap-5 sm:grid-cols-2" onSubmit={(event) => event.preventDefault()} noValidate>
          <FormField label="First name" required hint="As it appears on your resume.">
            {(control) => <Input {...control} autoComplete="given-name" defaultValue="Ada" />}
          </FormField>
          <FormField label="Email" required error={emailError}>
            {(control) => <Input {...control} type="email" value={email} onChange={(event) => setEmail(event.target.value)} />}
          </FormField>
          <SelectField
            label="Department"
            placeholder="All Departments"
            options={[
              { value: 'engineering', label: 'Engineering' },
              { value: 'security', label: 'Security' },
            ]}
          />
          <FormField label="Phone" error="Please enter a valid phone number">
            {(control) => <Input {...control} type="tel" defaultValue="12" />}
          </FormField>
          <FormField label="Cover letter" className="sm:col-span-2">
            {(control) => <Textarea {...control} placeholder="Tell us why you would like to join." />}
          </FormField>
          <Checkbox id="kit-consent" label="I agree to be contacted about this application." />
        </form>
      </Section>

      <Section title="Dialogs">
        <div className="flex flex-wrap gap-3">
          <Dialog>
            <DialogTrigger asChild>
              <Button variant="outline">Open dialog</Button>
            </DialogTrigger>
            <DialogContent>
              <DialogTitle>Application details</DialogTitle>
              <DialogDescription>Everything the applicant sent, in one place.</DialogDescription>
            </DialogContent>
          </Dialog>
          <ConfirmDialog
            trigger={<Button variant="destructive">Delete user</Button>}
            title="Are you sure you want to delete this user?"
            description="Their account and sessions are removed. This cannot be undone."
            confirmLabel="Delete"
            destructive
            onConfirm={() => setDeleted(true)}
          />
          {deleted && <p role="status">User deleted successfully</p>}
        </div>
      </Section>

      <Section title="Accordion">
        <Accordion type="single" collapsible defaultValue="q1">
          <AccordionItem value="q1">
            <AccordionTrigger>How do we start working together?</AccordionTrigger>
            <AccordionContent>A free 30-minute consultation, then a written proposal within a week.</AccordionContent>
          </AccordionItem>
          <AccordionItem value="q2">
            <AccordionTrigger>Which industries do you serve?</AccordionTrigger>
            <AccordionContent>Healthcare, finance, retail, logistics and the public sector.</AccordionContent>
          </AccordionItem>
        </Accordion>
      </Section>

      <Section title="Tabs and toggles">
        <Tabs defaultValue="austin">
          <TabsList aria-label="Offices">
            <TabsTrigger value="austin">Austin</TabsTrigger>
            <TabsTrigger value="dallas">Dallas</TabsTrigger>
          </TabsList>
          <TabsContent value="austin">Austin, TX: tech innovation hub.</TabsContent>
          <TabsContent value="dallas">Dallas, TX: business and enterprise solutions.</TabsContent>
        </Tabs>
        <div className="mt-6">
          <ToggleGroup type="single" value={office} onValueChange={(value) => value && setOffice(value)} aria-label="Office">
            <ToggleGroupItem value="austin">Austin</ToggleGroupItem>
            <ToggleGroupItem value="dallas">Dallas</ToggleGroupItem>
          </ToggleGroup>
        </div>
      </Section>

      <Section title="Toasts">
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={() => showToast(applicationToasts.resumeUploaded)}>
            Success toast
          </Button>
          <Button variant="outline" onClick={() => showToast(applicationToasts.resumeUploadFailed)}>
            Error toast
          </Button>
        </div>
      </Section>
    </div>
  );
}
