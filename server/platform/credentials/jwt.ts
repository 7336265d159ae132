/**
 * What the shopper's and the staff's JSON Web Tokens share (ASVS V3.5): the one algorithm
 * accepted (pinned on verification, so `alg: none` or a swap is refused) and the issuer.
 */
export const JWT_ALGORITHM = 'HS256';
export const JWT_ISSUER = 'storefront-reference-api';
