/**
 * The document's head of a page: its title, its meta description, its canonical address and its picture for link
 * previews. In the browser they are set while the page is shown (and put back when it goes away); during a server
 * render (ADR 019) they are collected into the render's context, and the server writes them into the HTML's
 * `<head>`, so search engines and link previews that do not run JavaScript read the page's own.
 */
import { useEffect } from 'react';
import { renderInProgress } from './page-answers';

const SITE_NAME = 'Clínica Odontológica Sorriso Pleno';

/** The tab title of a page: '<title> | Sorriso Pleno', or the clinic's name for the home page. */
const documentTitle = (title: string | undefined): string => (title ? `${title} | Sorriso Pleno` : SITE_NAME);

/** A text cut at a word boundary to at most `max` characters, with '…' when cut (meta descriptions). */
export function summarize(text: string, max = 155): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/**
 * Sets an attribute of the head element `selector` while the page is shown, creating the element when the page has
 * none. When the page goes away the previous value comes back (the site's description of index.html), or, with
 * `removeAfter` or when this page created it, the element goes: a canonical address belongs to its page only.
 */
function useHeadAttribute(
  selector: string,
  create: () => HTMLElement,
  attribute: string,
  value: string | undefined,
  removeAfter = false,
) {
  useEffect(() => {
    if (value === undefined) return;
    let element = document.head.querySelector<HTMLElement>(selector);
    const created = !element;
    if (!element) {
      element = create();
      document.head.append(element);
    }
    const previous = element.getAttribute(attribute);
    element.setAttribute(attribute, value);
    return () => {
      if (created || removeAfter) element.remove();
      else if (previous !== null) element.setAttribute(attribute, previous);
    };
  }, [selector, create, attribute, value, removeAfter]);
}

const newDescription = () => Object.assign(document.createElement('meta'), { name: 'description' });
const newCanonical = () => Object.assign(document.createElement('link'), { rel: 'canonical' });

export interface PageHeadProps {
  /** The page's name; without it, the clinic's name alone (the home page). */
  title?: string;
  description?: string;
  /** Absolute URL of the page's canonical address. */
  canonical?: string;
  /** Absolute URL of the page's picture, for link previews (server render only: previews do not run scripts). */
  image?: string;
}

/**
 * Declares the page's head. During a server render the first component to declare each field wins, as in the
 * browser, where a parent's effect runs after its children's and so sets the field last.
 */
export function usePageHead({ title, description, canonical, image }: PageHeadProps): void {
  const render = renderInProgress();
  if (render) {
    const head = render.head;
    head.title ??= documentTitle(title);
    if (description !== undefined) head.description ??= description;
    if (canonical !== undefined) head.canonical ??= canonical;
    if (image !== undefined) head.image ??= image;
  }
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  useHeadAttribute('meta[name="description"]', newDescription, 'content', description);
  useHeadAttribute('link[rel="canonical"]', newCanonical, 'href', canonical, true);
}

/** Sets the browser tab title only ('<page> | Sorriso Pleno'). */
export function useDocumentTitle(title: string | undefined): void {
  usePageHead({ title });
}
