import { FINAL_FILE_STATUSES, type FileStatus, MSG, UPLOAD_LIMITS } from '@concilia/domain';

export type UploadLimits = { maxBytes: number; maxFiles: number };

/**
 * The upload widget's rules (spec part 1 §5): more files than allowed refuses the batch ('Cannot upload
 * more than N items.'); a file over the size limit is refused on its own ('Arquivo muito grande ou
 * extensão inválida.'). Operators name their files freely (.cmp, .txt, .xml, none), so no extension is refused.
 */
export function checkUploads<F extends { name: string; size: number }>(files: readonly F[], limits: UploadLimits = UPLOAD_LIMITS): { accepted: F[]; errors: string[] } {
  if (files.length > limits.maxFiles) return { accepted: [], errors: [MSG.uploadLimite.replace('{n}', String(limits.maxFiles))] };
  const accepted = files.filter((f) => f.size <= limits.maxBytes);
  const errors = files.filter((f) => f.size > limits.maxBytes).map((f) => `${f.name}: ${MSG.uploadInvalido}`);
  return { accepted, errors };
}

/** 3000000 → '3 MB' (decimal megabytes, as the limit is written). */
export const megabytes = (bytes: number) => `${(bytes / 1_000_000).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

/** A file's status is final once loaded (with or without warnings) or failed: the widget stops asking. */
export const isFinalStatus = (status: string | null | undefined) => FINAL_FILE_STATUSES.includes(status as FileStatus);
