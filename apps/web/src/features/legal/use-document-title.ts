import { useEffect } from 'react';

/** Sets the browser tab title to "<product> – <title>" while the page is shown. */
export function useDocumentTitle(product: string, title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${product} – ${title}`;
    return () => {
      document.title = previous;
    };
  }, [product, title]);
}
