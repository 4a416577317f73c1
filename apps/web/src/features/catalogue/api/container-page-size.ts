/**
 * Container pages are larger than search pages: they are read in order, not ranked. Its own module,
 * without imports, because the build's preload script (build/first-pages.ts) asks for the first one.
 */
export const CONTAINER_PAGE_SIZE = 200;
