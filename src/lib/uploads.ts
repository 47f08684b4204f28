/**
 * What the upload endpoint accepts, shared by the forms (the file picker's `accept`, a check before
 * sending) and the server (which decides by the file's content, not its name).
 */

/** The one upload limit (the spec's "up to 10MB"): forms, the endpoint, storage and the database check. */
export const MAX_UPLOAD_MB = 10;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;

export const documentTypes = {
  pdf: { extension: '.pdf', mime: 'application/pdf' },
  doc: { extension: '.doc', mime: 'application/msword' },
  docx: { extension: '.docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  txt: { extension: '.txt', mime: 'text/plain; charset=utf-8' },
} as const;

export type DocumentType = keyof typeof documentTypes;

export const uploadMessages = {
  tooLarge: `The file is larger than ${MAX_UPLOAD_MB} MB. Please choose a smaller file.`,
  wrongType: 'The file must be a PDF, DOC or DOCX document.',
  wrongAttachmentType: 'The file must be a PDF, DOC, DOCX or plain-text (TXT) document.',
  empty: 'The file is empty. Please choose another file.',
  failed: 'The upload did not complete. Please try again.',
} as const;

/** A file refused for what it is (type, size, empty), said as such; "Upload Error" is for failed uploads. */
export function fileRefusedToast(reason: string) {
  return { kind: 'error', title: 'File not accepted', description: reason } as const;
}

/** Each purpose: the types it takes, where its files are kept, and how a wrong type is refused. */
export const uploadPurposes = {
  resume: { types: ['pdf', 'doc', 'docx'], prefix: 'resumes/', wrongType: uploadMessages.wrongType },
  'contact-attachment': { types: ['pdf', 'doc', 'docx', 'txt'], prefix: 'attachments/', wrongType: uploadMessages.wrongAttachmentType },
} as const satisfies Record<string, { types: readonly DocumentType[]; prefix: string; wrongType: string }>;

export type UploadPurpose = keyof typeof uploadPurposes;
export const uploadPurposeNames = Object.keys(uploadPurposes) as [UploadPurpose, ...UploadPurpose[]];

/** "PDF, DOC or DOCX, up to 10MB": the hint under a file field, in the spec's words. */
export function uploadHint(purpose: UploadPurpose): string {
  const names = uploadPurposes[purpose].types.map((type) => type.toUpperCase());
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}, up to ${MAX_UPLOAD_MB}MB`;
}

/** The `accept` attribute of a file input for a purpose: ".pdf,.doc,.docx". */
export function acceptAttribute(purpose: UploadPurpose): string {
  return uploadPurposes[purpose].types.map((type) => documentTypes[type].extension).join(',');
}

/** A check before sending, so nobody waits for a 40 MB upload the server will refuse. */
export function precheckFile(purpose: UploadPurpose, file: { name: string; size: number }): string | null {
  if (file.size === 0) return uploadMessages.empty;
  if (file.size > MAX_UPLOAD_BYTES) return uploadMessages.tooLarge;
  const name = file.name.toLowerCase();
  const allowed = uploadPurposes[purpose].types.some((type) => name.endsWith(documentTypes[type].extension));
  return allowed ? null : wrongTypeMessage(purpose);
}

export function wrongTypeMessage(purpose: UploadPurpose): string {
  return uploadPurposes[purpose].wrongType;
}

export interface UploadResult {
  id: string;
  fileName: string;
  size: number;
}
