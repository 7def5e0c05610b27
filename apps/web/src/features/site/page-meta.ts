import { useEffect } from 'react';
import { useDocumentTitle } from '../../components/ui/page-frame';

/**
 * The browser tab title ('<title> | Sorriso Pleno', or the clinic's name
 * without one) and the page's meta description; the previous description
 * comes back when the page goes away.
 */
export function usePageMeta({ title, description }: { title?: string; description: string }) {
  useDocumentTitle(title);
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = description;
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, [description]);
}
