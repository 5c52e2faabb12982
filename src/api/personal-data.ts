/** Responses with personal data are never stored by any cache (API-DESIGN §7). */
export const PERSONAL_DATA_CACHE = 'no-store';
