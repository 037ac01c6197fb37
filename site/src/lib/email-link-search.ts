// A plain validator rather than zod: route search validation sits in the entry chunk.

/** Search params of the pages emailed links open (/confirm-email, /reset-password). */
export interface EmailLinkSearch {
  token?: string | undefined;
}

/** Parses an emailed link's search params: a token of the shape the server issues, or none. */
export const emailLinkSearchSchema = {
  parse(search: Record<string, unknown>): EmailLinkSearch {
    const token = search.token;
    return { token: typeof token === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : undefined };
  },
};
