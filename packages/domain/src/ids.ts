/** Makes a fresh id; the browser and Node 20+ both provide `crypto.randomUUID` (docs/product.md §D4). */
export type NewId = () => string;

declare const crypto: { randomUUID(): string };

/** Default id maker: a random UUID. */
export const randomId: NewId = () => crypto.randomUUID();
