/** Only pictures that cannot run anything or call home unexpectedly: https, or an inline raster or SVG image. */
const SAFE_PICTURE = /^(https:|data:image\/(png|jpe?g|gif|webp|svg\+xml)[;,])/i;

/** The URL when it is safe to show, else `undefined`. */
export const safePicture = (url: string | undefined): string | undefined => (url && SAFE_PICTURE.test(url) ? url : undefined);
