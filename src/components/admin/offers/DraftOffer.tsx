import { actions } from 'astro:actions';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/select';
import { offerPageTexts as texts } from '@/lib/offers/texts';
import { runAdminAction } from '../run-admin-action';

export interface DraftOfferProps {
  applicationId: string;
  templates: { id: string; name: string }[];
}

/** On an application's page: draft an offer from a letter template, then edit it on its own page. */
export function DraftOffer({ applicationId, templates }: DraftOfferProps) {
  const [templateId, setTemplateId] = useState(templates[0]?.id ?? '');
  const [busy, setBusy] = useState(false);

  async function draft() {
    setBusy(true);
    let id: string | undefined;
    const ok = await runAdminAction(async () => {
      const result = await actions.admin.createOffer({ applicationId, templateId: templateId || null });
      id = result.data;
      return result;
    });
    if (ok && id) return window.location.assign(`/admin/offers/${id}`);
    setBusy(false);
  }

  return (
    <form
      aria-label={texts.draft}
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) void draft();
      }}
    >
      <SelectField
        id="draft-offer-template"
        label={texts.template}
        value={templateId}
        onChange={(event) => setTemplateId(event.target.value)}
        options={[
          ...templates.map((template) => ({ value: template.id, label: template.name })),
          { value: '', label: texts.standardLetter },
        ]}
        className="min-w-56"
      />
      <Button type="submit" disabled={busy}>
        {texts.draft}
      </Button>
    </form>
  );
}
