import { Badge } from '@/components/ui/badge';
import { formatOfferDay, formatOfferPay, offerStatusLabels, type OfferListRow, type OfferStatus } from '@/lib/offers/offer';
import { offerPageTexts as texts } from '@/lib/offers/texts';
import { AdminTable, PhoneLabel } from '../AdminTable';

const statusVariant = (status: OfferStatus) => (status === 'accepted' ? 'success' : status === 'declined' ? 'destructive' : 'neutral');

/** The offers list (issue 54): server-rendered; on phones each offer is a card. */
export function OffersTable({ rows, caption }: { rows: OfferListRow[]; caption: string }) {
  return (
    <AdminTable
      caption={caption}
      stackOnPhones
      tableClassName="sm:min-w-[48rem]"
      columns={[
        { label: 'Candidate' },
        { label: 'Position' },
        { label: 'Status' },
        { label: 'Pay' },
        { label: 'Start' },
        { label: texts.expiresOn },
        { label: 'Approvals' },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.id}>
          <td className="px-4 py-3 font-medium">
            <a href={`/admin/offers/${row.id}`} className="text-primary underline-offset-4 hover:underline">
              {row.candidateName}
            </a>
            <span className="block text-xs font-normal text-muted-foreground">Version {row.version}</span>
          </td>
          <td className="px-4 py-3">
            <PhoneLabel>Position</PhoneLabel>
            {row.positionTitle}
          </td>
          <td className="px-4 py-3">
            <span className="flex flex-wrap gap-1">
              <Badge variant={statusVariant(row.status)}>{offerStatusLabels[row.status]}</Badge>
              {row.waitsForMe && <Badge variant="accent">{texts.waitsForYou}</Badge>}
            </span>
          </td>
          <td className="px-4 py-3 sm:whitespace-nowrap">
            <PhoneLabel>Pay</PhoneLabel>
            {formatOfferPay(row)}
          </td>
          <td className="px-4 py-3 sm:whitespace-nowrap">
            <PhoneLabel>Start</PhoneLabel>
            {formatOfferDay(row.startDate)}
          </td>
          <td className="px-4 py-3 sm:whitespace-nowrap">
            <PhoneLabel>{texts.expiresOn}</PhoneLabel>
            {formatOfferDay(row.expiresOn)}
          </td>
          <td className="px-4 py-3">
            <PhoneLabel>Approvals</PhoneLabel>
            {row.asked > 0 ? `${row.approved} of ${row.asked}` : '—'}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
