/** docs/behaviour/timings-and-limits.md#layout: the PDF is drawn at scale 1.5. */
export const PDF_SCALE = 1.5;
/** The PDF's zoom steps over the page fitted to the screen's width (ADR 046): 100 % fits, 300 % at most. */
export const PDF_ZOOMS = [1, 1.25, 1.5, 2, 3] as const;
/** docs/behaviour/timings-and-limits.md#lists-and-pages: media (the signed URL of a video or PDF) is refreshed every 300000 ms, before the URL expires. */
export const MEDIA_REFRESH_MS = 300_000;
/** A video counts as done once 90 % of it has been watched. */
export const VIDEO_DONE_FRACTION = 0.9;
/** The video position is saved at most this often while it plays (and at once on pause). */
export const POSITION_SAVE_EVERY_MS = 10_000;
