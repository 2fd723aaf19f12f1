/**
 * A decompression bomb's guard, for profile and post photos alike: no photo may claim more
 * pixels than this, however small its file (a 40 MP canvas is larger than any phone's shot).
 */
export const PHOTO_MAX_PIXELS = 40_000_000;

/**
 * The answer to a photo over PHOTO_MAX_PIXELS. The spec's catalogue has no text for it; it
 * follows the catalogue's 'File too large: …' so the member learns what to change.
 */
export const photoPixelsMessage = `Image too large: Please select an image of at most ${PHOTO_MAX_PIXELS / 1_000_000} megapixels.`;
