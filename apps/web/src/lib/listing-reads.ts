/**
 * The reads of a listing page's grid (ADR 044), for app/page-data.ts: set by the listing pages' module
 * (features/store/listing-page.tsx) when the router loads it, which both the server and the browser do before the
 * page's data is loaded. The listing's contract thus stays out of the entry every public page loads
 * (docs/quality.md#p6-javascript-of-the-public-pages).
 */
type Reads = (pathname: string, search: string) => { queryKey: readonly unknown[] }[];
let reads: Reads | undefined;
let set: () => void;
const ready = new Promise<void>((resolve) => (set = resolve));

export const setListingReads = (fn: Reads) => {
  reads = fn;
  set();
};

/** Resolves once the listing pages' module has set the reads (it loads with the store's page, store-page.tsx). */
export const listingReadsSet = () => ready;

export const listingReads = (pathname: string, search: string): ReturnType<Reads> => reads?.(pathname, search) ?? [];
