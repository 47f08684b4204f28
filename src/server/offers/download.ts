/**
 * An offer letter as a download (issue 54): a PDF, never cached (it carries pay and a signature),
 * never sniffed as anything else, shown inline so a browser opens it in its own viewer.
 */
export function pdfResponse(pdf: Buffer, fileName: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.length),
      'Content-Disposition': `inline; filename="${fileName}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
