/** What a page on another site may read of a response beyond the CORS-safelisted headers: the next page, the validator, the limits. */
export const EXPOSED_HEADERS = 'Link, ETag, X-Request-Id, RateLimit, RateLimit-Policy, Retry-After';
