/**
 * The API answers a page was rendered with on the server (ADR 019).
 *
 * The server renders `/`, `/loja` and `/details/…` to HTML with the data of their first screen and embeds the
 * answers it read in the page (`<script type="application/json" id="respostas-da-pagina">`, not executed). The
 * browser's first reads of the same paths take those answers instead of the network, once each, so the page it
 * hydrates has exactly the data the server rendered. On the server the source is set per render
 * (entry-server.tsx); in the browser it is the embedded script.
 */
export interface PageAnswer {
  /** HTTP status of the answer. */
  status: number;
  /** The parsed JSON body (the envelope). */
  body: unknown;
}

export type AnswerSource = (path: string) => PageAnswer | undefined | Promise<PageAnswer | undefined>;

export const PAGE_ANSWERS_ID = 'respostas-da-pagina';

let embedded: Map<string, PageAnswer> | undefined;

function embeddedAnswers(): Map<string, PageAnswer> {
  if (embedded) return embedded;
  embedded = new Map();
  if (typeof document === 'undefined') return embedded;
  const script = document.getElementById(PAGE_ANSWERS_ID);
  if (!script?.textContent) return embedded;
  try {
    const parsed = JSON.parse(script.textContent) as Record<string, PageAnswer>;
    for (const [path, answer] of Object.entries(parsed)) {
      if (answer && typeof answer.status === 'number') embedded.set(path, answer);
    }
  } catch {
    // A damaged script only costs the network reads it would have saved.
  }
  script.remove();
  return embedded;
}

/** The browser's source: each embedded answer is used once; later reads of the path go to the network. */
const takeEmbedded: AnswerSource = (path) => {
  const answers = embeddedAnswers();
  const answer = answers.get(path);
  answers.delete(path);
  return answer;
};

/** The `<head>` of a page rendered on the server, as its components declare it (lib/page-head.ts). */
export interface PageHead {
  /** The full document title ('<page> | Sorriso Pleno'). */
  title?: string;
  description?: string;
  /** Absolute URL of the page's canonical address. */
  canonical?: string;
  /** Absolute URL of the page's picture for link previews (Open Graph). */
  image?: string;
}

/** What a server render knows that the browser reads from `window`, and what it collects for the page's head. */
export interface RenderContext {
  /** Where the render's reads are answered from. */
  answer: AnswerSource;
  /** The site's origin as the visitor sees it (`https://loja.example`). */
  origin: string;
  /** Filled while the tree renders: the server writes it into the page's `<head>`. */
  head: PageHead;
  /** A demo store's page (DEMO_MODE, ADR 022); in the browser, `<html data-demo>` (lib/demo-mode.ts). */
  demo?: boolean;
}

let currentRender: () => RenderContext | undefined = () => undefined;

/** The server's renderer says how to find the render in progress (entry-server.tsx). */
export function setRenderContext(resolve: () => RenderContext | undefined): void {
  currentRender = resolve;
}

/** The server render in progress, or undefined in the browser. */
export function renderInProgress(): RenderContext | undefined {
  return currentRender();
}

/** The page's answer for a GET of `path` (under /api), if there is one. */
export function pageAnswer(path: string): PageAnswer | undefined | Promise<PageAnswer | undefined> {
  const render = currentRender();
  return render ? render.answer(path) : takeEmbedded(path);
}

/**
 * Whether the page brought an answer, not read yet, for a GET of `path` (in the browser; a server render reads its
 * answers itself). The read that will take it needs no request started early (features/store/prefetch.ts).
 */
export function pageBrought(path: string): boolean {
  return currentRender() === undefined && embeddedAnswers().has(path);
}

/** The site's origin, for absolute links (canonical, JSON-LD): the request's on the server, the window's here. */
export function pageOrigin(): string {
  return currentRender()?.origin ?? window.location.origin;
}

/** For tests: forget what was read from the page. */
export function resetPageAnswers(): void {
  embedded = undefined;
}
