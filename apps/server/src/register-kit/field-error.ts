import { AppError } from '../graphql/errors';

/** A rule of one field broken: shaped like a schema error, so the form puts the message beside the field. */
export const fieldError = (path: string, message: string) => new AppError('BAD_USER_INPUT', message, { issues: [{ path, message }] });
