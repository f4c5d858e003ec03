/** Addresses the auto-submitting pages may open: plain web addresses only. */
export const isWebUrl = (url: string) => /^https?:\/\//i.test(url.trim());
