import { FINAL_FILE_STATUSES, type FileStatus, megabytes, MSG, UPLOAD_LIMITS, uploadTooLarge } from '@concilia/domain';

export { megabytes };

export type UploadLimits = { maxBytes: number; maxFiles: number };

/**
 * The upload widget's rules (spec part 1 §5): more files than allowed refuses the batch (the spec's
 * 'Cannot upload more than N items.', said in Portuguese); a file over the size limit is refused on its own,
 * with a message that says only that: operators name their files freely (.cmp, .txt, .xml, none), so no
 * extension is refused and the spec's 'ou extensão inválida' would send the user looking for a wrong cause.
 */
export function checkUploads<F extends { name: string; size: number }>(files: readonly F[], limits: UploadLimits = UPLOAD_LIMITS): { accepted: F[]; errors: string[] } {
  if (files.length > limits.maxFiles) return { accepted: [], errors: [MSG.uploadLimite.replace('{n}', String(limits.maxFiles))] };
  const accepted = files.filter((f) => f.size <= limits.maxBytes);
  const errors = files.filter((f) => f.size > limits.maxBytes).map((f) => `${f.name}: ${uploadTooLarge(limits.maxBytes)}`);
  return { accepted, errors };
}

/** A file's status is final once loaded (with or without warnings) or failed: the widget stops asking. */
export const isFinalStatus = (status: string | null | undefined) => FINAL_FILE_STATUSES.includes(status as FileStatus);
